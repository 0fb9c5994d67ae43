import { Subject } from 'rxjs';

/** SPEC §8: informational toasts last 3 s. */
export const TOAST_DURATION_MS = 3_000;

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  /** Already translated text. */
  text: string;
}

let nextId = 1;

/** Toasts requested by any part; the shell renders them. */
export const toast$ = new Subject<Toast>();

export function showToast(text: string, kind: Toast['kind'] = 'info'): void {
  toast$.next({ id: nextId++, kind, text });
}

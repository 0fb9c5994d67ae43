import type { RefObject } from 'react';

/** After a refused submit, focus the first field marked invalid (once React has rendered the errors). */
export function focusFirstInvalid(form: RefObject<HTMLElement | null>): void {
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

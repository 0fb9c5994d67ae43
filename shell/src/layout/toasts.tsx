import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS, toast$ } from '@meridian/platform';
import type { Toast } from '@meridian/platform';
import styles from './chrome.module.css';

/** Renders toasts from any part for 3 s each, announced politely to screen readers. */
export function Toasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const sub = toast$.subscribe((toast) => {
      setToasts((list) => [...list, toast]);
      setTimeout(() => setToasts((list) => list.filter((t) => t.id !== toast.id)), TOAST_DURATION_MS);
    });
    return () => sub.unsubscribe();
  }, []);
  return (
    <div className={styles.toasts} role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-kind={toast.kind}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}

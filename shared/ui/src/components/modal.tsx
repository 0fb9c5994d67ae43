import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button } from './button.tsx';
import { keepTabInside } from './focus-trap.ts';
import styles from './modal.module.css';

export interface ModalProps {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  testId?: string;
}

/** An accessible modal dialog: focus moves in, Escape closes, Tab stays inside. */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const { t } = useT('common');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    const focusables = () =>
      Array.from(node?.querySelectorAll<HTMLElement>('button, [href], input, select, [tabindex]:not([tabindex="-1"])') ?? []);
    focusables()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) onClose();
      if (event.key === 'Tab') keepTabInside(event, focusables());
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className={styles.backdrop}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {onClose ? (
            <Button variant="ghost" onClick={onClose} aria-label={t('actions.close')}>
              ✕
            </Button>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}

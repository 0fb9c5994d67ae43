import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '@meridian/platform';
import { Button, keepTabInside } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import styles from './lightbox.module.css';

const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/**
 * One image shown large over the page: zoom in and out (buttons, + and −, 0 to fit), scroll to pan
 * when zoomed, Escape or the backdrop closes; focus stays inside and returns where it was.
 */
export function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useT(NAMESPACE);
  const [step, setStep] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);
  const zoom = ZOOMS[step] ?? 1;
  const zoomIn = useCallback(() => setStep((s) => Math.min(ZOOMS.length - 1, s + 1)), []);
  const zoomOut = useCallback(() => setStep((s) => Math.max(0, s - 1)), []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('[data-testid="lightbox-close"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === '+' || event.key === '=') {
        event.preventDefault();
        zoomIn();
      } else if (event.key === '-' || event.key === '_') {
        event.preventDefault();
        zoomOut();
      } else if (event.key === '0') {
        event.preventDefault();
        setStep(0);
      } else if (event.key === 'Tab') {
        keepTabInside(
          event,
          Array.from(dialog.current?.querySelectorAll<HTMLElement>('button:not(:disabled), [href], [tabindex="0"]') ?? []),
        );
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose, zoomIn, zoomOut]);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-label={alt} data-testid="lightbox">
        <div className={styles.toolbar}>
          <span className={styles.caption}>{alt}</span>
          <div className={styles.tools} role="group" aria-label={t('queues.lightbox.tools')}>
            <Button
              variant="secondary"
              onClick={zoomOut}
              disabled={step === 0}
              aria-label={t('queues.lightbox.zoomOut')}
              data-testid="lightbox-zoom-out"
            >
              −
            </Button>
            <span className={styles.level} aria-live="polite" data-testid="lightbox-zoom">
              {t('queues.lightbox.level', { percent: Math.round(zoom * 100) })}
            </span>
            <Button
              variant="secondary"
              onClick={zoomIn}
              disabled={step === ZOOMS.length - 1}
              aria-label={t('queues.lightbox.zoomIn')}
              data-testid="lightbox-zoom-in"
            >
              +
            </Button>
            <Button variant="secondary" onClick={() => setStep(0)} disabled={step === 0} data-testid="lightbox-fit">
              {t('queues.lightbox.fit')}
            </Button>
            <Button onClick={onClose} data-testid="lightbox-close">
              {t('queues.lightbox.close')}
            </Button>
          </div>
        </div>
        <div className={styles.stage} data-zoomed={step > 0 ? 'true' : 'false'} tabIndex={0} aria-label={t('queues.lightbox.stage')}>
          <img
            src={src}
            alt={alt}
            className={styles.image}
            style={step > 0 ? { inlineSize: `${zoom * 100}%` } : undefined}
            onDoubleClick={() => setStep((s) => (s === 0 ? 2 : 0))}
            draggable={false}
          />
        </div>
        <p className={styles.hint}>{t('queues.lightbox.hint')}</p>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useT } from '@meridian/platform';
import { Button } from './button.tsx';
import styles from './states.module.css';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useT('common');
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('state.loading')}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useT('common');
  return (
    <div className={styles.state}>
      <p className={styles.title}>{title ?? t('state.empty')}</p>
      {children}
    </div>
  );
}

/** The translated "no more data" under the last item of a list (SPEC §7), so the user knows nothing more will load. */
export function ListEnd({ testId = 'list-end' }: { testId?: string }) {
  const { t } = useT('common');
  return (
    <p className={styles.end} data-testid={testId}>
      {t('state.noMore')}
    </p>
  );
}

export function ErrorState({ title, body, onRetry }: { title: string; body?: string; onRetry?: () => void }) {
  const { t } = useT('common');
  return (
    <div className={styles.state} role="alert">
      <p className={styles.title}>{title}</p>
      {body ? <p className={styles.body}>{body}</p> : null}
      {onRetry ? <Button onClick={onRetry}>{t('remote.retry')}</Button> : null}
    </div>
  );
}

/** The translated "this part failed to load" fallback with Retry, shown in the outlet. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useT('common');
  return (
    <div data-testid="remote-fallback">
      <ErrorState title={t('remote.failedTitle')} body={t('remote.failedBody')} onRetry={onRetry} />
    </div>
  );
}

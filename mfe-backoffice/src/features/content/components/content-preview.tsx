import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDecimal, useLanguage, useT } from '@meridian/platform';
import { useDebouncedValue } from '@meridian/platform/data';
import { Button } from '@meridian/ui';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import adminStyles from '../../../shared/components/admin.module.css';
import { ErrorMessage } from '../../../shared/components/error-message.tsx';
import { MAX_BODY_LENGTH, previewQueryOptions } from '../api/content-api.ts';
import { describeRemoved } from './removed.ts';
import type { RemovedItem } from './removed.ts';
import styles from './content.module.css';

/** How long the body must rest before the server is asked for a preview. */
const PREVIEW_DELAY_MS = 400;

/** The sanitizer's removals as translated sentences ("<script> removed"), repeats counted. */
export function RemovedList({ removed, testId = 'content-removed' }: { removed: readonly RemovedItem[]; testId?: string }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  return (
    <ul className={styles.removedList} data-testid={testId}>
      {describeRemoved(removed).map((line) => (
        <li key={line.id} className={styles.removedItem} data-testid="content-removed-item">
          <span>{t(line.key, line.values)}</span>
          {line.count > 1 ? <span className={styles.removedCount}>×{formatDecimal(String(line.count), lang)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The live preview of a body: once the operator pauses typing, the server's sanitizer runs on it
 * (nothing is stored) and its clean HTML is shown, with what it would remove. Only the server's
 * answer is ever rendered as HTML, never the operator's text.
 */
export function ContentPreview({ body, enabled }: { body: string; enabled: boolean }) {
  const { t } = useT(NAMESPACE);
  const lang = useLanguage();
  const id = useId();
  const settled = useDebouncedValue(body, PREVIEW_DELAY_MS);
  const tooLong = settled.length > MAX_BODY_LENGTH;
  const asked = enabled && settled !== '' && !tooLong;
  const preview = useQuery({ ...previewQueryOptions(settled), enabled: asked, placeholderData: keepPreviousData });
  const updating = asked && (body !== settled || preview.isPlaceholderData || preview.isFetching);
  const data = asked ? preview.data : undefined;

  let content;
  if (!enabled) content = <p className={`${adminStyles.note} ${styles.previewNote}`}>{t('content.preview.readOnly')}</p>;
  else if (body === '' && settled === '') content = <p className={adminStyles.muted}>{t('content.preview.empty')}</p>;
  else if (tooLong) content = <p className={`${adminStyles.note} ${adminStyles.noteWarn}`}>{t('content.preview.tooLong')}</p>;
  else if (data === undefined && preview.isError && !preview.isFetching)
    content = (
      <div className={adminStyles.stackTight}>
        <ErrorMessage error={preview.error} testId="content-preview-error" />
        <div>
          <Button variant="secondary" onClick={() => void preview.refetch()} data-testid="content-preview-retry">
            {t('content.preview.retry')}
          </Button>
        </div>
      </div>
    );
  else if (data === undefined) content = <p className={adminStyles.muted}>{t('content.preview.updating')}</p>;
  else
    content = (
      <>
        <div
          className={`${styles.previewBody} ${updating ? styles.previewStale : ''}`}
          role="region"
          aria-label={t('content.preview.region')}
          aria-busy={updating || undefined}
          tabIndex={0}
          dir="auto"
          data-testid="content-preview"
          // The server's sanitized HTML (the same rules as on save), never the operator's own text.
          dangerouslySetInnerHTML={{ __html: data.html }}
        />
        {preview.isError && !preview.isFetching ? <ErrorMessage error={preview.error} testId="content-preview-error" /> : null}
        <section className={adminStyles.stackTight} aria-labelledby={`${id}-removed`}>
          <h4 id={`${id}-removed`} className={styles.removedTitle}>
            {t('content.removed.title')}
          </h4>
          {data.removed.length > 0 ? (
            <RemovedList removed={data.removed} />
          ) : (
            <p className={`${adminStyles.small} ${adminStyles.muted} ${adminStyles.plain}`} data-testid="content-removed-none">
              {t('content.removed.none')}
            </p>
          )}
        </section>
      </>
    );

  return (
    <section className={styles.preview} aria-labelledby={`${id}-title`} data-testid="content-preview-pane">
      <div className={styles.previewHead}>
        <h3 id={`${id}-title`} className={styles.paneTitle}>
          {t('content.preview.title')}
        </h3>
        <div className={styles.previewState}>
          {updating && data !== undefined ? (
            <span className={`${adminStyles.small} ${adminStyles.muted}`} aria-hidden="true" data-testid="content-preview-updating">
              {t('content.preview.updating')}
            </span>
          ) : null}
          {/* Announced when the outcome changes, not on every keystroke. */}
          <p
            className={`${adminStyles.small} ${adminStyles.plain} ${styles.previewSummary}`}
            role="status"
            data-testid="content-preview-status"
          >
            {!asked || data === undefined
              ? ''
              : data.removed.length > 0
                ? t('content.removed.summary', { n: formatDecimal(String(data.removed.length), lang) })
                : t('content.removed.none')}
          </p>
        </div>
      </div>
      {content}
    </section>
  );
}

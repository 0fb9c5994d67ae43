import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '@meridian/ui';

/** The message key of a failed query (a `common` namespace key). */
export const errorKey = (error: unknown): string => (error instanceof ApiError ? error.messageKey : 'errors.unknown');

/**
 * A query's loading, error (translated, with Retry), empty, or its content. Data already shown stays
 * when a later refetch fails; Retry shows the loading state again until the new answer.
 */
export function QueryView<T>({
  query,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT('common');
  if (query.data === undefined) {
    if (query.isError && !query.isFetching)
      return <ErrorState title={t('state.loadFailed')} body={t(errorKey(query.error))} onRetry={() => void query.refetch()} />;
    return <LoadingState />;
  }
  if (isEmpty?.(query.data)) return <EmptyState title={t('state.empty')} />;
  return <>{children(query.data)}</>;
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { useAdminErrorMessage } from './error-message.tsx';

/**
 * A query's loading state, its error (translated operator codes, with Retry), an empty state, or
 * its content. Data already shown stays while a refetch runs or after one fails.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  /** The empty state's text (defaults to "Nothing here yet."). */
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT(NAMESPACE);
  const message = useAdminErrorMessage();
  if (query.data === undefined) {
    if (query.isError && !query.isFetching)
      return <ErrorState title={t('ui.loadFailed')} body={message(query.error)} onRetry={() => void query.refetch()} />;
    return <LoadingState />;
  }
  if (isEmpty?.(query.data)) return <EmptyState title={empty ?? t('ui.empty')} />;
  return <>{children(query.data)}</>;
}

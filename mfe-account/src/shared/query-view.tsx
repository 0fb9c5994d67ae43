import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '@meridian/platform';
import { ErrorState, LoadingState } from '@meridian/ui';
import { failureKey } from '../api/account-api.ts';

/**
 * A query's content once it has some; before that its loading state, or its translated failure with
 * Retry (which shows the loading state again until the new answer).
 */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useT('common');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError && !query.isFetching) return <ErrorState title={t(failureKey(query.error))} onRetry={() => void query.refetch()} />;
  return <LoadingState />;
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { OPERATOR_CODES } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import { errorCode, useErrorText } from '../errors.ts';

/** Answers that mean the thing is not there: not found, no such user, an id the API refuses outright. */
const MISSING = new Set(['404', OPERATOR_CODES.userNotFound, '400']);

/**
 * A query's loading state, its translated failure with Retry, an empty state, or its content. Data
 * already shown stays when a later refetch fails.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  /** The empty state's words (the common "Nothing here yet." otherwise). */
  empty?: ReactNode;
  /** What to say when the thing asked for does not exist (404, an unknown user, a malformed id): no Retry then. */
  notFound?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT('common');
  const errorText = useErrorText();
  if (query.data === undefined) {
    if (notFound && query.isError && MISSING.has(errorCode(query.error))) return <EmptyState title={notFound} />;
    if (query.isError && !query.isFetching)
      return <ErrorState title={t('state.loadFailed')} body={errorText(query.error)} onRetry={() => void query.refetch()} />;
    return <LoadingState />;
  }
  if (isEmpty?.(query.data))
    return typeof empty === 'string' || empty === undefined ? <EmptyState {...(empty ? { title: empty } : {})} /> : <>{empty}</>;
  return <>{children(query.data)}</>;
}

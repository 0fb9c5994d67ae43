import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '../components/states.tsx';
import { useFailureText } from './failure-text.tsx';

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  /** The empty state's words ("Nothing here yet." otherwise), or a whole element. */
  empty?: ReactNode;
  /** The failure in words; the nearest FailureTextProvider's otherwise, else the platform's message for its code. */
  describeError?: (error: unknown) => string;
  /** True for a failure that means the thing asked for does not exist (the provider's otherwise). */
  isMissing?: (error: unknown) => boolean;
  /** What to say when the thing asked for does not exist: shown without Retry. */
  notFound?: string;
}

/**
 * A query's loading state, its translated failure with Retry, an empty state, or its content. Data
 * already shown stays while a refetch runs or after one fails.
 */
export function QueryView<T>({
  query,
  children,
  isEmpty,
  empty,
  describeError: describe,
  isMissing: missing,
  notFound,
}: QueryViewProps<T>) {
  const { t } = useT('common');
  const frame = useFailureText();
  const describeError =
    describe ?? frame?.describe ?? ((error: unknown) => t(error instanceof ApiError ? error.messageKey : 'errors.unknown'));
  const isMissing = missing ?? frame?.isMissing;
  if (query.data === undefined) {
    if (notFound && query.isError && isMissing?.(query.error)) return <EmptyState title={notFound} />;
    if (query.isError && !query.isFetching) {
      const body = describeError?.(query.error);
      return <ErrorState title={t('state.loadFailed')} {...(body ? { body } : {})} onRetry={() => void query.refetch()} />;
    }
    return <LoadingState />;
  }
  if (isEmpty?.(query.data))
    return typeof empty === 'string' || empty === undefined ? <EmptyState {...(empty ? { title: empty } : {})} /> : <>{empty}</>;
  return <>{children(query.data)}</>;
}

import type { ReactNode } from 'react';
import { ApiError, useT } from '@meridian/platform';
import { EmptyState, ErrorState, LoadingState } from '@meridian/ui';
import type { RequestState } from './use-request.ts';

/** Loading, error (translated, with Retry), empty, or the content. */
export function RequestView<T>({
  request,
  isEmpty,
  children,
}: {
  request: RequestState<T> & { retry: () => void };
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT('common');
  if (request.status === 'loading') return <LoadingState />;
  if (request.status === 'error') {
    const key = request.error instanceof ApiError ? request.error.messageKey : 'errors.unknown';
    return <ErrorState title={t('state.loadFailed')} body={t(key)} onRetry={request.retry} />;
  }
  if (isEmpty?.(request.data)) return <EmptyState title={t('state.empty')} />;
  return <>{children(request.data)}</>;
}

import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { DecideReviewBody, ReviewKind, ReviewState } from '@meridian/contracts';
import type { ReviewStepBody } from '@meridian/contracts/schemas';
import { reviewsEndpoints as reviews } from '@meridian/contracts/endpoints/reviews';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../query-keys.ts';

/** Items waiting in (or decided from) the queues the operator may read; 50 a page, pending oldest first. */
export interface ReviewListQuery {
  kind?: ReviewKind | undefined;
  state: ReviewState;
  page: number;
}

/** How often an open queue asks again for new items. */
const QUEUE_POLL_MS = 30_000;

const listReviews = (query: ReviewListQuery, signal?: AbortSignal) => adminApi.call(reviews.listReviews, { query: { ...query }, signal });

export const reviewsQueryOptions = (query: ReviewListQuery) =>
  queryOptions({
    queryKey: adminKeys.reviews.list(query.kind ?? 'all', query.state, query.page),
    queryFn: ({ signal }) => listReviews(query, signal),
    refetchInterval: QUEUE_POLL_MS,
  });

const getReview = (id: number, signal?: AbortSignal) => adminApi.call(reviews.getReview, { params: { id }, signal });

export const reviewQueryOptions = (id: number) =>
  queryOptions({ queryKey: adminKeys.reviews.item(id), queryFn: ({ signal }) => getReview(id, signal) });

/** "Take it": the operator becomes the item's assignee (others see who has it). */
export const assignReview = (id: number) => adminApi.call(reviews.assignReview, { params: { id } });

/** Approve or reject a pending item with a reason code of its kind (and an optional note). */
export const decideReview = (id: number, body: DecideReviewBody) => adminApi.call(reviews.decideReview, { params: { id }, body });

/** After a decision: every list and item of the review mechanism, and the queue counts, are read again. */
export const refreshReviews = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.reviews.all() }),
    client.invalidateQueries({ queryKey: adminKeys.queueCounts() }),
    client.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    client.invalidateQueries({ queryKey: adminKeys.users.all() }),
  ]);

/** A step after the decision (a withdrawal paid with its hash, or its payout failed), as the item's kind allows. */
export const stepReview = (id: number, body: ReviewStepBody) => adminApi.call(reviews.stepReview, { params: { id }, body });

import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import { ADMIN_API } from '../api-paths.ts';
import {
  decideReviewBody,
  listReviewsQuery,
  listReviewsResult,
  numericIdParams,
  proposeCorrectionBody,
  reviewView,
} from '../backoffice.ts';
import { REVIEW_IMAGE_KEYS, reviewStepBody } from '../reviews.ts';

const REVIEWS = `${ADMIN_API}/reviews` as const;
const reviewImageParams = numericIdParams.extend({ key: z.enum(REVIEW_IMAGE_KEYS) });

/** The one review mechanism seen from the back-office: the queues, an item's decision and steps, and corrections. */
export const reviewsEndpoints = defineEndpoints('reviews', {
  listReviews: {
    method: 'GET',
    path: REVIEWS,
    summary: 'Items of the queues the caller may read, by kind and state, a page at a time, pending oldest first',
    query: listReviewsQuery,
    result: listReviewsResult,
    callers: BACKOFFICE_SECTIONS.queues.readers,
  },
  getReview: {
    method: 'GET',
    path: `${REVIEWS}/:id`,
    summary: 'One review item with its facts, history and who has it',
    params: numericIdParams,
    result: reviewView,
    callers: BACKOFFICE_SECTIONS.queues.readers,
    refusals: { 404: z.null() },
  },
  getReviewImage: {
    method: 'GET',
    path: `${REVIEWS}/:id/images/:key`,
    summary: "An image the item's evidence names (a deposit's proof), for the operators who read its queue",
    description: 'Answers the image bytes under their stored type, not an envelope. `key` is one of REVIEW_IMAGE_KEYS.',
    params: reviewImageParams,
    result: z.null(),
    callers: BACKOFFICE_SECTIONS.queues.readers,
    refusals: { 404: z.null() },
  },
  getReviewDocument: {
    method: 'GET',
    path: `${REVIEWS}/:id/document`,
    summary: "The document an item is decided on (a loan's signed agreement PDF), for the operators who read its queue",
    description: 'Answers the document bytes (`application/pdf`), not an envelope.',
    params: numericIdParams,
    result: z.null(),
    callers: BACKOFFICE_SECTIONS.queues.readers,
    refusals: { 404: z.null() },
  },
  assignReview: {
    method: 'POST',
    path: `${REVIEWS}/:id/assign`,
    summary: 'The caller takes a pending item (others see who has it)',
    params: numericIdParams,
    result: reviewView,
    callers: BACKOFFICE_SECTIONS.queues.writers,
    refusals: { 404: z.null(), 409: z.null() },
  },
  decideReview: {
    method: 'POST',
    path: `${REVIEWS}/:id/decide`,
    summary: 'Approves or rejects a pending item with a reason code of its kind; a money item moves money once',
    params: numericIdParams,
    body: decideReviewBody,
    result: reviewView,
    callers: BACKOFFICE_SECTIONS.queues.writers,
    refusals: { 404: z.null(), 409: z.null(), 503: z.null() },
  },
  stepReview: {
    method: 'POST',
    path: `${REVIEWS}/:id/step`,
    summary: "Records a step after the decision (paid with its hash, disbursed, failed), as the item's kind allows",
    params: numericIdParams,
    body: reviewStepBody,
    result: reviewView,
    callers: BACKOFFICE_SECTIONS.queues.writers,
    refusals: { 404: z.null(), 409: z.null(), 503: z.null() },
  },
  proposeCorrection: {
    method: 'POST',
    path: `${ADMIN_API}/corrections`,
    summary: "Proposes a correction of a customer's balance: a pending item until a second operator decides it",
    body: proposeCorrectionBody,
    result: reviewView,
    callers: BACKOFFICE_SECTIONS.corrections.writers,
    idempotent: true,
    refusals: { 404: z.null() },
  },
});

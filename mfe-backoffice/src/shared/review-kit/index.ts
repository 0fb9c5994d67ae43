/**
 * The review kit: what the review features (queues, support, users, corrections) share — the review
 * API calls, the page frame (which gives the kit's QueryView and ConfirmDialog their error texts),
 * tables, badges, the reason select, the image lightbox, error texts and the note field. Features import it through this file only.
 */
export { assignReview, decideReview, refreshReviews, reviewQueryOptions, reviewsQueryOptions, stepReview } from './api/reviews-api.ts';
export { DemoBadge, KindBadge, StateBadge, WaitedTime } from './components/badges.tsx';
export { ChoiceChips, NoteField, Radios, ReasonSelect } from './components/fields.tsx';
export { Lightbox } from './components/lightbox.tsx';
export { OperatorImage } from './components/operator-image.tsx';
export { Facts, Page, Section, kitClasses } from './components/page.tsx';
export { ReviewConfirm } from './components/review-confirm.tsx';
export { ReviewTable, useCustomerLabel } from './components/review-table.tsx';
export { errorCode, useErrorText } from './errors.ts';
export { isImageUrl } from './format.ts';
export { PAGE_SIZE, pageParam, userPath } from './paths.ts';
export { usePagedFilter } from './use-paged-filter.ts';

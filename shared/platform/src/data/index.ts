export { createIntentKeys, isUncertainFailure, sendWithIntentKey, useIdempotentMutation } from './use-idempotent-mutation.ts';
export type { IdempotentMutationOptions, IntentKeys } from './use-idempotent-mutation.ts';
export { useDebouncedValue } from './use-debounced-value.ts';
export { lazyWithRetry } from './lazy-with-retry.ts';

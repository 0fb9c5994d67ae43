import { ApiError } from '@meridian/platform';

/** The message key of a failed query (a `common` namespace key). */
export const errorKey = (error: unknown): string => (error instanceof ApiError ? error.messageKey : 'errors.unknown');

import { messageKeyForCode } from '@meridian/contracts';

/** A failed call: the server's stable code (or a client code) and the message key to show. */
export class ApiError extends Error {
  readonly code: string;
  readonly messageKey: string;
  readonly status: number | undefined;

  constructor(code: string, serverMessage: string, status?: number, messageKey = messageKeyForCode(code)) {
    super(serverMessage || messageKey);
    this.name = 'ApiError';
    this.code = code;
    this.messageKey = messageKey;
    this.status = status;
  }
}

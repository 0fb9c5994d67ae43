import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A conversation key: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newTicketKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashTicketKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function ticketKeyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(hashTicketKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

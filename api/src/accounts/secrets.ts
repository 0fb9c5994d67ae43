import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A bearer secret: 32 random bytes, base64url. Only its SHA-256 is ever stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 6-digit verification code, uniformly drawn. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An invite code: 8 characters without look-alikes. */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 8; i += 1) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}

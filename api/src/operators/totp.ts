import { Secret, TOTP } from 'otpauth';

/** RFC 6238 codes as authenticator apps make them: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;

const totpOf = (secret: string, label = 'operator') =>
  new TOTP({ issuer: 'Meridian back-office', label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, base32) to enrol in an authenticator app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an app scans (as a QR code). */
export function otpauthUrl(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The code for a moment (tests compute codes the way the app does). */
export function totpAt(secret: string, timestamp: number): string {
  return totpOf(secret).generate({ timestamp });
}

/**
 * The 30-second step a code belongs to, if it is valid now (one step of clock drift either way) and
 * newer than `lastStep` — a code accepted once is refused after, even inside its window.
 */
export function acceptedStep(secret: string, code: string, lastStep: number, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return step > lastStep ? step : null;
}

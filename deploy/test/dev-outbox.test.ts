import { describe, expect, it } from 'vitest';
import { devOutboxFromEnv } from '../src/dev-outbox.ts';

// Issue 14: `npm start` hands out emailed codes at /api/dev/outbox only when asked to, never in production.
describe('npm start serves the development outbox', () => {
  it('not by default, even outside production mode and without SMTP', () => {
    expect(devOutboxFromEnv({})).toBe(false);
    expect(devOutboxFromEnv({ NODE_ENV: 'development' })).toBe(false);
    expect(devOutboxFromEnv({ MERIDIAN_DEV_OUTBOX: 'true' })).toBe(false);
    expect(devOutboxFromEnv({ MERIDIAN_DEV_OUTBOX: '0' })).toBe(false);
  });

  it('when MERIDIAN_DEV_OUTBOX=1 asks for it, except in production mode', () => {
    expect(devOutboxFromEnv({ MERIDIAN_DEV_OUTBOX: '1' })).toBe(true);
    expect(devOutboxFromEnv({ MERIDIAN_DEV_OUTBOX: '1', NODE_ENV: 'development' })).toBe(true);
    expect(devOutboxFromEnv({ MERIDIAN_DEV_OUTBOX: '1', NODE_ENV: 'production' })).toBe(false);
  });
});

/**
 * Whether `npm start` serves `GET /api/dev/outbox` (issue 14): it hands out emailed codes, so it is off
 * unless MERIDIAN_DEV_OUTBOX=1 asks for it, and never on in production mode even then.
 */
export function devOutboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  return env.MERIDIAN_DEV_OUTBOX === '1' && env.NODE_ENV !== 'production';
}

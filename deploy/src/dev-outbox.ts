/**
 * Whether `npm start` serves `GET /api/dev/outbox` (issue 14): it hands out emailed codes, so it is off
 * unless MERIDIAN_DEV_OUTBOX=1 asks for it, and never on in production mode even then.
 */
export function devOutboxFromEnv(env: NodeJS.ProcessEnv): boolean {
  return env.MERIDIAN_DEV_OUTBOX === '1' && env.NODE_ENV !== 'production';
}

/**
 * A test site's shorter hold of newly linked withdrawal addresses (MERIDIAN_WALLET_HOLD_SECONDS, whole
 * seconds): the journeys cannot wait 24 hours. Ignored in production mode, where the hold is always 24 h.
 */
export function walletHoldFromEnv(env: NodeJS.ProcessEnv): { walletHoldSeconds?: number } {
  const text = env.MERIDIAN_WALLET_HOLD_SECONDS?.trim();
  if (!text || env.NODE_ENV === 'production' || !/^\d{1,6}$/.test(text)) return {};
  return { walletHoldSeconds: Number.parseInt(text, 10) };
}

/**
 * A test site's shorter flash exchange quote (MERIDIAN_EXCHANGE_QUOTE_SECONDS, whole seconds): a journey
 * watches a quote expire without waiting 30 s. Ignored in production mode.
 */
export function exchangeQuoteFromEnv(env: NodeJS.ProcessEnv): { exchangeQuoteMs?: number } {
  const text = env.MERIDIAN_EXCHANGE_QUOTE_SECONDS?.trim();
  if (!text || env.NODE_ENV === 'production' || !/^\d{1,4}$/.test(text) || text === '0') return {};
  return { exchangeQuoteMs: Number.parseInt(text, 10) * 1000 };
}

/** @fastify/static 10 hands `setHeaders` the fastify reply (older versions: the raw response). */
export function setHeader(res: unknown, name: string, value: string): void {
  const target = res as { header?: (n: string, v: string) => void; setHeader?: (n: string, v: string) => void };
  if (typeof target.header === 'function') target.header(name, value);
  else target.setHeader?.(name, value);
}

/** Two years: browsers keep to https for the site's host once they have seen it over https. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000';

/** Other sites learn only the origin a visitor came from, never a page's path or query (support keys travel there). */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The headers every answer of the site server carries: `nosniff` (a JSON or text answer is never run
 * as a script or style), the referrer policy, and HSTS when the site is reached over https (its own
 * origin is https, the connection is TLS, or a trusted proxy says `X-Forwarded-Proto: https`).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    ...(https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../plugins/envelope.ts';

/**
 * Whether a browser's `Origin` is the site's own: one of the allowed origins, or the host the request was sent to.
 * The refresh-cookie calls and the live connection's admission both ask it.
 */
export function originAllowed(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return allowed.has(url.origin) || (host !== undefined && url.host === host.toLowerCase());
}

/**
 * A hook for the calls that act on the refresh cookie (issue 14): a request another site's page made
 * (its `Origin` is present and not the site's) is refused with 403 before the cookie is read. Callers
 * that send no `Origin` (same-origin GETs, non-browser clients) carry no cross-site risk here.
 */
export function sameOriginOnly(siteOrigin: string) {
  const allowed = new Set([URL.canParse(siteOrigin) ? new URL(siteOrigin).origin : siteOrigin]);
  return async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, request.headers.host, allowed)) {
      throw new ApiFailure('403', 'origin not allowed', 403);
    }
  };
}

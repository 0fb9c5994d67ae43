import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../plugins/envelope.ts';

/** Whether a browser's `Origin` is the site's own: the configured origin, or the host the request was sent to. */
function isSiteOrigin(origin: string, siteOrigin: string, host: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const site = URL.canParse(siteOrigin) ? new URL(siteOrigin).origin : siteOrigin;
  return url.origin === site || (host !== undefined && url.host === host.toLowerCase());
}

/**
 * A hook for the calls that act on the refresh cookie (issue 14): a request another site's page made
 * (its `Origin` is present and not the site's) is refused with 403 before the cookie is read. Callers
 * that send no `Origin` (same-origin GETs, non-browser clients) carry no cross-site risk here.
 */
export function sameOriginOnly(siteOrigin: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    if (origin !== undefined && !isSiteOrigin(origin, siteOrigin, request.headers.host)) {
      throw new ApiFailure('403', 'origin not allowed', 403);
    }
  };
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { RELEASE_PATHS } from '@meridian/contracts';
import { boundIdleConnections, frameworkErrors, httpServerOptions, notFoundBody, registerApi } from '@meridian/api';
import type { ApiOptions, OperatorGate } from '@meridian/api';
import type { Redis } from 'ioredis';
import type { ArtifactStore } from '../registry/artifact-store.ts';
import type { RolloutStore } from '../registry/rollout-store.ts';
import { registerArtifactFiles, registerCompression } from './compressed-static.ts';
import { registerPwaRoutes } from './pwa-routes.ts';
import { registerReleaseRoutes } from './release-routes.ts';
import { securityHeaders } from './static-headers.ts';
import { forwardedChain } from './client-network.ts';

/** `?ticket=…&key=secret` → `?ticket=…&key=[redacted]`. */
export function redactSecrets(url: string): string {
  return url.replace(/([?&](?:key|token)=)[^&#]*/gi, '$1[redacted]');
}

export interface SiteServerOptions {
  api: ApiOptions;
  artifacts: ArtifactStore;
  rollouts: RolloutStore;
  env: string;
  logger?: boolean;
  /** Where every node keeps the telemetry rate limit's counts (the API's limits come through `api.limitsRedis`). */
  limitsRedis?: Redis | undefined;
  /** Keys the stored digests of reporting networks (MERIDIAN_TELEMETRY_SECRET); random per process when unset. */
  telemetrySecret?: string | undefined;
  /** Proxies allowed to name the client in X-Forwarded-For (see `parseTrustProxy`); none when unset. */
  trustProxy?: string[] | undefined;
}

/** Scripts only from this origin (shell and artifacts), no eval; styles are injected by the parts; frames only of this origin's documents. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // The back-office shows a loan's signed agreement (a PDF fetched with the operator's session) in a frame.
  "frame-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Every SVG the site serves (icons, instrument icons, artifacts): inline styles only, no script, no fetch. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * One origin for the whole site: the API and `/ws`, the release registry (`/rollout.json`,
 * `/artifacts/…`), every page from the stable shell version, and `/kf.html` from the stable mfe-help
 * version. Served compressed.
 */
export async function buildSiteServer(options: SiteServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          // Support conversation keys travel in the query string: they never reach the logs.
          serializers: {
            req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: redactSecrets(req.url) }),
          },
        }
      : false,
    // Slow or malformed clients are answered in the envelope and closed, as by the API alone.
    ...httpServerOptions(options.api.httpTimeouts),
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // A malformed URL or an over-long path parameter is answered in the envelope, as in the API alone.
    frameworkErrors,
    // Behind nginx every request arrives from the proxy: per-address limits need the client's address.
    trustProxy: options.trustProxy ?? [],
  });
  boundIdleConnections(app);
  // Before anything reads `request.ip`: a forwarded address is an IP address or it does not count (issue 31).
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    if (headers['x-forwarded-for'] === undefined) return;
    const chain = forwardedChain(headers['x-forwarded-for']);
    if (chain === undefined) delete headers['x-forwarded-for'];
    else headers['x-forwarded-for'] = chain;
  });
  await registerCompression(app);
  const httpsOrigin = options.api.siteOrigin?.startsWith('https://') ?? false;
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    // An SVG opened on its own is a document: it may run nothing, load nothing, and is sandboxed.
    else if (type.startsWith('image/svg+xml')) reply.header('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
    // Every answer (pages, artifacts, rollout.json, icons, the worker); the API's own values stay.
    for (const [name, value] of Object.entries(securityHeaders(httpsOrigin || request.protocol === 'https')))
      if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });

  let gate: OperatorGate | undefined;
  let operators: FastifyInstance['operators'] | undefined;
  await app.register(async (child) => {
    await registerApi(child, options.api);
    gate = child.operatorGate;
    operators = child.operators;
  });
  // `npm start` asks it for the first admin's set-up link.
  app.decorate('operators', operators!);
  // sendBeacon sends text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));
  await registerReleaseRoutes(app, {
    rollouts: options.rollouts,
    artifacts: options.artifacts,
    environments: [options.env],
    gate: gate!,
    db: options.api.db,
    telemetrySecret: options.telemetrySecret || randomBytes(32).toString('base64url'),
    limitsRedis: options.limitsRedis,
  });

  app.get(RELEASE_PATHS.rollout, async (request, reply) => {
    const doc = await options.rollouts.read(options.env);
    const etag = `"${options.env}-${doc.revision}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return doc;
  });

  await registerArtifactFiles(app, { root: options.artifacts.root, prefix: `${RELEASE_PATHS.artifacts}/` });

  await registerPwaRoutes(app);

  /** The page of the stable shell, with a <base> so its relative script paths resolve. */
  const servedFromArtifacts = async (part: 'shell' | 'mfe-help', file: string): Promise<string | null> => {
    const stable = (await options.rollouts.read(options.env)).remotes[part]?.stable;
    const path = stable ? join(options.artifacts.versionDir(part, stable), file) : '';
    if (!stable || !existsSync(path)) return null;
    return readFileSync(path, 'utf8').replace('<head>', `<head><base href="${RELEASE_PATHS.artifacts}/${part}/${stable}/">`);
  };

  // `/kf.html` is owned by mfe-help: served from its stable version, with a <base> so its chunks resolve.
  app.get('/kf.html', async (_request, reply) => {
    const html = await servedFromArtifacts('mfe-help', 'kf.html');
    if (!html) return reply.status(503).type('text/plain').send('customer service page unavailable');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });

  // History-mode routes: every page path gets the shell; unknown artifacts get the 404 envelope.
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // (Unknown `/api` paths are answered inside the API's scope, with its headers: registerApi.)
    if (path.startsWith(`${RELEASE_PATHS.artifacts}/`)) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    const html = await servedFromArtifacts('shell', 'index.html');
    if (!html) return reply.status(503).type('text/plain').send('the site is not published yet');
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request.method, request.url)));

  return app;
}

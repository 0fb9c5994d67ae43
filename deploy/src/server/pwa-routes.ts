import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CRYPTO_ICON_PATH, cryptoIconsDir } from '@meridian/api';
import { setHeader } from './static-headers.ts';

const here = join(import.meta.dirname, 'pwa');
const file = (name: string) => readFileSync(join(here, name));

/** Instrument icons do not change within a catalogue version: a month in browser caches. */
const ICON_CACHE = 'public, max-age=2592000';

/**
 * The installable web app (SPEC §2 home "app badge"): manifest, icons and the service worker, at the
 * site's root scope; and the instrument icons as static files. The service worker is the site's, not a
 * part's: it must be one version for the whole origin.
 */
export async function registerPwaRoutes(app: FastifyInstance): Promise<void> {
  const manifest = file('manifest.webmanifest');
  const worker = file('sw.js');
  const icons: Record<string, { body: Buffer; type: string }> = {
    'app-192.png': { body: file('icon-192.png'), type: 'image/png' },
    'app-512.png': { body: file('icon-512.png'), type: 'image/png' },
    'app.svg': { body: file('icon.svg'), type: 'image/svg+xml' },
  };

  // Browsers and crawlers ask for these at the root whatever the page says: real files, not the shell's page.
  const favicon = file('favicon.ico');
  const robots = file('robots.txt');
  app.get('/favicon.ico', async (_request, reply) => reply.header('Cache-Control', ICON_CACHE).type('image/x-icon').send(favicon));
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/manifest.webmanifest', async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json').send(manifest),
  );
  // Never cached by HTTP: a new worker must reach every browser at its next visit.
  app.get('/sw.js', async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').header('Service-Worker-Allowed', '/').type('text/javascript; charset=utf-8').send(worker),
  );
  app.get<{ Params: { name: string } }>('/icons/:name', async (request, reply) => {
    const icon = icons[request.params.name];
    if (!icon) return reply.callNotFound();
    return reply.header('Cache-Control', ICON_CACHE).type(icon.type).send(icon.body);
  });

  await app.register(fastifyStatic, {
    root: cryptoIconsDir(),
    prefix: `${CRYPTO_ICON_PATH}/`,
    decorateReply: false,
    cacheControl: false,
    wildcard: true,
    allowedPath: (path) => /^\/?[$a-z0-9]+\.svg$/.test(path),
    setHeaders: (res) => {
      setHeader(res, 'Cache-Control', ICON_CACHE);
      setHeader(res, 'X-Content-Type-Options', 'nosniff');
    },
  });
}

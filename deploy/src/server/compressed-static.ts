/**
 * The site's compressed static serving, in one place so the bench's bare Module Federation baseline
 * (`bench/baseline/serve.ts`) is served exactly as the site serves its artifacts.
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { setHeader } from './static-headers.ts';

/** Artifacts are content-addressed (versioned folders, hashed chunk names): cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every answer compressed (brotli, else gzip) from 512 bytes up. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 512 });
}

export interface ArtifactFilesOptions {
  /** The folder served. */
  root: string;
  /** The URL prefix, with its trailing slash: `/artifacts/`. */
  prefix: string;
}

/** The files under `root` at `prefix`: immutable, readable from any origin, no dot-file or dot-folder. */
export async function registerArtifactFiles(app: FastifyInstance, options: ArtifactFilesOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: options.prefix,
    decorateReply: false,
    cacheControl: false,
    wildcard: true,
    allowedPath: (path) => !path.split('/').some((p) => p.startsWith('.')),
    setHeaders: (res) => {
      setHeader(res, 'Cache-Control', IMMUTABLE);
      setHeader(res, 'Access-Control-Allow-Origin', '*');
    },
  });
}

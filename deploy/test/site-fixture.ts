import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, seedDatabase } from '@meridian/api';
import type { ApiOptions, DatabaseHandle } from '@meridian/api';
import { late } from '../../api/test/suite-fixtures.ts';
import { ArtifactStore } from '../src/registry/artifact-store.ts';
import { RolloutStore } from '../src/registry/rollout-store.ts';
import { buildSiteServer } from '../src/server/site-server.ts';
import type { SiteServerOptions } from '../src/server/site-server.ts';

/** A built part on disk, published and made stable in production before the site starts. */
interface SitePart {
  name: string;
  version: string;
  /** Its files by name: the shell's index.html, a remote's remoteEntry.js, chunks… */
  files: Record<string, string>;
}

interface SiteFixture {
  app: FastifyInstance;
  database: DatabaseHandle;
  artifacts: ArtifactStore;
  rollouts: RolloutStore;
  /** The temporary folder: each part's build is in the folder of its name. */
  root: string;
}

interface SiteServerFixtureOptions {
  /** The temporary folder's prefix. */
  name: string;
  /** Published and made stable in this order. */
  parts: SitePart[];
  /** The API's options besides its (seeded, in-memory) database. */
  api?: Partial<Omit<ApiOptions, 'db'>>;
  /** The site server's options besides the API, the stores and the environment (production). */
  site?: Partial<Omit<SiteServerOptions, 'api' | 'artifacts' | 'rollouts'>>;
  /** Listens on a free loopback port (raw HTTP, a CLI calling it) instead of answering inject only. */
  listen?: boolean;
  timeout?: number;
}

/**
 * The site server of a file, on a seeded in-memory database and a temporary artifact store: built
 * before its tests, closed after them.
 */
export function withSiteServer({ name, parts, api = {}, site = {}, listen = false, timeout }: SiteServerFixtureOptions): SiteFixture {
  const fixture = late<SiteFixture>('the site server');
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), `${name}-`));
    const artifacts = new ArtifactStore(join(root, 'artifacts'));
    const database = await openDatabase({ dataDir: 'memory://' });
    await seedDatabase(database.db);
    const rollouts = await RolloutStore.open(database.client);
    for (const part of parts) {
      const dir = join(root, part.name);
      mkdirSync(dir);
      for (const [file, text] of Object.entries(part.files)) writeFileSync(join(dir, file), text);
      const record = artifacts.publish(part.name, part.version, dir);
      await rollouts.setStable('production', part.name, part.version, record.integrity);
    }
    const app = await buildSiteServer({ api: { db: database.db, ...api }, artifacts, rollouts, env: 'production', ...site });
    fixture.set({ app, database, artifacts, rollouts, root });
    if (listen) await app.listen({ port: 0, host: '127.0.0.1' });
    else await app.ready();
  }, timeout);
  afterAll(async () => {
    await fixture.current()?.app.close();
    await fixture.current()?.database.close();
  });
  return fixture.handle;
}

/**
 * The composed site for the benches: `deploy/src/start.ts` on a free loopback port with a throw-away data
 * folder, on the embedded defaults (PGlite, in-process live fan-out) as `npm start` runs on a fresh
 * machine; and the headless Chromium the benches drive.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { freePort, spawnComposedSite } from '../scripts/composed-site.mjs';

// The baseline's server (bench/baseline/serve.ts) takes its port from here too.
export { freePort };

export const root = join(import.meta.dirname, '..');

async function waitFor(url: string, exited: () => boolean) {
  for (let i = 0; i < 400; i += 1) {
    if (exited()) throw new Error('bench: the site stopped before it answered (see its output above)');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no answer from ${url}`);
}

export interface Site {
  base: string;
  stop: () => Promise<void>;
}

/** Builds the front-end parts whose inputs changed (`shared/build`), as `deploy/src/start.ts` would before serving. */
async function buildFrontEnd(parts: readonly string[]): Promise<void> {
  const build = spawn(process.execPath, ['--import', 'tsx', 'shared/build/src/cli.ts', 'build', ...parts], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`bench: the front-end build failed (exit ${code}); see its output above`);
}

/**
 * Starts the site: first builds what changed among `parts` (every front-end part by default; nothing when
 * `build` is false), then runs `deploy/src/start.ts --no-build`, so a long build is not mistaken for a site that
 * does not answer. Every part's dist folder must exist.
 */
export async function startSite(options: { build?: boolean; parts?: readonly string[] } = {}): Promise<Site> {
  if (options.build !== false) await buildFrontEnd(options.parts ?? []);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-bench-'));
  // The fan-out bench opens 1,000 sockets from loopback: per-address allowances (32 live sockets) scaled up.
  const server = spawnComposedSite({ port, dataDir, env: { MERIDIAN_RATE_LIMIT_SCALE: '50' } });
  let exited = false;
  const done = new Promise<void>((resolve) =>
    server.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, () => exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

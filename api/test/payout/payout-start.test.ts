import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Wallet } from 'ethers';
import { TronWeb } from 'tronweb';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { contentEndpoints } from '@meridian/contracts/endpoints/content';

/**
 * `npm start` as an operator runs it (deploy/src/start.ts, without the frontend build), in production
 * mode: the payout check decides whether the site starts.
 */
const START = resolve(import.meta.dirname, '../../../deploy/src/start.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-payout-start-'));
  dirs.push(dir);
  return dir;
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the site with these variables. Resolves when it exits, or (with `untilRunning`) once it says it
 * is running — then `whileRunning` is called and the site is stopped.
 */
function start(env: Record<string, string>, whileRunning?: (port: number) => Promise<void>, dataDir = newDataDir()): Promise<Run> {
  return freePort().then(
    (port) =>
      new Promise<Run>((done, fail) => {
        const { MERIDIAN_PAYOUT_ADDRESS_ETH: _eth, MERIDIAN_PAYOUT_ADDRESS_TRON: _tron, DATABASE_URL: _db, ...base } = process.env;
        const child = spawn(process.execPath, ['--import', 'tsx', START, '--no-build'], {
          env: { ...base, MERIDIAN_DATA_DIR: dataDir, PORT: String(port), MERIDIAN_LOG: 'silent', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const run: Run = { code: null, stdout: '', stderr: '' };
        let checking = false;
        child.stdout.on('data', (chunk: Buffer) => {
          run.stdout += chunk.toString();
          if (whileRunning && !checking && run.stdout.includes('Meridian is running')) {
            checking = true;
            whileRunning(port)
              .catch((error: unknown) => fail(error))
              .finally(() => child.kill('SIGTERM'));
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
        child.on('error', fail);
        child.on('exit', (code) => done({ ...run, code }));
      }),
  );
}

/** The payout wallets a running site publishes. */
const publishedAt = async (port: number) => {
  const body = (await (
    await fetch(`http://127.0.0.1:${port}${endpointPath(contentEndpoints.getParamByKey, { key: 'auth_address' })}`)
  ).json()) as {
    result: { value: string };
  };
  return JSON.parse(body.result.value) as { ethereum: string; tron: string };
};

const own = () => {
  const ethereum = Wallet.createRandom().address;
  return { ethereum, tron: TronWeb.address.fromHex(`41${ethereum.slice(2)}`) };
};

describe('npm start in production: the payout check', () => {
  it('without payout addresses it exits non-zero, naming both variables', async () => {
    const run = await start({ NODE_ENV: 'production' });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('MERIDIAN_PAYOUT_ADDRESS_ETH');
    expect(run.stderr).toContain('MERIDIAN_PAYOUT_ADDRESS_TRON');
    expect(run.stdout).not.toContain('Meridian is running');
  });

  it('with an address whose key is public it exits non-zero, saying which and why', async () => {
    const mine = own();
    const run = await start({
      NODE_ENV: 'production',
      // The earlier built-in default: the address of private key 2.
      MERIDIAN_PAYOUT_ADDRESS_ETH: '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF',
      MERIDIAN_PAYOUT_ADDRESS_TRON: mine.tron,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/MERIDIAN_PAYOUT_ADDRESS_ETH: 0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF is the address of private key 2/);
    expect(run.stdout).not.toContain('Meridian is running');
  });

  it('with the platform\u2019s own addresses it starts and publishes them as the payout wallets', async () => {
    const mine = own();
    let shown: unknown = null;
    const run = await start(
      {
        NODE_ENV: 'production',
        MERIDIAN_PAYOUT_ADDRESS_ETH: mine.ethereum,
        MERIDIAN_PAYOUT_ADDRESS_TRON: mine.tron,
        MERIDIAN_UPLOAD_KEY: randomBytes(32).toString('base64'),
      },
      async (port) => {
        shown = await publishedAt(port);
      },
    );
    expect(run.stdout, run.stderr).toContain('Meridian is running');
    expect(run.stderr).not.toContain('PAYOUT');
    expect(shown).toEqual(mine);
  }, 120_000);
});

describe('npm start in production: the upload key', () => {
  it('without MERIDIAN_UPLOAD_KEY it exits non-zero, naming it (identity images are encrypted under it)', async () => {
    const mine = own();
    const run = await start({
      NODE_ENV: 'production',
      MERIDIAN_PAYOUT_ADDRESS_ETH: mine.ethereum,
      MERIDIAN_PAYOUT_ADDRESS_TRON: mine.tron,
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('MERIDIAN_UPLOAD_KEY is required in production');
    expect(run.stdout).not.toContain('Meridian is running');
  });
});

describe('npm start in development: made-up payout addresses', () => {
  it('a restart of the same data folder publishes the same development addresses (the console says what they are)', async () => {
    const dataDir = newDataDir();
    const seen: { ethereum: string; tron: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await start(
        { NODE_ENV: 'development' },
        async (port) => {
          seen.push(await publishedAt(port));
        },
        dataDir,
      );
      expect(run.stdout, `start ${i + 1}: ${run.stderr}`).toContain('Development payout addresses (not a real payout wallet)');
    }
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]!.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(seen[0]!.ethereum).not.toBe('0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF');
  }, 120_000);
});

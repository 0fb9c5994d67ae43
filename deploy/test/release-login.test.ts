import { spawn } from 'node:child_process';
import { mkdtempSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '@meridian/api';
import { repoRoot } from '@meridian/build';
import { withSiteServer } from './site-fixture.ts';

const site = withSiteServer({
  name: 'release-login',
  parts: [{ name: 'shell', version: '2.0.0', files: { 'index.html': '<!doctype html><html><head></head><body></body></html>' } }],
  api: { siteOrigin: 'http://127.0.0.1' },
  listen: true,
});
let registry = '';
let configHome = '';

beforeAll(() => {
  const address = site.app.server.address();
  registry = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  configHome = mkdtempSync(join(tmpdir(), 'release-config-'));
});

/** The release CLI as a newcomer runs it, answers piped one per line. */
function release(args: string[], stdin = ''): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/src/cli/main.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, MERIDIAN_REGISTRY_URL: registry, XDG_CONFIG_HOME: configHome, MERIDIAN_ADMIN_TOKEN: '' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
    child.stdin.end(stdin);
  });
}

const post = async (path: string, body: unknown, token?: string) =>
  (
    await site.app.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).json();

describe('release CLI: a newcomer signs in as an operator', () => {
  it('status refuses before login, login keeps a 0600 session, then status works; logout ends it', async () => {
    const before = await release(['status']);
    expect(before.code).toBe(1);
    expect(before.out).toContain('npm run release -- login');

    // The newcomer follows the printed set-up link (first admin), then invites a release engineer.
    const link = (await site.app.operators.ensureFirstAdmin())!;
    const adminToken = link.split('#')[1]!;
    const adminSecret = (await post('/api/admin/auth/setup-info', { token: adminToken })).result.secret as string;
    const admin = await post('/api/admin/auth/setup', {
      token: adminToken,
      email: 'root@ops.test',
      password: 'Admin-pass-1',
      code: totpAt(adminSecret, Date.now()),
    });
    const invited = await post(
      '/api/admin/operators/invite',
      { email: 'rel@ops.test', name: 'Rel', roles: ['release'] },
      admin.result.token,
    );
    const relToken = (invited.result.setupLink as string).split('#')[1]!;
    const relSecret = (await post('/api/admin/auth/setup-info', { token: relToken })).result.secret as string;
    await post('/api/admin/auth/setup', { token: relToken, password: 'Release-pass-1', code: totpAt(relSecret, Date.now()) });

    // The set-up used this step's code: sign in with the next one (an app shows it within 30 s).
    const code = totpAt(relSecret, Date.now() + 30_000);
    const login = await release(['login'], `rel@ops.test\nRelease-pass-1\n${code}\n`);
    expect(login.out).toContain('signed in');
    expect(login.code).toBe(0);
    const file = join(configHome, 'meridian', 'release.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(registry);

    const status = await release(['status']);
    expect(status.code).toBe(0);
    expect(status.out).toContain('production — revision');
    expect(status.out).toContain('shell');

    const replay = await release(['login'], `rel@ops.test\nRelease-pass-1\n${code}\n`);
    expect(replay.code).toBe(1);
    expect(replay.out).toContain('sign-in failed');

    expect((await release(['logout'])).code).toBe(0);
    expect((await release(['status'])).out).toContain('npm run release -- login');
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withTestApi } from '../suite-fixtures.ts';

/**
 * The OpenAPI document the API serves (generated from the endpoint declarations of @meridian/contracts)
 * passes Redocly's `recommended` ruleset with no error: security schemes and per-operation security, an
 * operation id and a summary for every operation, the 4xx answers each can give, servers (issue 24 item 3).
 */
const run = promisify(execFile);
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] }[];
}

async function lint(document: unknown): Promise<LintReport> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    // The CLI exits 1 when it finds errors: its report is on stdout either way.
    const out = await run(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=1000'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return JSON.parse(out.stdout) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const summary = (report: LintReport) =>
  report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);

const api = withTestApi({}, { timeout: 120_000 });

describe("the API's OpenAPI document (Redocly, recommended rules)", () => {
  it('has no error: every operation has an id, a summary, its security and its 4xx answers; servers and schemes are declared', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const report = await lint(document);
    expect(summary(report).filter((line) => line.startsWith('error'))).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('the lint does fail a document that breaks the rules (an operation with no summary, id or security, no servers)', async () => {
    const report = await lint({
      openapi: '3.0.3',
      info: { title: 'broken', version: '1', license: { name: 'x', url: 'https://example.com' } },
      servers: [],
      paths: { '/api/thing': { get: { responses: { 200: { description: 'ok' } } } } },
    });
    expect(report.totals.errors).toBeGreaterThan(0);
    expect(report.problems.map((p) => p.ruleId)).toEqual(
      expect.arrayContaining(['operation-summary', 'security-defined', 'no-empty-servers']),
    );
  }, 120_000);
});

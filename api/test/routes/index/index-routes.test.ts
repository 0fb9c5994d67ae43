import { describe, expect, it } from 'vitest';
import { PARAM_KEYS } from '@meridian/contracts';
import { databaseKind } from '../../helpers.ts';
import { withTestApi } from '../../suite-fixtures.ts';

const api = withTestApi();

const base = '/api/swx/customer/index';
const get = (url: string) => api.app.inject({ method: 'GET', url });

describe(`index routes (${databaseKind})`, () => {
  it('lists content in the envelope, English for language 2', async () => {
    const res = await get(`${base}/listContents/2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('200');
    expect(body.result.length).toBeGreaterThan(4);
    expect(body.result.map((c: { title: string }) => c.title)).toContain('About Meridian');
    expect(new Set(body.result.map((c: { type: number }) => c.type))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('lists Chinese content for language 1 and filters by type', async () => {
    const res = await get(`${base}/listContents/1?type=2`);
    const body = res.json();
    expect(body.result.length).toBe(3);
    expect(body.result.every((c: { type: number; languageId: number }) => c.type === 2 && c.languageId === 1)).toBe(true);
    expect(body.result.map((c: { title: string }) => c.title)).toContain('风险披露');
  });

  it('refuses a bad language id or type with code 400 and changes nothing', async () => {
    for (const [url, path] of [
      [`${base}/listContents/3`, 'lang'],
      [`${base}/listContents/x`, 'lang'],
      [`${base}/listContents/2?type=9`, 'type'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: '400', result: { issues: [{ path, key: 'validation.invalid' }] } });
    }
  });

  it('returns a content page by id with its body', async () => {
    const list = (await get(`${base}/listContents/2?type=2`)).json().result as { id: number; title: string }[];
    const risk = list.find((c) => c.title === 'Risk disclosure')!;
    const res = await get(`${base}/getContentsById/${risk.id}`);
    expect(res.json().result).toMatchObject({ id: risk.id, title: 'Risk disclosure', type: 2 });
    expect(res.json().result.body).toContain('can lose money');
  });

  it('answers an unknown content id with 404 in the envelope', async () => {
    const res = await get(`${base}/getContentsById/999999`);
    expect(res.json()).toMatchObject({ code: '404', result: null });
  });

  it('serves every SPEC §5.9 setting with its default', async () => {
    const expected: Record<string, string> = {
      withdrawal_fee_percent: '1',
      loan_interest_free_days: '7',
      early_exit_penalty_percent: '10',
      invite_reward_usdt: '10',
      trading_fee_percent: '0.1',
    };
    for (const key of PARAM_KEYS) {
      const res = await get(`${base}/getParamByKey/${key}`);
      expect(res.json().code, key).toBe('200');
      if (expected[key]) expect(res.json().result).toEqual({ key, value: expected[key] });
    }
    const auth = JSON.parse((await get(`${base}/getParamByKey/auth_address`)).json().result.value);
    expect(auth.ethereum).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(auth.tron).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('answers an unknown setting with code 10018', async () => {
    const res = await get(`${base}/getParamByKey/no_such_key`);
    expect(res.json()).toEqual({ code: '10018', message: 'system parameters unavailable', result: null });
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await get('/api/swx/customer/index/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '404', result: null });
  });

  it('sends security headers', async () => {
    const res = await get(`${base}/listContents/2`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('describes every route in /api/openapi.json', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([`${base}/listContents/{lang}`, `${base}/getContentsById/{id}`, `${base}/getParamByKey/{key}`]),
    );
  });
});

describe(`stored content is served without active parts (${databaseKind})`, () => {
  it('strips an onerror image and a javascript: link from a stored body', async () => {
    const { insertContent } = await import('../../../src/content/insert-content.ts');
    const [id] = await insertContent(api.database.db, [
      {
        title: 'XSS probe',
        type: 3,
        languageId: 2,
        body: '<p>Hello</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a>',
      },
    ]);
    const body = (await get(`${base}/getContentsById/${id}`)).json().result.body as string;
    expect(body).toContain('<p>Hello</p>');
    expect(body).not.toMatch(/onerror|javascript:|<img/i);
    expect(body).toContain('click');
  });
});

describe('OpenAPI document', () => {
  it('describes every route the API serves', async () => {
    const { API_PATHS, endpointPath } = await import('@meridian/contracts');
    const { supportAdminEndpoints: supportAdmin } = await import('@meridian/contracts/endpoints/support-admin');
    const doc = (await get('/api/openapi.json')).json();
    const documented = Object.keys(doc.paths);
    const expected = [
      ...Object.values(API_PATHS).map((p) => (typeof p === 'function' ? (p as (x: never) => string)('{x}' as never) : p)),
      endpointPath(supportAdmin.listSupportTickets),
      endpointPath(supportAdmin.getSupportTicket, { id: '{x}' }),
      endpointPath(supportAdmin.answerSupportTicket, { id: '{x}' }),
    ].map((p) => String(p).replace(/\/(1|2|\{x\}|%7Bx%7D)(?=\/|$)/g, '/{}'));
    const normalized = documented.map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(expected.filter((p) => !normalized.includes(p))).toEqual([]);
  });
});

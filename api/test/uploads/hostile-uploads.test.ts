import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OPERATOR_TOKEN, addressesIn, databaseKind, multipartFile } from '../helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';
import { signUp } from '../accounts-helpers.ts';
import { uploads } from '../../src/db/schema.ts';
import { UPLOADS_PER_CALLER } from '../../src/routes/upload/upload-routes.ts';
import { VISITOR_COOKIE } from '../../src/uploads/upload-owner.ts';
import {
  jpegWithGps,
  overLimit,
  pngBomb,
  pngMagicSvg,
  pngWithHtml,
  realSvg,
  tinyPng,
  truncatedJpeg,
  wrongMagic,
} from './hostile-fixtures.ts';

const api = withTestApi();
const support = withOperator(api, ['support']);

const base = '/api/swx/customer';
const nextIp = addressesIn('10.77');

type Caller = { cookies?: Record<string, string>; headers?: Record<string, string>; address?: string };

const upload = (data: Buffer, { cookies = {}, headers = {}, address = nextIp() }: Caller = {}) => {
  const file = multipartFile('photo.png', data, 'image/png');
  return api.app.inject({
    method: 'POST',
    url: `${base}/upload/image`,
    payload: file.payload,
    headers: { ...file.headers, ...headers },
    cookies,
    remoteAddress: address,
  });
};
const visitorOf = (res: { cookies: { name: string; value: string }[] }): Record<string, string> => {
  const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE);
  return cookie ? { [VISITOR_COOKIE]: cookie.value } : {};
};
const post = (url: string, payload: object, { cookies = {}, headers = {}, address = nextIp() }: Caller = {}) =>
  api.app.inject({ method: 'POST', url, payload, cookies, headers, remoteAddress: address });
const stored = async (id: string) => (await api.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];

describe(`hostile uploads (issue 14, ${databaseKind})`, () => {
  it('stores and serves only the re-encoded picture; refuses what is not one, with its translated key', async () => {
    const corpus: [string, Buffer, string | null][] = [
      ['PNG + HTML', await pngWithHtml(), null],
      ['PNG magic + SVG', pngMagicSvg(), 'validation.imageFormat'],
      ['SVG', realSvg(), 'validation.imageFormat'],
      ['20000² bomb', await pngBomb(20_000), 'validation.imageDimensions'],
      ['wrong magic', wrongMagic(), 'validation.imageFormat'],
      ['0 bytes', Buffer.alloc(0), 'validation.imageFormat'],
      ['2 MB + 1', await overLimit(), 'validation.imageTooLarge'],
      ['truncated JPEG', await truncatedJpeg(), 'validation.imageFormat'],
      ['JPEG with GPS', await jpegWithGps(), null],
    ];
    const answers: string[] = [];
    for (const [name, data, refusedWith] of corpus) {
      const started = performance.now();
      const res = await upload(data);
      answers.push(`${name}: ${data.length} B → ${res.statusCode} in ${(performance.now() - started).toFixed(0)} ms`);
      if (refusedWith) {
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({ code: '400', message: refusedWith, result: { issues: [{ key: refusedWith }] } });
        continue;
      }
      expect(res.json().code, name).toBe('200');
      const row = await stored(res.json().result.id);
      const kept = row!.data.toString('latin1');
      expect(kept, name).not.toMatch(/<html|<script|exif-artist-secret|GPS/i);
      expect(row!.size).toBe(row!.data.length);
      expect(res.json().result.size).toBe(row!.data.length);
    }
    console.info(`corpus: ${corpus.length} files, ${corpus.reduce((n, [, d]) => n + d.length, 0)} bytes\n${answers.join('\n')}`);
  });

  it('serves an image as an image only: its own type, no sniffing, sandboxed, for visitor and operator alike', async () => {
    const sent = await upload(await pngWithHtml());
    const imageId = sent.json().result.id as string;
    const opened = await post(
      `${base}/support/openTicket`,
      { email: 'serve@b.co', message: 'Look at this', imageId },
      { cookies: visitorOf(sent) },
    );
    const access = opened.json().result as { ticket: string; key: string };
    const visitor = await api.app.inject({ url: `${base}/support/image/${imageId}?ticket=${access.ticket}&key=${access.key}` });
    const operator = await api.app.inject({
      url: `/api/admin/support/tickets/${access.ticket}/image/${imageId}`,
      headers: { authorization: `Bearer ${support.token}` },
    });
    for (const res of [visitor, operator]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['content-disposition']).toBe(`inline; filename="${imageId}.png"`);
      expect(res.rawPayload.toString('latin1')).not.toMatch(/<html|<script/);
      expect(res.rawPayload.equals((await stored(imageId))!.data)).toBe(true);
    }
  });

  it('lets only the caller who uploaded an image attach it; to anyone else it is like an unknown id', async () => {
    const owner = await upload(tinyPng());
    const imageId = owner.json().result.id as string;
    const ownerCookie = visitorOf(owner);
    expect(ownerCookie[VISITOR_COOKIE]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await stored(imageId))!.uploadedBy).toMatch(/^visitor:[0-9a-f]{64}$/);

    const message = (id: string) => ({ email: 'intruder@b.co', message: 'Mine now', imageId: id });
    const unknown = await post(`${base}/support/openTicket`, message('00000000-0000-4000-8000-00000000dead'));
    const noCookie = await post(`${base}/support/openTicket`, message(imageId));
    const otherBrowser = visitorOf(await upload(tinyPng()));
    const otherCookie = await post(`${base}/support/openTicket`, message(imageId), { cookies: otherBrowser });
    const forged = await post(`${base}/support/openTicket`, message(imageId), { cookies: { [VISITOR_COOKIE]: 'x'.repeat(43) } });
    for (const res of [noCookie, otherCookie, forged]) {
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.json()).toEqual(unknown.json());
    }
    expect(unknown.json()).toMatchObject({ code: '400', result: { issues: [{ key: 'validation.uploadRequired' }] } });
    // Someone's own conversation (its key) does not make another's upload theirs either.
    const theirs = (await post(`${base}/support/openTicket`, { email: 'intruder@b.co', message: 'hello' })).json().result;
    const reply = await post(`${base}/support/reply`, { ...theirs, message: 'Mine now', imageId }, { cookies: otherBrowser });
    expect(reply.json()).toEqual(unknown.json());
    expect((await stored(imageId))!.attachedAt).toBeNull();

    // The uploader's browser attaches it.
    const mine = await post(
      `${base}/support/openTicket`,
      { email: 'owner@b.co', message: 'My receipt', imageId },
      { cookies: ownerCookie },
    );
    expect(mine.json().code).toBe('200');
  });

  it('records a signed-in user as the owner, and only that user attaches the upload', async () => {
    const alice = await signUp(api.app);
    const bob = await signUp(api.app);
    const sent = await upload(tinyPng(), { headers: { authorization: alice.token } });
    expect(sent.json().code).toBe('200');
    expect(visitorOf(sent)).toEqual({});
    const imageId = sent.json().result.id as string;
    expect((await stored(imageId))!.uploadedBy).toBe(`user:${alice.userId}`);
    const body = { email: alice.email, message: 'Receipt', imageId };
    const asBob = await post(`${base}/support/openTicket`, body, { headers: { authorization: bob.token } });
    expect(asBob.json()).toMatchObject({ code: '400', result: { issues: [{ key: 'validation.uploadRequired' }] } });
    const asAlice = await post(`${base}/support/openTicket`, body, { headers: { authorization: alice.token } });
    expect(asAlice.json().code).toBe('200');
  });

  it('gives a browser without an identity a visitor cookie, and limits each caller across addresses', async () => {
    const first = await upload(tinyPng());
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: base, secure: true });
    const caller = { [VISITOR_COOKIE]: cookie.value };
    const codes: number[] = [first.statusCode];
    // Every upload from a new address: only the per-caller count can stop them.
    for (let i = 1; i <= UPLOADS_PER_CALLER.max; i += 1) codes.push((await upload(tinyPng(), { cookies: caller })).statusCode);
    expect(codes.slice(0, UPLOADS_PER_CALLER.max)).toEqual(Array(UPLOADS_PER_CALLER.max).fill(200));
    const refused = await upload(tinyPng(), { cookies: caller });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: '429', result: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller is not held back by this one.
    expect((await upload(tinyPng())).statusCode).toBe(200);
  });

  it('still limits one address, whoever calls from it', async () => {
    const address = '192.0.2.99';
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await upload(tinyPng(), { address })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('keeps the operator image route closed to non-operators', async () => {
    const res = await api.app.inject({
      url: `/api/admin/support/tickets/00000000-0000-4000-8000-000000000001/image/00000000-0000-4000-8000-000000000002`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, PNG_1PX, addressesIn, databaseKind, multipartFile } from '../../helpers.ts';
import { withOperator, withTestApi } from '../../suite-fixtures.ts';
import { sniffImage } from '@meridian/contracts';

const api = withTestApi();
const support = withOperator(api, ['support']);

const base = '/api/swx/customer';
const nextIp = addressesIn('10.0');
const post = (url: string, payload: unknown, remoteAddress = nextIp(), cookies: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, cookies });
/** The visitor cookie an upload gave the browser: the same browser sends it with the message. */
const visitorCookie = (upload: { cookies: { name: string; value: string }[] }) =>
  Object.fromEntries(upload.cookies.map((c) => [c.name, c.value]));
const admin = (method: 'GET' | 'POST', url: string, payload?: object, token = support.token) =>
  api.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function openTicket(message = 'My deposit is still pending.') {
  const res = await post(`${base}/support/openTicket`, { email: ' Visitor@Example.COM ', message });
  expect(res.json().code).toBe('200');
  return res.json().result as { ticket: string; key: string };
}

describe(`support conversations (${databaseKind})`, () => {
  it('opens a conversation and reads it back with its key', async () => {
    const access = await openTicket();
    expect(access.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const view = (await api.app.inject({ url: `${base}/support/getTicket?ticket=${access.ticket}&key=${access.key}` })).json().result;
    expect(view).toMatchObject({ id: access.ticket, email: 'visitor@example.com', status: 'open' });
    expect(view.messages).toEqual([expect.objectContaining({ author: 'visitor', body: 'My deposit is still pending.', imageId: null })]);
  });

  it('refuses a wrong key exactly like an unknown conversation', async () => {
    const access = await openTicket();
    const wrongKey = await api.app.inject({ url: `${base}/support/getTicket?ticket=${access.ticket}&key=${'x'.repeat(43)}` });
    const unknown = await api.app.inject({
      url: `${base}/support/getTicket?ticket=00000000-0000-4000-8000-000000000000&key=${access.key}`,
    });
    expect(wrongKey.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongKey.json()).toEqual(unknown.json());
  });

  it('validates every field with its translated message key and stores nothing', async () => {
    const before = (await admin('GET', '/api/admin/support/tickets')).json().result.length;
    const res = await post(`${base}/support/openTicket`, { email: 'not-an-email', message: '   ' });
    expect(res.statusCode).toBe(400);
    const keys = res.json().result.issues.map((i: { path: string; key: string }) => `${i.path}:${i.key}`);
    expect(keys).toEqual(expect.arrayContaining(['email:validation.enterValidEmail', 'message:validation.enterMessage']));
    const long = await post(`${base}/support/openTicket`, { email: 'a@b.co', message: 'x'.repeat(2001) });
    expect(long.json().result.issues[0].key).toBe('validation.messageTooLong');
    expect((await admin('GET', '/api/admin/support/tickets')).json().result.length).toBe(before);
  });

  it('lets an operator list, read and answer; the visitor sees the answer', async () => {
    const access = await openTicket('How long does KYC take?');
    const list = (await admin('GET', '/api/admin/support/tickets')).json().result;
    expect(list.find((t: { id: string }) => t.id === access.ticket)).toMatchObject({
      lastMessage: 'How long does KYC take?',
      messageCount: 1,
    });
    const answered = (await admin('POST', `/api/admin/support/tickets/${access.ticket}/reply`, { message: 'Within 48 hours.' })).json()
      .result;
    expect(answered.status).toBe('answered');
    expect(answered.review).toMatchObject({ state: 'approved', reasonCode: 'answered', limitSeconds: 24 * 3600 });
    const view = (await api.app.inject({ url: `${base}/support/getTicket?ticket=${access.ticket}&key=${access.key}` })).json().result;
    expect(view.messages.map((m: { author: string; body: string }) => `${m.author}:${m.body}`)).toEqual([
      'visitor:How long does KYC take?',
      'operator:Within 48 hours.',
    ]);
    const reply = (await post(`${base}/support/reply`, { ...access, message: 'Thanks!' })).json().result;
    expect(reply.status).toBe('open');
    expect(reply.messages).toHaveLength(3);
    // Writing again puts the conversation back in the queue; closing completes it with a reason.
    expect(reply.review).toMatchObject({ state: 'pending', reasonCode: null, decidedAt: null });
    const closed = (await admin('POST', `/api/admin/support/tickets/${access.ticket}/close`, { reasonCode: 'resolved' })).json().result;
    expect(closed.review).toMatchObject({ state: 'completed', reasonCode: 'resolved' });
    const seen = (await api.app.inject({ url: `${base}/support/getTicket?ticket=${access.ticket}&key=${access.key}` })).json().result;
    expect(seen.review).toMatchObject({ state: 'completed', reasonCode: 'resolved' });
  });

  it('queues a new conversation as a pending support review', async () => {
    const access = await openTicket('Is the queue visible?');
    const view = (await api.app.inject({ url: `${base}/support/getTicket?ticket=${access.ticket}&key=${access.key}` })).json().result;
    expect(view.review).toMatchObject({ state: 'pending', reasonCode: null, limitSeconds: 24 * 3600 });
    const queue = (await admin('GET', '/api/admin/reviews?kind=support')).json().result;
    expect(queue.items.some((r: { subject: string; state: string }) => r.subject === access.ticket && r.state === 'pending')).toBe(true);
  });

  it('keeps the admin API closed without an operator session; the break-glass token has only its roles', async () => {
    expect((await admin('GET', '/api/admin/support/tickets', undefined, '')).statusCode).toBe(401);
    expect((await admin('GET', '/api/admin/support/tickets', undefined, 'wrong-token')).statusCode).toBe(401);
    expect((await admin('GET', '/api/admin/support/tickets', undefined, OPERATOR_TOKEN)).statusCode).toBe(403);
  });

  it('attaches an uploaded image that only the conversation key can read', async () => {
    const file = multipartFile('receipt.png', PNG_1PX);
    const upload = await api.app.inject({ method: 'POST', url: `${base}/upload/image`, ...file });
    expect(upload.json().result).toMatchObject({ mime: 'image/png' });
    const imageId = upload.json().result.id;
    const res = await post(
      `${base}/support/openTicket`,
      { email: 'a@b.co', message: 'See the receipt', imageId },
      nextIp(),
      visitorCookie(upload),
    );
    const access = res.json().result;
    const image = await api.app.inject({ url: `${base}/support/image/${imageId}?ticket=${access.ticket}&key=${access.key}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // The stored bytes are the image encoded afresh (issue 14), still a 1×1 PNG.
    expect(sniffImage(image.rawPayload)).toBe('image/png');
    expect(image.rawPayload.readUInt32BE(16)).toBe(1);
    const other = await openTicket();
    expect((await api.app.inject({ url: `${base}/support/image/${imageId}?ticket=${other.ticket}&key=${other.key}` })).statusCode).toBe(
      404,
    );
    // A support operator sees it as evidence of that conversation only.
    const evidence = await admin('GET', `/api/admin/support/tickets/${access.ticket}/image/${imageId}`);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.headers['x-content-type-options']).toBe('nosniff');
    expect(evidence.rawPayload.equals(image.rawPayload)).toBe(true);
    expect((await admin('GET', `/api/admin/support/tickets/${other.ticket}/image/${imageId}`)).statusCode).toBe(404);
  });

  it('takes an uploaded image into one message only: a second conversation or reply cannot reuse it', async () => {
    let owner: Record<string, string> = {};
    const uploadOne = async () => {
      const upload = await api.app.inject({
        method: 'POST',
        url: `${base}/upload/image`,
        ...multipartFile('r.png', PNG_1PX),
        remoteAddress: nextIp(),
        cookies: owner,
      });
      owner = { ...owner, ...visitorCookie(upload) };
      return upload.json().result.id as string;
    };
    const imageId = await uploadOne();
    const first = await post(`${base}/support/openTicket`, { email: 'owner@b.co', message: 'My receipt', imageId }, nextIp(), owner);
    expect(first.json().code).toBe('200');
    const access = first.json().result as { ticket: string; key: string };

    // Someone who learned the id tries to put the same image into their own conversation.
    // The database may be shared with other files (the PostgreSQL run): an address nobody else uses.
    const thief = `thief-${imageId.slice(0, 8)}@b.co`;
    const stolen = await post(`${base}/support/openTicket`, { email: thief, message: 'Look', imageId });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().result.issues[0].key).toBe('validation.uploadRequired');
    const tickets = (await admin('GET', '/api/admin/support/tickets')).json().result as { email: string }[];
    expect(tickets.some((t) => t.email === thief)).toBe(false);

    // Nor can the owner send it twice: each message takes its own upload.
    const again = await post(`${base}/support/reply`, { ...access, message: 'Again', imageId }, nextIp(), owner);
    expect(again.statusCode).toBe(400);
    const view = (await api.app.inject({ url: `${base}/support/getTicket?ticket=${access.ticket}&key=${access.key}` })).json().result;
    expect(view.messages).toHaveLength(1);

    // Two conversations racing for one fresh upload: exactly one gets it.
    const fresh = await uploadOne();
    const raced = await Promise.all(
      [1, 2, 3].map((n) =>
        post(`${base}/support/openTicket`, { email: `race${n}@b.co`, message: 'Race', imageId: fresh }, nextIp(), owner),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('rate-limits opening conversations per address with the 429 envelope', async () => {
    const address = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await post(`${base}/support/openTicket`, { email: 'r@l.co', message: `m${i}` }, address)).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
    const limited = await post(`${base}/support/openTicket`, { email: 'r@l.co', message: 'again' }, address);
    expect(limited.json()).toMatchObject({ code: '429', result: null });
  });
});

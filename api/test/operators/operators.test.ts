import type { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPERATOR_ROLES } from '@meridian/contracts';
import type { OperatorRole } from '@meridian/contracts';
import { databaseKind, OPERATOR_TOKEN } from '../helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { auditLog, notices, operators } from '../../src/db/schema.ts';
import { totpAt } from '../../src/operators/totp.ts';
import { makeOperator, OPERATOR_PASSWORD } from './operator-helpers.ts';
import { auth, signUp, userInfo } from '../accounts-helpers.ts';
import type { TestOperator } from './operator-helpers.ts';

// A database of its own on PostgreSQL: the first-run test needs one with no operator yet.
const api = withTestApi({}, { ownDatabase: true });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  api.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A customer signed up and signed in through the customer API (their bearer token). */
async function customerToken(): Promise<{ token: string; userId: string }> {
  const user = await signUp(api.app);
  return { token: user.token, userId: user.userId };
}

describe(`operators: first admin, sign-in, TOTP (${databaseKind})`, () => {
  it('the first start makes one admin with a one-time set-up link; set-up enrols TOTP and signs in', async () => {
    const link = await api.app.operators.ensureFirstAdmin();
    expect(link).toMatch(/\/admin\/setup#[A-Za-z0-9_-]{43}$/);
    // A restart before set-up replaces the link: the old one stops working.
    const again = await api.app.operators.ensureFirstAdmin();
    const stale = link!.split('#')[1]!;
    const token = again!.split('#')[1]!;
    expect((await call('POST', '/api/admin/auth/setup-info', undefined, { token: stale })).json().code).toBe('10203');
    const info = (await call('POST', '/api/admin/auth/setup-info', undefined, { token })).json().result;
    expect(info).toMatchObject({ email: null, roles: ['admin'] });
    expect(info.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrongCode = await call('POST', '/api/admin/auth/setup', undefined, {
      token,
      email: 'root@ops.test',
      password: 'Admin-pass-1',
      code: '000000',
    });
    expect(wrongCode.json().code).toBe('10202');
    const done = await call('POST', '/api/admin/auth/setup', undefined, {
      token,
      email: 'Root@Ops.test',
      name: 'Root',
      password: 'Admin-pass-1',
      code: totpAt(info.secret, Date.now()),
    });
    expect(done.json()).toMatchObject({
      code: '200',
      result: { operator: { email: 'root@ops.test', roles: ['admin'], status: 'active' } },
    });
    const me = await call('GET', '/api/admin/auth/me', done.json().result.token);
    expect(me.json().result.email).toBe('root@ops.test');
    // Used once; and with an active operator there is no first-run link any more.
    expect((await call('POST', '/api/admin/auth/setup-info', undefined, { token })).json().code).toBe('10203');
    expect(await api.app.operators.ensureFirstAdmin()).toBeNull();
  });

  it('refuses a wrong password and a replayed code with the same answer; a fresh code signs in', async () => {
    const op = await makeOperator(api.app, api.database.db, ['support']);
    const signIn = (code: string, password = OPERATOR_PASSWORD) =>
      call('POST', '/api/admin/auth/sign-in', undefined, { email: op.email, password, code });
    // makeOperator signed in with a code: the same code again is a replay, even if a new 30-second step began.
    const replay = await signIn(op.code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: '10201' });
    const wrongPassword = await signIn(totpAt(op.secret, Date.now() + 30_000), 'Wrong-pass-1');
    expect(wrongPassword.json()).toEqual(replay.json());
    // The next step's code (within the one-step drift window) is fresh and works once.
    const nextCode = totpAt(op.secret, Date.now() + 30_000);
    const next = await signIn(nextCode);
    expect(next.json().code).toBe('200');
    expect((await signIn(nextCode)).json().code).toBe('10201');
    const failures = await api.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'operator.signInFailed' and ${auditLog.operatorId} = ${op.id}`);
    expect(failures.length).toBe(3);
  });

  it('an admin invites an operator, who sets up from the link; deactivation ends their sessions', async () => {
    const admin = await makeOperator(api.app, api.database.db, ['admin']);
    const support = await makeOperator(api.app, api.database.db, ['support']);
    expect(
      (await call('POST', '/api/admin/operators/invite', support.token, { email: 'x@ops.test', name: 'X', roles: ['support'] })).statusCode,
    ).toBe(403);
    const invited = await call('POST', '/api/admin/operators/invite', admin.token, {
      email: 'New@Ops.test',
      name: 'New',
      roles: ['support', 'auditor'],
    });
    expect(invited.json().result.operator).toMatchObject({ email: 'new@ops.test', status: 'invited', roles: ['support', 'auditor'] });
    expect(
      (await call('POST', '/api/admin/operators/invite', admin.token, { email: 'new@ops.test', name: 'Again', roles: ['support'] })).json()
        .code,
    ).toBe('10208');
    const token = (invited.json().result.setupLink as string).split('#')[1]!;
    const info = (await call('POST', '/api/admin/auth/setup-info', undefined, { token })).json().result;
    expect(info.email).toBe('new@ops.test');
    const session = await call('POST', '/api/admin/auth/setup', undefined, {
      token,
      password: 'Newop-pass-1',
      code: totpAt(info.secret, Date.now()),
    });
    const newToken = session.json().result.token as string;
    expect((await call('GET', '/api/admin/support/tickets', newToken)).statusCode).toBe(200);
    const id = session.json().result.operator.id as string;
    expect((await call('POST', `/api/admin/operators/${id}/deactivate`, admin.token)).json().result.status).toBe('deactivated');
    expect((await call('GET', '/api/admin/support/tickets', newToken)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/admin/auth/sign-in', undefined, {
      email: 'new@ops.test',
      password: 'Newop-pass-1',
      code: totpAt(info.secret, Date.now() + 30_000),
    });
    expect(signIn.json().code).toBe('10201');
  });

  it('an operator session ends after 30 minutes without use and after 8 hours at most', async () => {
    const op = await makeOperator(api.app, api.database.db, ['auditor']);
    const service = api.app.operators as unknown as { options: { now?: () => number } };
    const realNow = service.options.now;
    try {
      service.options.now = () => Date.now() + 31 * 60_000;
      expect((await call('GET', '/api/admin/auth/me', op.token)).statusCode).toBe(401);
    } finally {
      service.options.now = realNow;
    }
    expect((await call('GET', '/api/admin/auth/me', op.token)).statusCode).toBe(200);
  });
});

describe(`operators: every admin route declares roles and refuses everyone else (${databaseKind})`, () => {
  let byRole: Record<OperatorRole, TestOperator>;
  let customer: string;
  beforeAll(async () => {
    byRole = Object.fromEntries(
      await Promise.all(OPERATOR_ROLES.map(async (role) => [role, await makeOperator(api.app, api.database.db, [role])] as const)),
    ) as Record<OperatorRole, TestOperator>;
    customer = (await customerToken()).token;
  });

  it('role × route matrix from the OpenAPI document: anonymous and customers get 401, other roles 403', async () => {
    const doc = (await api.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-roles'?: string[] | 'public' }>>;
    };
    const fill = (path: string) =>
      path
        .replace('{id}', path.includes('/users/') || path.includes('/operators/') || path.includes('/tickets/') ? crypto.randomUUID() : '1')
        .replace('{key}', 'trading_fee_percent')
        .replace('{kind}', 'page')
        .replace('{imageId}', crypto.randomUUID());
    let checked = 0;
    const failures: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const roles = op['x-roles'];
        if (!roles) failures.push(`${method} ${path} declares no roles`);
        // Signing out is checked on its own (it would end the sessions this matrix uses).
        if (!roles || roles === 'public' || path.endsWith('/auth/sign-out')) continue;
        const url = fill(path);
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT';
        const expectStatus = async (who: string, token: string | undefined, status: number) => {
          const res = await call(verb, url, token, verb === 'GET' ? undefined : {});
          checked += 1;
          if (res.statusCode !== status) failures.push(`${verb} ${path} as ${who}: ${res.statusCode}, expected ${status}`);
          else if (status !== 200 && !res.json().code) failures.push(`${verb} ${path} as ${who}: no envelope`);
        };
        await expectStatus('anonymous', undefined, 401);
        await expectStatus('customer', customer, 401);
        await expectStatus('customer (raw header)', undefined, 401);
        for (const role of OPERATOR_ROLES) {
          if (roles.includes(role)) {
            const res = await call(verb, url, byRole[role].token, verb === 'GET' ? undefined : {});
            checked += 1;
            if (res.statusCode === 401 || res.statusCode === 403) failures.push(`${verb} ${path} refused its own role ${role}`);
          } else {
            await expectStatus(role, byRole[role].token, 403);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('signing out ends the session; anonymous and customers cannot sign out', async () => {
    const op = await makeOperator(api.app, api.database.db, ['reviewer']);
    expect((await call('POST', '/api/admin/auth/sign-out', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/auth/sign-out', customer)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/auth/sign-out', op.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/auth/me', op.token)).statusCode).toBe(401);
  });

  it('the break-glass token has only its configured roles (release by default)', async () => {
    expect((await call('GET', '/api/admin/users', OPERATOR_TOKEN)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/reviews/1/decide', OPERATOR_TOKEN, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/audit', OPERATOR_TOKEN)).statusCode).toBe(403);
  });
});

describe(`settings, audit and corrections (${databaseKind})`, () => {
  it('an admin changes the trading fee for everyone: audited with before/after, a public notice, read at once', async () => {
    const admin = await makeOperator(api.app, api.database.db, ['admin']);
    const support = await makeOperator(api.app, api.database.db, ['support']);
    expect((await call('PUT', '/api/admin/settings/trading_fee_percent', support.token, { value: '0.2' })).statusCode).toBe(403);
    const bad = await call('PUT', '/api/admin/settings/trading_fee_percent', admin.token, { value: '150' });
    expect(bad.json().code).toBe('10206');
    const changed = await call('PUT', '/api/admin/settings/trading_fee_percent', admin.token, { value: '0.20' });
    expect(changed.json().result).toMatchObject({ key: 'trading_fee_percent', value: '0.2', userFacing: true });
    const param = (await api.app.inject({ url: '/api/swx/customer/index/getParamByKey/trading_fee_percent' })).json().result;
    expect(param.value ?? param).toContain('0.2');
    const audit = (await call('GET', '/api/admin/audit?action=setting.change&q=trading_fee_percent', admin.token)).json().result.items;
    expect(audit[0]).toMatchObject({ operator: admin.email, action: 'setting.change', before: { value: '0.1' }, after: { value: '0.2' } });
    const notice = await api.database.db
      .select()
      .from(notices)
      .where(sql`${notices.title} like 'Trading fee:%'`);
    expect(notice.map((n) => n.title)).toContain('Trading fee: 0.1% → 0.2%');
    const csv = await api.app.inject({ url: '/api/admin/audit/export.csv?q=trading_fee_percent', headers: admin.headers });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toBe('id,at,operator,action,target_kind,target_id,before,after,ip');
    expect(csv.body).toContain('setting.change');
    // Put it back for the other suites' figures.
    await call('PUT', '/api/admin/settings/trading_fee_percent', admin.token, { value: '0.1' });
  });

  it('the audit log cannot be changed: no route offers it and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const doc = (await api.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const auditRoutes = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/admin/audit'));
    expect(auditRoutes.flatMap(([, ops]) => Object.keys(ops))).toEqual(['get', 'get']);
    const db = api.database.db;
    await expect(db.execute(sql`update audit_log set actor = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it('a correction: A proposes, A cannot approve, B approves once; the customer is notified and the ledger records it', async () => {
    const a = await makeOperator(api.app, api.database.db, ['finance']);
    const b = await makeOperator(api.app, api.database.db, ['finance']);
    const c = await makeOperator(api.app, api.database.db, ['finance']);
    const { token: customer, userId } = await customerToken();
    const propose = (key: string, amount = '25.5') =>
      api.app.inject({
        method: 'POST',
        url: '/api/admin/corrections',
        headers: { ...a.headers, 'idempotency-key': key },
        payload: { userId, mode: 'real', direction: 'credit', amount, reasonCode: 'compensation', note: 'Outage on 2026-11-20' },
      });
    expect((await api.app.inject({ method: 'POST', url: '/api/admin/corrections', headers: a.headers, payload: {} })).statusCode).toBe(400);
    const key = crypto.randomUUID();
    const proposal = (await propose(key)).json().result;
    expect(proposal).toMatchObject({
      kind: 'correction',
      state: 'pending',
      proposedBy: a.email,
      payload: { amount: '25.5', direction: 'credit' },
    });
    // The same submit again finds the same proposal; the same key with another amount is refused.
    expect((await propose(key)).json().result.id).toBe(proposal.id);
    expect((await propose(key, '30')).json().code).toBe('10101');
    const decide = (op: TestOperator) =>
      call('POST', `/api/admin/reviews/${proposal.id}/decide`, op.token, { decision: 'approve', reasonCode: 'compensation' });
    expect((await decide(a)).json().code).toBe('10204');
    // An approval carries the proposal's reason (the customer reads it); a rejection says the proposal was wrong.
    expect(
      (await call('POST', `/api/admin/reviews/${proposal.id}/decide`, b.token, { decision: 'approve', reasonCode: 'feeRefund' })).json()
        .code,
    ).toBe('10207');
    expect(
      (await call('POST', `/api/admin/reviews/${proposal.id}/decide`, b.token, { decision: 'reject', reasonCode: 'feeRefund' })).json()
        .code,
    ).toBe('10207');
    // A support operator reading the customer sees none of the correction (its kind is not theirs).
    const support = await makeOperator(api.app, api.database.db, ['support']);
    expect((await call('GET', `/api/admin/users/${userId}`, support.token)).json().result.reviews).toEqual([]);
    expect((await call('GET', `/api/admin/users/${userId}`, b.token)).json().result.reviews.map((r: { id: number }) => r.id)).toEqual([
      proposal.id,
    ]);
    // The owner's figures are pushed only after the approval committed: a listener reading then sees the credit.
    const seen: string[] = [];
    const listener = (who: string, mode: string) => {
      if (who !== userId) return;
      void api.app.trading.figures(who, mode as 'real').then((f) => seen.push(f.baseBalance));
    };
    (api.app.trading as unknown as { options: { balances: EventEmitter } }).options.balances.on('changed', listener);
    // Two operators approving at once: exactly one applies it.
    const [first, second] = await Promise.all([decide(b), decide(c)]);
    const codes = [first.json().code, second.json().code].sort();
    expect(codes).toEqual(['10205', '200']);
    await expect.poll(() => seen).toEqual(['25.5']);
    (api.app.trading as unknown as { options: { balances: EventEmitter } }).options.balances.off('changed', listener);
    await api.app.inject({ method: 'POST', url: '/api/swx/customer/user/switchMode', headers: auth(customer), payload: { mode: 'real' } });
    const info = await userInfo(api.app, customer, 'real');
    expect(info.json().result.account).toMatchObject({ mode: 'real', baseBalance: '25.5' });
    const list = (await api.app.inject({ url: '/api/swx/customer/user/listNotifications', headers: auth(customer) })).json().result;
    expect(list.items.filter((n: { kind: string }) => n.kind === 'correction')).toEqual([
      expect.objectContaining({ params: { direction: 'credit', amount: '25.5', mode: 'real', reason: 'compensation' } }),
    ]);
    const transfers = (await call('GET', `/api/admin/users/${userId}/transfers?mode=real`, b.token)).json().result.items;
    expect(transfers.filter((t: { type: string }) => t.type === 'correction')).toEqual([
      expect.objectContaining({ amount: '25.5', direction: 'in', account: 'cash', reference: `correction:${proposal.id}` }),
    ]);
    const after = (await call('GET', `/api/admin/reviews/${proposal.id}`, b.token)).json().result;
    expect(after).toMatchObject({ state: 'completed', decidedBy: expect.stringMatching(/@ops\.test$/), reasonCode: 'compensation' });
  });

  it('two proposals with one Idempotency-Key at once: one is made, the other is refused or replays it', async () => {
    const a = await makeOperator(api.app, api.database.db, ['finance']);
    const b = await makeOperator(api.app, api.database.db, ['finance']);
    const { userId } = await customerToken();
    const key = crypto.randomUUID();
    const propose = (op: TestOperator, amount: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/admin/corrections',
        headers: { ...op.headers, 'idempotency-key': key },
        payload: { userId, mode: 'demo', direction: 'credit', amount, reasonCode: 'tradeError', note: 'Race' },
      });
    const answers = (await Promise.all([propose(a, '10'), propose(b, '99999')])).map((r) => r.json());
    expect(answers.map((x) => x.code).sort()).toEqual(['10101', '200']);
    const audits = (
      await api.app.inject({
        url: '/api/admin/audit?action=correction.propose&q=Race',
        headers: (await makeOperator(api.app, api.database.db, ['auditor'])).headers,
      })
    ).json().result.items;
    expect(audits).toHaveLength(1);
  });

  it('a debit larger than the balance is refused at approval and leaves the proposal pending', async () => {
    const a = await makeOperator(api.app, api.database.db, ['finance']);
    const b = await makeOperator(api.app, api.database.db, ['finance']);
    const { userId } = await customerToken();
    const proposal = (
      await api.app.inject({
        method: 'POST',
        url: '/api/admin/corrections',
        headers: { ...a.headers, 'idempotency-key': crypto.randomUUID() },
        payload: { userId, mode: 'real', direction: 'debit', amount: '1000', reasonCode: 'duplicateCredit', note: 'Credited twice' },
      })
    ).json().result;
    const refused = await call('POST', `/api/admin/reviews/${proposal.id}/decide`, b.token, {
      decision: 'approve',
      reasonCode: 'duplicateCredit',
    });
    expect(refused.json().code).toBe('10011');
    expect((await call('GET', `/api/admin/reviews/${proposal.id}`, b.token)).json().result.state).toBe('pending');
    const rejected = await call('POST', `/api/admin/reviews/${proposal.id}/decide`, b.token, {
      decision: 'reject',
      reasonCode: 'proposalWrong',
    });
    expect(rejected.json().result).toMatchObject({ state: 'rejected', reasonCode: 'proposalWrong' });
  });

  it('content: the preview shows what the sanitizer removes; a change is stored clean and audited before/after', async () => {
    const support = await makeOperator(api.app, api.database.db, ['support']);
    const dirty = '<p onclick="steal()">Hello <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><img src=x onerror=y>';
    const preview = (await call('POST', '/api/admin/content/preview', support.token, { body: dirty })).json().result;
    expect(preview.html).toBe('<p>Hello <a rel="noopener noreferrer">x</a></p>');
    expect(preview.removed).toEqual([
      { tag: 'p', attribute: 'onclick' },
      { tag: 'a', attribute: 'href=javascript:' },
      { tag: 'script', attribute: null },
      { tag: 'img', attribute: null },
    ]);
    const faqs = (await call('GET', '/api/admin/content?kind=faq&lang=2', support.token)).json().result;
    const first = faqs[0];
    const saved = await call('PUT', `/api/admin/content/faq/${first.id}`, support.token, {
      languageId: 2,
      title: `${first.title} (updated)`,
      body: dirty,
      category: first.category,
    });
    expect(saved.json().result).toMatchObject({
      title: `${first.title} (updated)`,
      body: '<p>Hello <a rel="noopener noreferrer">x</a></p>',
    });
    const help = (await api.app.inject({ url: '/api/swx/customer/index/listFaq/2' })).json().result;
    expect(help.find((f: { id: number }) => f.id === first.id).question).toBe(`${first.title} (updated)`);
    const admin = await makeOperator(api.app, api.database.db, ['auditor']);
    const entry = (await call('GET', `/api/admin/audit?action=content.change&q=${first.id}`, admin.token)).json().result.items[0];
    expect(entry).toMatchObject({ operator: support.email, before: { title: first.title }, after: { title: `${first.title} (updated)` } });
    expect((await call('PUT', '/api/admin/content/faq/999999', support.token, { languageId: 2, title: 't', body: 'b' })).statusCode).toBe(
      404,
    );
  });

  it('operators are kept apart from customers: an operator email that is also a customer email shares nothing', async () => {
    const rows = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(operators);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

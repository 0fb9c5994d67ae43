import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '@meridian/contracts';
import { fundingEndpoints as funding } from '@meridian/contracts/endpoints/funding';
import { users } from '../../src/db/schema.ts';
import { auth, signUp } from '../accounts-helpers.ts';
import type { SignedUp } from '../accounts-helpers.ts';
import { databaseKind } from '../helpers.ts';
import { moveCash } from '../ledger-helpers.ts';
import { withTestApi } from '../suite-fixtures.ts';
import { userChanged } from '../../src/accounts/user-changes.ts';

/**
 * The statement (issue 25 item 5): every ledger transfer of the caller's accounts in the mode in use, by
 * currency, paged; the CSV export streams all of them; nobody reads another's; the other mode is refused.
 */
const api = withTestApi({ rateLimits: false }, { timeout: 120_000 });

/** The rows of a CSV whose cells hold no comma, quote or line break (ids, codes, times, decimals). */
function parseCsv(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trim().split('\n');
  const columns = head!.split(',');
  return lines.filter(Boolean).map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

const get = (user: SignedUp, url: string, mode: 'demo' | 'real' = 'demo') =>
  api.app.inject({ method: 'GET', url, headers: auth(user.token, mode) });

describe(`the statement (${databaseKind})`, () => {
  it('lists the demo grant and every movement newest first, paged, with the sides the caller may read', async () => {
    const me = await signUp(api.app);
    // 30 corrections of 1 USD each into the demo cash, after the 100,000 demo grant.
    for (let i = 0; i < 30; i++) await moveCash(api.database.db, me.userId, 'demo', '1');
    const first = (await get(me, `${endpointPath(funding.listStatement)}?currency=USD`)).json().result;
    expect(first.total).toBe(31);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ currency: 'USD', amount: '1', from: 'platform', to: 'cash' });
    const last = (await get(me, `${endpointPath(funding.listStatement)}?currency=USD&page=2`)).json().result;
    expect(last.items).toHaveLength(6);
    expect(last.items.at(-1)).toMatchObject({ type: 'demo_grant', amount: '100000', from: 'platform', to: 'cash' });
    expect(new Set([...first.items, ...last.items].map((l: { id: number }) => l.id)).size).toBe(31);
    // Another currency, another mode: nothing yet; a window naming the other mode is refused.
    expect((await get(me, `${endpointPath(funding.listStatement)}?currency=BTC`)).json().result.total).toBe(0);
    expect((await get(me, endpointPath(funding.listStatement), 'real')).json().code).toBe('10110');
    expect((await get(me, `${endpointPath(funding.listStatement)}?currency=DOGE`)).statusCode).toBe(400);
  });

  it('exports every line as CSV, streamed in batches, with the same figures; another user exports only their own', async () => {
    const me = await signUp(api.app);
    for (let i = 0; i < 520; i++) await moveCash(api.database.db, me.userId, 'demo', '0.01');
    const res = await get(me, endpointPath(funding.exportStatement));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="meridian-statement-demo-all-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(521);
    expect(rows[0]).toMatchObject({ currency: 'USD', amount: '0.01', from: 'platform', to: 'cash', reference_kind: 'test' });
    expect(rows.at(-1)).toMatchObject({ type: 'demo_grant', amount: '100000' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(521);

    const other = await signUp(api.app);
    await api.database.db.update(users).set({ accountMode: 'real' }).where(eq(users.id, other.userId));
    await userChanged(other.userId);
    const theirs = parseCsv((await get(other, endpointPath(funding.exportStatement), 'real')).body);
    expect(theirs).toEqual([]);
  });
});

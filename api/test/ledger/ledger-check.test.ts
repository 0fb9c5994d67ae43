import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '@meridian/contracts';
import { createUser } from '../../src/accounts/users.ts';
import { openDatabase } from '../../src/db/database.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { contractOrders, reviews } from '../../src/db/schema.ts';
import { Ledger } from '../../src/ledger/ledger.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import { databaseKind } from '../helpers.ts';
import { postLocked } from '../ledger-helpers.ts';

// Its own database: this file breaks the ledger on purpose.
let database: DatabaseHandle;
let ledger: Ledger;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  ledger = Ledger.of(database.db);
  await ledger.openSystemAccounts(database.db);
});
afterAll(async () => {
  await database.close();
});

async function closedContract(userId: string) {
  const [row] = await database.db
    .insert(contractOrders)
    .values({
      userId,
      mode: 'demo',
      instrumentId: 1,
      side: 'buy',
      lots: '1',
      leverage: 10,
      contractSize: '1',
      margin: '100',
      fee: '1',
      openPrice: '1000',
      openTime: 1,
      liquidationPrice: '950',
      status: 'closed',
      closePrice: '1010',
      closeTime: 2,
      closeReason: 'user',
      realizedProfit: '10',
    })
    .returning();
  return String(row!.id);
}

describe(`the ledger check (pglite, beside ${databaseKind})`, () => {
  it('passes on a consistent ledger and names what a second settlement of one position breaks', async () => {
    const user = await createUser(database.db, { email: 'check@example.com', passwordHash: null });
    const id = await closedContract(user.id);
    const post = (legs: Parameters<Ledger['post']>[1]['legs']) =>
      postLocked(database.db, { userId: user.id, mode: 'demo', reference: { kind: 'contract', id }, legs });
    await post([
      { type: 'contract_margin', from: { user: 'cash' }, to: { user: 'margin' }, amount: money('100') },
      { type: 'contract_fee', from: { user: 'cash' }, to: { system: 'fees_income' }, amount: money('1') },
    ]);
    await post([
      { type: 'contract_margin_release', from: { user: 'margin' }, to: { user: 'cash' }, amount: money('100') },
      { type: 'contract_profit', from: { system: 'house_pnl' }, to: { user: 'cash' }, amount: money('10') },
    ]);
    expect(await checkLedger(database.db)).toMatchObject({ ok: true, unreconciled: [], misfiled: [] });

    // The profit paid a second time: the database refuses it (a contract's settlement is unique on type and reference)…
    const again = () => post([{ type: 'contract_profit', from: { system: 'house_pnl' }, to: { user: 'cash' }, amount: money('10') }]);
    await expect(again()).rejects.toThrow();
    // …and without that guard every balance would still equal its transfers and sum to zero, but the check knows.
    await database.db.execute(sql`drop index ledger_transfers_once_idx`);
    await again();
    const check = await checkLedger(database.db);
    expect(check.mismatches).toEqual([]);
    expect(check.unbalanced).toEqual([]);
    expect(check.ok).toBe(false);
    expect(check.unreconciled).toEqual([{ what: 'contract_settlement', ref: id, expected: 'closed', actual: '3' }]);
  });

  it('a correction transfer without an approved correction review, or a second one, is named', async () => {
    const user = await createUser(database.db, { email: 'correct@example.com', passwordHash: null });
    const [review] = await database.db
      .insert(reviews)
      .values({
        kind: 'correction',
        subjectId: 'k-1',
        state: 'completed',
        userId: user.id,
        payload: { amount: '5', mode: 'real', direction: 'credit' },
      })
      .returning();
    const credit = (ref: string) =>
      postLocked(database.db, {
        userId: user.id,
        mode: 'real',
        reference: { kind: 'correction', id: ref },
        legs: [{ type: 'correction', from: { system: 'corrections' }, to: { user: 'cash' }, amount: money('5') }],
      });
    const before = await checkLedger(database.db);
    expect(before.unreconciled.filter((u) => u.what === 'correction')).toEqual([
      { what: 'correction', ref: String(review!.id), expected: 'completed', actual: '0' },
    ]);
    await credit(String(review!.id));
    expect((await checkLedger(database.db)).unreconciled.filter((u) => u.what === 'correction')).toEqual([]);
    // The database refuses a second transfer for one correction (ledger_transfers_once_idx, see
    // money-core.test.ts); without that guard the check still names it.
    await database.db.execute(sql`drop index if exists ledger_transfers_once_idx`);
    await credit(String(review!.id));
    await credit('999999');
    const after = (await checkLedger(database.db)).unreconciled.filter((u) => u.what === 'correction');
    expect(after).toEqual(
      expect.arrayContaining([
        { what: 'correction', ref: String(review!.id), expected: 'completed', actual: '2' },
        { what: 'correction', ref: '999999', expected: 'missing', actual: '1' },
      ]),
    );
  });

  it('transfers are append-only, also against TRUNCATE', async () => {
    // The database's own message (drizzle wraps it as the cause).
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'applied',
        (error: { message: string; cause?: { message: string } }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(database.db.execute(sql`delete from ledger_transfers`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate ledger_transfers`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`update ledger_transfers set amount = 1`))).toMatch(/append-only/);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@meridian/contracts';
import { databaseKind } from '../helpers.ts';
import { withOwnDatabase } from '../suite-fixtures.ts';

// The migrated currency table on the suite's database (PGlite, or its own PostgreSQL database when
// TEST_DATABASE_URL is set): the contracts list and the seeded table agree, and the database refuses
// what the currency does not accept.
const database = withOwnDatabase();

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

/** The error a statement fails with (the driver's or the one PGlite wraps), as text. */
async function failure(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await database.db.execute(query);
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  return 'no failure';
}

describe(`the currency table (${databaseKind})`, () => {
  it('is seeded with exactly the contracts list: code, places accepted, places shown, networks', async () => {
    const seeded = await rows<{ code: string; places: number; display_places: number; networks: string[] }>(
      sql`select code, places, display_places, networks from currencies order by code`,
    );
    const declared = CURRENCIES.map((c) => ({
      code: c.code,
      places: c.places,
      display_places: c.displayPlaces,
      networks: [...c.networks],
    }));
    expect(seeded).toEqual([...declared].sort((a, b) => a.code.localeCompare(b.code)));
    expect(seeded.find((c) => c.code === 'USDT')?.networks).toEqual(['ERC-20', 'TRC-20']);
    expect(seeded.find((c) => c.code === 'USD')?.networks).toEqual([]);
  });

  it('refuses a ledger account or a transfer in a currency it does not list', async () => {
    expect(
      await failure(sql`insert into ledger_accounts (owner_id, mode, kind, currency, allow_negative)
        values ('00000000-0000-0000-0000-000000000001', 'demo', 'cash', 'DOGE', false)`),
    ).toMatch(/foreign key|currency/i);
    const [a] = await rows<{ id: number }>(sql`insert into ledger_accounts (owner_id, mode, kind, currency, allow_negative)
      values ('00000000-0000-0000-0000-000000000002', 'demo', 'cash', 'BTC', true) returning id`);
    const [b] = await rows<{ id: number }>(sql`insert into ledger_accounts (owner_id, mode, kind, currency, allow_negative)
      values ('00000000-0000-0000-0000-000000000003', 'demo', 'cash', 'BTC', true) returning id`);
    expect(
      await failure(sql`insert into ledger_transfers (type, mode, currency, debit_account_id, credit_account_id, amount, reference_kind, reference_id)
        values ('correction', 'demo', 'DOGE', ${a!.id}, ${b!.id}, '1', 'test', 'fk')`),
    ).toMatch(/ledger_transfers_currency_places/);
  });

  it('states in currency_places, which the transfers check calls, the places of every currency of the table', async () => {
    const stated = await rows<{ code: string; places: number; stated: number | null }>(
      sql`select code, places, currency_places(code) as stated from currencies order by code`,
    );
    expect(stated.length).toBe(CURRENCIES.length);
    for (const row of stated) expect({ code: row.code, places: row.stated }).toEqual({ code: row.code, places: row.places });
    const [unknown] = await rows<{ stated: number | null }>(sql`select currency_places('DOGE') as stated`);
    expect(unknown?.stated).toBeNull();
  });

  it('refuses a transfer with more places than its currency accepts, and takes one with exactly as many', async () => {
    const [a] = await rows<{ id: number }>(sql`insert into ledger_accounts (owner_id, mode, kind, currency, allow_negative)
      values ('00000000-0000-0000-0000-000000000004', 'real', 'cash', 'USDT', true) returning id`);
    const [b] = await rows<{ id: number }>(sql`insert into ledger_accounts (owner_id, mode, kind, currency, allow_negative)
      values ('00000000-0000-0000-0000-000000000005', 'real', 'cash', 'USDT', true) returning id`);
    const transfer = (amount: string) =>
      sql`insert into ledger_transfers (type, mode, currency, debit_account_id, credit_account_id, amount, reference_kind, reference_id)
        values ('correction', 'real', 'USDT', ${a!.id}, ${b!.id}, ${amount}, 'test', 'places')`;
    expect(await failure(transfer('1.0000001'))).toMatch(/ledger_transfers_currency_places/);
    expect(await failure(transfer('1.000001'))).toBe('no failure');
    const [count] = await rows<{ n: string | number }>(sql`select count(*) as n from ledger_transfers where reference_id = 'places'`);
    expect(Number(count!.n)).toBe(1);
  });

  it('keeps every currency, its code and its places for good (transfers name it without a foreign key)', async () => {
    expect(await failure(sql`delete from currencies where code = 'ETH'`)).toMatch(/stays in the table/);
    expect(await failure(sql`update currencies set code = 'ETC' where code = 'ETH'`)).toMatch(/stays in the table/);
    expect(await failure(sql`truncate currencies cascade`)).toMatch(/keeps every currency/);
    expect(await failure(sql`update currencies set places = 6 where code = 'ETH'`)).toMatch(/keeps its places/);
    expect(await failure(sql`update currencies set code = code, display_places = display_places where code = 'ETH'`)).toBe('no failure');
    const [eth] = await rows<{ code: string }>(sql`select code from currencies where code = 'ETH'`);
    expect(eth?.code).toBe('ETH');
  });

  it('keeps the places of a currency within what the amount column holds', async () => {
    expect(await failure(sql`insert into currencies (code, places, display_places) values ('XXX', 19, 2)`)).toMatch(/places_range|check/i);
    expect(await failure(sql`insert into currencies (code, places, display_places) values ('XXX', 2, 4)`)).toMatch(
      /display_places_range|check/i,
    );
  });
});

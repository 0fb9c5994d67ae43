import { eq } from 'drizzle-orm';
import { Wallet } from 'ethers';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { OPERATOR_CODES, endpointPath } from '@meridian/contracts';
import { contentEndpoints } from '@meridian/contracts/endpoints/content';
import { settings } from '../../src/db/schema.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { payoutAddressProblem } from '../../src/settings/payout-addresses.ts';
import type { PayoutAddresses } from '../../src/settings/payout-addresses.ts';
import { databaseKind } from '../helpers.ts';
import { withOperator, withTestApi } from '../suite-fixtures.ts';

// Its own database on PostgreSQL: the test rewrites the shared auth_address setting.
const api = withTestApi({}, { ownDatabase: true });
const admin = withOperator(api, ['admin']);

const wallet = (development: boolean): PayoutAddresses => {
  const ethereum = Wallet.createRandom().address;
  return { ethereum, tron: TronWeb.address.fromHex(`41${ethereum.slice(2)}`), development };
};
/** What the back-office lists (read from the database; users read the same value through the settings cache). */
const listed = async () => {
  const list = (await api.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers })).json().result as {
    key: string;
    value: string;
    development?: boolean;
  }[];
  return list.find((s) => s.key === 'auth_address')!;
};
const published = async () => JSON.parse((await listed()).value) as { ethereum: string; tron: string };
const put = (value: string) =>
  api.app.inject({ method: 'PUT', url: '/api/admin/settings/auth_address', headers: admin.headers, payload: { value } });

describe(`payout addresses in the settings (${databaseKind})`, () => {
  it('a development start publishes made-up addresses, marked as development in the back-office', async () => {
    const body = (
      await api.app.inject({ method: 'GET', url: endpointPath(contentEndpoints.getParamByKey, { key: 'auth_address' }) })
    ).json();
    const shown = JSON.parse(body.result.value) as { ethereum: string; tron: string };
    expect(await published()).toEqual(shown);
    expect(payoutAddressProblem('ethereum', shown.ethereum)).toBeNull();
    expect(payoutAddressProblem('tron', shown.tron)).toBeNull();
    expect(shown.ethereum).not.toBe('0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF');
    expect(await listed()).toMatchObject({ key: 'auth_address', development: true });
  });

  it('a configured start replaces development addresses and the mark goes', async () => {
    const own = wallet(false);
    await seedDatabase(api.database.db, { payout: own });
    expect(await published()).toEqual({ ethereum: own.ethereum, tron: own.tron });
    expect(await listed()).toMatchObject({ development: false });
    // A later start with other configured addresses keeps what is there (the env is the first value only).
    await seedDatabase(api.database.db, { payout: wallet(false) });
    expect(await published()).toEqual({ ethereum: own.ethereum, tron: own.tron });
  });

  it('a stored address whose key is public (the earlier built-in default) is replaced at the next start', async () => {
    const old = JSON.stringify({ ethereum: '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF', tron: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' });
    await api.database.db.update(settings).set({ value: old }).where(eq(settings.key, 'auth_address'));
    const dev = wallet(true);
    await seedDatabase(api.database.db, { payout: dev });
    expect(await published()).toEqual({ ethereum: dev.ethereum, tron: dev.tron });
    expect(await listed()).toMatchObject({ development: true });
  });

  it('operators cannot set a known-key or malformed payout address; their own valid one stays over restarts', async () => {
    const own = wallet(false);
    const known = await put(JSON.stringify({ ethereum: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', tron: own.tron }));
    expect(known.statusCode).toBe(400);
    expect(known.json()).toMatchObject({ code: OPERATOR_CODES.settingInvalid, message: 'validation.payoutAddressPublicKey' });
    const hardhatTron = await put(JSON.stringify({ ethereum: own.ethereum, tron: 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC' }));
    expect(hardhatTron.json()).toMatchObject({ message: 'validation.payoutAddressPublicKey' });
    // One letter's case flipped: the mixed-case checksum no longer holds.
    const flipped = own.ethereum.replace(/(?<=^0x.*)[a-fA-F]/, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
    const badChecksum = await put(JSON.stringify({ ethereum: flipped, tron: own.tron }));
    expect(badChecksum.json()).toMatchObject({ code: OPERATOR_CODES.settingInvalid, message: 'validation.payoutAddressInvalid' });
    const notTron = await put(JSON.stringify({ ethereum: own.ethereum, tron: own.ethereum.slice(2) }));
    expect(notTron.json()).toMatchObject({ code: OPERATOR_CODES.settingInvalid, message: 'validation.payoutAddressInvalid' });

    const saved = await put(JSON.stringify({ ethereum: own.ethereum, tron: own.tron }));
    expect(saved.json()).toMatchObject({ code: '200', result: { key: 'auth_address', development: false } });
    await seedDatabase(api.database.db, { payout: wallet(true) });
    expect(await published()).toEqual({ ethereum: own.ethereum, tron: own.tron });
    expect(await listed()).toMatchObject({ development: false });
  });
});

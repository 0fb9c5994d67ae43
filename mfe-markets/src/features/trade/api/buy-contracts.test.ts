import { describe, expect, it } from 'vitest';
import type { BuyContractsBody } from '@meridian/contracts';
import { createApiClient } from '@meridian/platform';
import { createIntentKeys, isUncertainFailure, sendWithIntentKey } from '@meridian/platform/data';
import { contractOrder } from '../../../shared/contract-order-fixture.ts';
import { buyContracts } from './buy-contracts.ts';

const order = contractOrder({
  id: '42',
  margin: '52.1',
  fee: '0.521',
  openPrice: '52100',
  openTime: 1_700_000_000_000,
  stopLoss: null,
  takeProfit: null,
  liquidationPrice: '49495',
  markPrice: '52100',
  floatingPnl: '0',
});
const body: BuyContractsBody = { instrumentId: 7, side: 'buy', lots: '1', leverage: 10, stopLoss: null, takeProfit: null };

type Answer = 'ok' | 'timeout' | 'network' | 'refused' | 'gateway';

/** A mocked API: answers each call as scripted and records the Idempotency-Key each one carried. */
function mockApi(script: Answer[]) {
  const keys: (string | null)[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    keys.push(new Headers(init.headers).get('Idempotency-Key'));
    const answer = script.shift() ?? 'ok';
    if (answer === 'timeout') {
      // Never answers: the client's own timeout aborts the call.
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'gateway') return new Response('bad gateway', { status: 502 });
    const payload =
      answer === 'ok' ? { code: '200', message: '', result: order } : { code: '10011', message: 'insufficient', result: null };
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const api = createApiClient({
    getToken: () => 't',
    getAccountMode: () => 'demo',
    onUnauthorized: () => undefined,
    fetchImpl,
    timeoutMs: 20,
  });
  return { api, keys };
}

let counter = 0;
const makeKey = () => `key-${String(++counter).padStart(8, '0')}`;
const submit = (api: ReturnType<typeof mockApi>['api'], keys: ReturnType<typeof createIntentKeys>, b = body) =>
  sendWithIntentKey(keys, JSON.stringify(['demo', b]), (key) => buyContracts(api, b, key));

describe('buyContracts idempotency (one key per submit, the same key on retry)', () => {
  it('sends the same key again when the user retries after a timeout, then a new one for the next order', async () => {
    const { api, keys: sent } = mockApi(['timeout', 'ok', 'ok']);
    const keys = createIntentKeys(makeKey);
    const first = await submit(api, keys).catch((e: unknown) => e);
    expect((first as { code?: string }).code).toBe('timeout');
    expect(isUncertainFailure(first)).toBe(true);
    expect(keys.pending()).not.toBeNull();
    await expect(submit(api, keys)).resolves.toMatchObject({ id: '42' });
    expect(keys.pending()).toBeNull();
    await submit(api, keys);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^key-/);
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
  });

  it('keeps the key across a network failure and a gateway error (the server may have applied the order)', async () => {
    const { api, keys: sent } = mockApi(['network', 'gateway', 'ok']);
    const keys = createIntentKeys(makeKey);
    await expect(submit(api, keys)).rejects.toMatchObject({ code: 'network' });
    await expect(submit(api, keys)).rejects.toMatchObject({ status: 502 });
    await submit(api, keys);
    expect(new Set(sent).size).toBe(1);
  });

  it('makes a new key after a definite refusal (nothing was applied)', async () => {
    const { api, keys: sent } = mockApi(['refused', 'ok']);
    const keys = createIntentKeys(makeKey);
    await expect(submit(api, keys)).rejects.toMatchObject({ code: '10011' });
    expect(keys.pending()).toBeNull();
    await submit(api, keys);
    expect(sent[1]).not.toBe(sent[0]);
  });

  it('treats a changed order after a timeout as a new submit with its own key', async () => {
    const { api, keys: sent } = mockApi(['timeout', 'ok']);
    const keys = createIntentKeys(makeKey);
    await expect(submit(api, keys)).rejects.toMatchObject({ code: 'timeout' });
    await submit(api, keys, { ...body, lots: '2' });
    expect(sent[1]).not.toBe(sent[0]);
  });

  it('sends a real key by default (a UUID fits the header pattern)', async () => {
    const { api, keys: sent } = mockApi(['ok']);
    await sendWithIntentKey(createIntentKeys(), 'x', (key) => buyContracts(api, body, key));
    expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });
});

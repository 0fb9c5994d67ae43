import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MODE_CODES } from '@meridian/contracts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

function refusal(mode: unknown): Response {
  return new Response(JSON.stringify({ code: MODE_CODES.accountModeChanged, message: 'the account in use is real', result: { mode } }), {
    status: 409,
    headers: { 'Content-Type': 'application/json' },
  });
}

function client(response: () => Response) {
  const onAccountModeChanged = vi.fn();
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    getToken: () => 'tok-1',
    getAccountMode: () => 'demo',
    onUnauthorized,
    onAccountModeChanged,
    fetchImpl: async () => response(),
  });
  return { api, onAccountModeChanged, onUnauthorized };
}

describe('api client: the account was switched in another window', () => {
  it('tells the page the mode in use, then rejects with the message naming that mode', async () => {
    const { api, onAccountModeChanged, onUnauthorized } = client(() => refusal('real'));
    const error = await api.post('/api/x', { result: z.null(), body: {}, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: MODE_CODES.accountModeChanged, messageKey: 'errors.modeChangedReal', status: 409 });
    expect(onAccountModeChanged).toHaveBeenCalledExactlyOnceWith('real');
    expect(onUnauthorized).not.toHaveBeenCalled();

    const demo = client(() => refusal('demo'));
    await expect(demo.api.get('/api/x', { result: z.null() })).rejects.toMatchObject({ messageKey: 'errors.modeChangedDemo' });
    expect(demo.onAccountModeChanged).toHaveBeenCalledExactlyOnceWith('demo');
  });

  it('a refusal without a mode it can read changes nothing and shows the general message', async () => {
    const { api, onAccountModeChanged } = client(() => refusal('bogus'));
    await expect(api.get('/api/x', { result: z.null() })).rejects.toMatchObject({ messageKey: 'errors.10110' });
    expect(onAccountModeChanged).not.toHaveBeenCalled();
  });
});

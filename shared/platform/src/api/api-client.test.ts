import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const fetchImpl = vi.fn<typeof fetch>(async () => jsonResponse({ code: '200', message: 'success', result: { n: 1 } }));
  const onUnauthorized = vi.fn();
  const api = createApiClient({ getToken: () => 'tok-1', getAccountMode: () => 'demo', onUnauthorized, fetchImpl, ...overrides });
  return { api, fetchImpl, onUnauthorized };
}

describe('api client', () => {
  it('sends Authorization and virtually NO for demo, YES for real', async () => {
    const { api, fetchImpl } = client();
    await api.get('/api/x', { result: z.object({ n: z.number() }) });
    const headers = fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-1');
    expect(headers.virtually).toBe('NO');

    const real = client({ getAccountMode: () => 'real', getToken: () => null });
    await real.api.get('/api/x', { result: z.object({ n: z.number() }) });
    const realHeaders = real.fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(realHeaders.virtually).toBe('YES');
    expect(realHeaders.Authorization).toBeUndefined();
  });

  it('uploads a multipart form with the token and no JSON content type, and parses the declared result', async () => {
    const { uploadsEndpoints } = await import('@meridian/contracts/endpoints/uploads');
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      jsonResponse({ code: '200', message: 'success', result: { id: '8d0f6f0e-2b7a-4c1e-9a55-0c1f3f1d2e3a', mime: 'image/png', size: 3 } }),
    );
    const { api } = client({ fetchImpl });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'proof.png');
    const result = await api.upload(uploadsEndpoints.uploadImage, form);
    expect(result).toMatchObject({ mime: 'image/png', size: 3 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/swx/customer/upload/image');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe(form);
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('tok-1');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('downloads a file answer with the session headers and its file name; a refusal throws with its code', async () => {
    const { fundingEndpoints } = await import('@meridian/contracts/endpoints/funding');
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response('id,time\n1,2026\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="meridian-statement-demo-all.csv"',
          },
        }),
    );
    const { api } = client({ fetchImpl });
    const file = await api.download(fundingEndpoints.exportStatement, { currency: 'USD' });
    expect(file.filename).toBe('meridian-statement-demo-all.csv');
    expect(await file.blob.text()).toBe('id,time\n1,2026\n');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/swx/customer/user/statement.csv?currency=USD');
    expect((init!.headers as Record<string, string>).Authorization).toBe('tok-1');
    fetchImpl.mockResolvedValueOnce(jsonResponse({ code: '10110', message: 'mode', result: { mode: 'real' } }, 409));
    await expect(api.download(fundingEndpoints.exportStatement)).rejects.toMatchObject({ code: '10110' });
  });

  it('serializes GET arrays as repeated keys', async () => {
    const { api, fetchImpl } = client();
    await api.get('/api/x', { result: z.object({ n: z.number() }), query: { id: [1, 2], type: 3, skip: undefined } });
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/x?id=1&id=2&type=3');
  });

  it('returns the validated result on code 200', async () => {
    const { api } = client();
    await expect(api.get('/api/x', { result: z.object({ n: z.number() }) })).resolves.toEqual({ n: 1 });
  });

  it('takes a SPEC §7 success code (20005 modified) as a success', async () => {
    const { api } = client({ fetchImpl: async () => jsonResponse({ code: '20005', message: 'modified successfully', result: null }) });
    await expect(api.post('/api/x', { result: z.null(), body: {} })).resolves.toBeNull();
  });

  it('maps a server code to its message key', async () => {
    const { api } = client({ fetchImpl: async () => jsonResponse({ code: '10011', message: 'insufficient', result: null }) });
    const error = await api.post('/api/x', { result: z.null(), body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('10011');
    expect((error as ApiError).messageKey).toBe('errors.10011');
  });

  it('clears the session on 401 in the body or the status', async () => {
    const body = client({ fetchImpl: async () => jsonResponse({ code: '401', message: 'expired', result: null }) });
    await expect(body.api.get('/api/x', { result: z.null() })).rejects.toMatchObject({ code: '401' });
    expect(body.onUnauthorized).toHaveBeenCalledTimes(1);

    const status = client({ fetchImpl: async () => new Response('nope', { status: 401 }) });
    await expect(status.api.get('/api/x', { result: z.null() })).rejects.toBeInstanceOf(ApiError);
    expect(status.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('rejects a result that breaks the contract', async () => {
    const { api } = client({ fetchImpl: async () => jsonResponse({ code: '200', message: 'success', result: { n: 'one' } }) });
    await expect(api.get('/api/x', { result: z.object({ n: z.number() }) })).rejects.toMatchObject({ messageKey: 'errors.unknown' });
  });

  it('gives up after the timeout with the timeout message', async () => {
    const fetchImpl: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { api } = client({ fetchImpl, timeoutMs: 20 });
    await expect(api.get('/api/x', { result: z.null() })).rejects.toMatchObject({ code: 'timeout', messageKey: 'errors.timeout' });
  });

  it('reports an unreachable network', async () => {
    const { api } = client({ fetchImpl: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.get('/api/x', { result: z.null() })).rejects.toMatchObject({ code: 'network', messageKey: 'errors.network' });
  });

  it('renews an expired access token once and repeats the call with the new one', async () => {
    let token = 'old';
    const fetchImpl = vi.fn<typeof fetch>(async (_url, init) => {
      const auth = (init!.headers as Record<string, string>).Authorization;
      return auth === 'new'
        ? jsonResponse({ code: '200', message: 'ok', result: { n: 2 } })
        : jsonResponse({ code: '401', message: 'expired', result: null }, 401);
    });
    const renewSession = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const { api, onUnauthorized } = client({ fetchImpl, getToken: () => token, renewSession });
    expect(await api.get('/api/x', { result: z.object({ n: z.number() }) })).toEqual({ n: 2 });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a call made while the page-load renewal is under way waits for it and goes out once, with the new token', async () => {
    let token: string | null = null;
    let finish: (ok: boolean) => void = () => undefined;
    let renewal: Promise<boolean> | null = new Promise<boolean>((resolve) => {
      finish = (ok) => {
        token = 'fresh';
        renewal = null;
        resolve(ok);
      };
    });
    const { api, fetchImpl } = client({ getToken: () => token, pendingRenewal: () => renewal, renewSession: async () => true });
    const answer = api.post('/api/swx/customer/user/getUserInfo', { result: z.object({ n: z.number() }) });
    await Promise.resolve();
    expect(fetchImpl).not.toHaveBeenCalled();
    finish(true);
    await expect(answer).resolves.toEqual({ n: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect((fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('fresh');
  });

  it('ends the session when the renewal is refused', async () => {
    const renewSession = vi.fn(async () => false);
    const { api, onUnauthorized } = client({
      fetchImpl: async () => jsonResponse({ code: '401', message: 'expired', result: null }, 401),
      renewSession,
    });
    const error = await api.get('/api/x', { result: z.null() }).catch((e: unknown) => e);
    expect((error as { code: string }).code).toBe('401');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

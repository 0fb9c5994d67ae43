import { CLIENT_ERROR_CODES, isSuccessCode } from '@meridian/contracts';
import { MODE_CHANGED_KEYS, MODE_CODES } from '@meridian/contracts';
import { endpointPath } from '@meridian/contracts';
import type { AccountModeName, Endpoint, EndpointSpec, PathValues } from '@meridian/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/** SPEC §8: every request gives up after 90 s. */
export const REQUEST_TIMEOUT_MS = 90_000;

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null;
  getAccountMode: () => 'demo' | 'real';
  /**
   * The server refused a call because the account was switched in another window (its stored mode is
   * not the one this window sent): called with the mode in use before the call rejects, so the window
   * follows it. The rejection's message names that mode.
   */
  onAccountModeChanged?: (mode: AccountModeName) => void;
  /** Called once per 401 (body code or HTTP status) before the call rejects. */
  onUnauthorized: () => void;
  /**
   * Tries to renew an expired access token (true when a new one is in place). A call that met 401
   * is sent once more after a successful renewal, before `onUnauthorized` is considered.
   */
  renewSession?: () => Promise<boolean>;
  /**
   * A renewal already under way (a page load of a signed-in browser renews at once, since the access
   * token lives in memory only): calls wait for it rather than go out without a token, meet 401 and
   * renew again. Null when none is.
   */
  pendingRenewal?: () => Promise<unknown> | null;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** GET query; arrays serialize as repeated keys (SPEC §6). */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  /** A multipart body (an image upload) instead of JSON: sent as it is, with the same headers, token and handling. */
  form?: FormData;
  /** The contract schema of `result`; the response is validated with it. */
  result: T;
  signal?: AbortSignal;
  /**
   * Money-moving calls: the `Idempotency-Key` of this submit. Make one per submit (`newIdempotencyKey`)
   * and send the same one when retrying it, so the server applies the submit once.
   */
  idempotencyKey?: string;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call of `E` sends: its path parameters, query and body as its schemas take them, the key of a money-moving call. */
export type CallInput<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: InputOf<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: InputOf<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> } : { body?: undefined }) &
  (E['idempotent'] extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined }) & { signal?: AbortSignal | undefined };

/** The input may be left out when the endpoint needs none. */
type CallArgs<E extends EndpointSpec> = Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** What a call of `E` resolves to: its declared result, parsed. */
export type CallResult<E extends EndpointSpec> = E['result'] extends z.ZodType ? z.output<E['result']> : never;

/** A fresh key for one submit of a money-moving call. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type ApiClient = ReturnType<typeof createApiClient>;

function toQueryString(query: RequestOptions<z.ZodType>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The account mode a refusal names as the one in use (`{ mode }`), if it names one. */
function modeIn(result: unknown): AccountModeName | null {
  const mode = (result as { mode?: unknown } | null)?.mode;
  return mode === 'demo' || mode === 'real' ? mode : null;
}

/** The fetch client every part uses: headers, timeout, envelope, 401 handling, result validation. */
export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T extends z.ZodType>(path: string, req: RequestOptions<T>): Promise<z.infer<T>> {
    const renewal = options.pendingRenewal?.();
    if (renewal) await renewal.catch(() => undefined);
    try {
      return await send(path, req);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== '401' || !options.renewSession) throw error;
      if (!(await options.renewSession())) {
        options.onUnauthorized();
        throw error;
      }
      return send(path, req, true);
    }
  }

  async function send<T extends z.ZodType>(path: string, req: RequestOptions<T>, retried = false): Promise<z.infer<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    req.signal?.addEventListener('abort', () => controller.abort(req.signal?.reason));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      virtually: options.getAccountMode() === 'demo' ? 'NO' : 'YES',
    };
    const token = options.getToken();
    if (token) headers.Authorization = token;
    if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
    let body: string | FormData | undefined = req.form;
    if (req.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    let response: Response;
    try {
      response = await fetchImpl(`${options.baseUrl ?? ''}${path}${toQueryString(req.query)}`, {
        method: req.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      const timedOut = controller.signal.aborted && !req.signal?.aborted;
      throw timedOut
        ? new ApiError('timeout', 'timeout', undefined, CLIENT_ERROR_CODES.timeout)
        : new ApiError('network', String(error), undefined, CLIENT_ERROR_CODES.network);
    } finally {
      clearTimeout(timer);
    }
    let payload: { code?: unknown; message?: unknown; result?: unknown };
    try {
      payload = (await response.json()) as typeof payload;
    } catch {
      if (response.status === 401 && (!options.renewSession || retried)) options.onUnauthorized();
      throw new ApiError(String(response.status), response.statusText, response.status);
    }
    const code = String(payload.code ?? response.status);
    if (code === '401' || response.status === 401) {
      // With a renewal available, the caller decides after trying it (see `request`).
      if (!options.renewSession || retried) options.onUnauthorized();
      throw new ApiError('401', String(payload.message ?? ''), response.status);
    }
    if (code === MODE_CODES.accountModeChanged) {
      const mode = modeIn(payload.result);
      if (mode) options.onAccountModeChanged?.(mode);
      throw new ApiError(code, String(payload.message ?? ''), response.status, mode ? MODE_CHANGED_KEYS[mode] : undefined);
    }
    // `200` and the SPEC §7 success codes (20001–20005) are successes; the caller shows the latter's message.
    if (!isSuccessCode(code)) {
      // A refused field names its own message (a `common` key such as `validation.imageFormat`): that is what to show.
      const message = String(payload.message ?? '');
      throw new ApiError(code, message, response.status, message.startsWith('validation.') ? message : undefined);
    }
    const parsed = req.result.safeParse(payload.result);
    if (!parsed.success) throw new ApiError('badResponse', parsed.error.message, response.status, CLIENT_ERROR_CODES.badResponse);
    return parsed.data;
  }

  /** Calls a declared endpoint by name: its method, path (parameters filled in) and result schema come from the declaration. */
  function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<CallResult<E>> {
    const { params, query, body, idempotencyKey, signal } = (input ?? {}) as CallInput<Endpoint>;
    if (!endpoint.result) throw new Error(`${endpoint.operationId} answers ${endpoint.raw}, not JSON: fetch it directly`);
    return request(endpointPath(endpoint, params), {
      method: endpoint.method,
      ...(query ? { query: query as RequestOptions<z.ZodType>['query'] } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(signal ? { signal } : {}),
      result: endpoint.result,
    }) as Promise<CallResult<E>>;
  }

  /** Sends a multipart form (one file, say) to a declared endpoint that takes one; its result parsed as `call` does. */
  function upload<E extends Endpoint>(endpoint: E, form: FormData, signal?: AbortSignal): Promise<CallResult<E>> {
    if (!endpoint.result) throw new Error(`${endpoint.operationId} answers ${endpoint.raw}, not JSON`);
    return request(endpointPath(endpoint), {
      method: endpoint.method,
      form,
      ...(signal ? { signal } : {}),
      result: endpoint.result,
    }) as Promise<CallResult<E>>;
  }

  /**
   * Fetches a declared endpoint that answers a file (`raw`, a CSV export) with the session's headers, and
   * gives its bytes and the file name its Content-Disposition names. A refusal (an envelope) throws as
   * `call` would; a 401 renews the session once, as every call does.
   */
  async function download<E extends Endpoint>(
    endpoint: E,
    query?: RequestOptions<z.ZodType>['query'],
    signal?: AbortSignal,
    /** The path's values (`:id` …) of an endpoint that has any. */
    params?: PathValues,
  ): Promise<{ blob: Blob; filename: string }> {
    const path = `${endpointPath(endpoint, params)}${toQueryString(query)}`;
    const fetchOnce = async () => {
      const headers: Record<string, string> = { virtually: options.getAccountMode() === 'demo' ? 'NO' : 'YES' };
      const token = options.getToken();
      if (token) headers.Authorization = token;
      let response: Response;
      try {
        response = await fetchImpl(`${options.baseUrl ?? ''}${path}`, {
          method: 'GET',
          headers,
          credentials: 'same-origin',
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        throw new ApiError('network', String(error), undefined, CLIENT_ERROR_CODES.network);
      }
      if (response.ok && !(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
      const payload = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
      const code = String(payload.code ?? response.status);
      throw new ApiError(code, String(payload.message ?? ''), response.status);
    };
    let response: Response;
    try {
      response = await fetchOnce();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== '401') throw error;
      if (!options.renewSession || !(await options.renewSession())) {
        options.onUnauthorized();
        throw error;
      }
      response = await fetchOnce();
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
    return { blob: await response.blob(), filename };
  }

  return {
    request,
    call,
    upload,
    download,
    get: <T extends z.ZodType>(path: string, req: Omit<RequestOptions<T>, 'method' | 'body'>) => request(path, { ...req, method: 'GET' }),
    post: <T extends z.ZodType>(path: string, req: Omit<RequestOptions<T>, 'method'>) => request(path, { ...req, method: 'POST' }),
  };
}

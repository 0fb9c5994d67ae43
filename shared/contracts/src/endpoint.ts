import type { z } from 'zod';
import type { OperatorRole } from './operators.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - `anonymous`: anyone (a customer token, when sent, may still be read);
 * - `customer`: a signed-in customer (401 without one);
 * - `operator-public`: operator sign-in and set-up, before an operator session exists;
 * - a list of roles: an operator holding one of them (401 without a session, 403 without the role).
 */
export type Callers = 'anonymous' | 'customer' | 'operator-public' | readonly OperatorRole[];

/** The refusals (4xx) a call can give besides those every call of its kind gives, with their `result`. */
export type Refusals = Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503, z.ZodType>>;

/** One HTTP call, declared once: the API registers its route from it, the client calls it by name, OpenAPI comes from it. */
export interface EndpointSpec {
  method: HttpMethod;
  /** The full path, with `:name` for each path parameter (`/api/swx/customer/order/closeContracts/:id`). */
  path: `/${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `result` on success. Absent for an answer that is not JSON (`raw`). */
  result?: z.ZodType;
  /** An answer that is not the JSON envelope: its content type (a CSV export, an image, a redirect). */
  raw?: string;
  callers: Callers;
  /** A money-moving call: it takes an `Idempotency-Key` (one per submit, the same on a retry). */
  idempotent?: boolean;
  /** The call acts on the user's stored account mode: a window that names the other one is refused (409). */
  accountMode?: boolean;
  /** The call is rate-limited (429 when a caller asks too often). */
  limited?: boolean;
  refusals?: Refusals;
}

/** An endpoint as its domain declared it: the spec plus its operation id (its key) and its domain (tag). */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { readonly operationId: string; readonly domain: string };

/**
 * Declares a domain's endpoints: each key becomes the operation id, the domain the OpenAPI tag.
 * `defineEndpoints('order', { buyContracts: { method: 'POST', path: …, … } })`.
 */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  domain: string,
  specs: T,
): { readonly [K in keyof T]: Endpoint<T[K]> } {
  const out: Record<string, Endpoint> = {};
  for (const [operationId, spec] of Object.entries(specs)) out[operationId] = { ...spec, operationId, domain };
  return out as { readonly [K in keyof T]: Endpoint<T[K]> };
}

/** Path parameters by name, as the client passes them (encoded into the path). */
export type PathValues = Readonly<Record<string, string | number>>;

/** The endpoint's path with its parameters filled in (each encoded), for a request. */
export function endpointPath(endpoint: Pick<EndpointSpec, 'path'>, params?: PathValues): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path in OpenAPI's form (`{id}` for `:id`). */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Whether operators call it (with or without a session). */
export const isOperatorEndpoint = (endpoint: Pick<EndpointSpec, 'callers'>): boolean =>
  endpoint.callers === 'operator-public' || Array.isArray(endpoint.callers);

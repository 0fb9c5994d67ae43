import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Requests generated from the API's own OpenAPI document (`GET /api/openapi.json`): schema-valid
 * inputs and hostile ones (wrong types, boundaries, ids past 2^31, NUL and lone surrogates, huge
 * strings, extra fields, malformed JSON, wrong content types). A new route is covered with no code.
 */

/** The subset of JSON Schema that @fastify/swagger writes for the zod schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The document's path, `{name}` for path parameters. */
  path: string;
  params: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** `x-roles` of operator routes: the roles allowed, or `public`. */
  roles: string[] | 'public' | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        'x-roles'?: string[] | 'public';
      }
    >
  >;
}

export async function loadOperations(app: FastifyInstance, url = '/api/openapi.json'): Promise<Operation[]> {
  const doc = (await app.inject({ url })).json() as OpenApiDocument;
  return operationsOf(doc);
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        roles: op['x-roles'],
      });
    }
  }
  return operations;
}

// ---- values -------------------------------------------------------------------------------------

const INT_MAX = 2_147_483_647;
const uuid = fc.uuid();

/** A value the schema accepts (as far as the generator can tell: patterns and formats included). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map(validValue));
  if (schema.allOf?.length) return validValue(schema.allOf[0]!);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const exclusiveMin = schema.exclusiveMinimum === true;
      const min = Math.max(schema.minimum ?? -1_000_000, -1_000_000) + (exclusiveMin ? 1 : 0);
      // Ids in the database are 32-bit: a valid id is generated small (large ones are hostile inputs).
      const max = Math.min(schema.maximum ?? 1_000_000, Math.max(min, 1_000_000));
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ? validValue(schema.items) : fc.constant(null);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) record[key] = validValue(sub);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    case 'string':
    default:
      return validString(schema);
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return uuid;
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    // Money and amounts travel as decimal strings: realistic ones, negative ones, 30 digits.
    fc.constantFrom('1', '0.01', '100', '-5', '1'.repeat(30), '0.000000001').filter((s) => s.length >= minLength),
  );
}

/** Hostile values of any type: what an attacker or a broken client sends. */
export const HOSTILE: readonly unknown[] = [
  INT_MAX,
  INT_MAX + 1,
  2 ** 53,
  -1,
  0,
  -(INT_MAX + 2),
  1.5,
  1e308,
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1e999',
  'NaN',
  '0x10',
  ' 1 ',
  '',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  '𝕏😀',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '-0.00000001',
  '123456789012345678901234567890',
  '-123456789012345678901234567890.123456789',
  'a'.repeat(5000),
  null,
  true,
  [],
  [1, 2],
  {},
  { __proto__: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } },
];

const hostile = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

// ---- requests -----------------------------------------------------------------------------------

export interface Principal {
  name: string;
  headers: Record<string, string>;
}

export interface FuzzRequest {
  kind: string;
  principal: string;
  inject: InjectOptions;
}

type Variant =
  | 'valid'
  | 'hostileParam'
  | 'hostileField'
  | 'missingRequired'
  | 'extraFields'
  | 'wrongBodyType'
  | 'malformedJson'
  | 'wrongContentType'
  | 'longParam'
  | 'badHeaders';

const VARIANTS: Variant[] = [
  'valid',
  'hostileParam',
  'hostileField',
  'missingRequired',
  'extraFields',
  'wrongBodyType',
  'malformedJson',
  'wrongContentType',
  'longParam',
  'badHeaders',
];

/** Percent-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) becomes bytes that are not UTF-8. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%A-Za-z0-9_.~-]/g, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
}

function valuesOf(params: Parameter[], where: Parameter['in']) {
  return params.filter((p) => p.in === where);
}

/** One request against an operation; the principals are the identities allowed to try it. */
export function requestArb(op: Operation, principals: Principal[]): fc.Arbitrary<FuzzRequest> {
  const pathParams = valuesOf(op.params, 'path');
  const queryParams = valuesOf(op.params, 'query');
  const headerParams = valuesOf(op.params, 'header');
  const validRecord = (ps: Parameter[]) =>
    fc.record(Object.fromEntries(ps.map((p) => [p.name, validValue(p.schema)])) as Record<string, fc.Arbitrary<unknown>>, {
      requiredKeys: ps.filter((p) => p.required || p.in === 'path').map((p) => p.name),
    });
  return fc
    .record({
      variant: fc.constantFrom(...VARIANTS),
      principal: fc.constantFrom(...principals),
      path: validRecord(pathParams),
      query: validRecord(queryParams),
      headers: validRecord(headerParams),
      body: op.body ? validValue(op.body) : fc.constant(undefined),
      hostile,
      pick: fc.nat(),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), hostile, { minKeys: 1, maxKeys: 3 }),
      idempotencyKey: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), fc.constantFrom('', 'short', 'x'.repeat(300), 'bad key!')),
      mode: fc.constantFrom('NO', 'YES', 'MAYBE', ''),
    })
    .map((r): FuzzRequest => {
      const path = { ...r.path } as Record<string, unknown>;
      const query = { ...r.query } as Record<string, unknown>;
      let body: unknown = r.body;
      let rawPayload: string | undefined;
      let contentType: string | undefined = op.body || op.method !== 'GET' ? 'application/json' : undefined;
      const headers: Record<string, string> = { ...r.principal.headers };
      const choose = <T>(list: T[]): T | undefined => (list.length ? list[r.pick % list.length] : undefined);

      switch (r.variant) {
        case 'hostileParam': {
          const param = choose([...pathParams, ...queryParams]);
          if (param) (param.in === 'path' ? path : query)[param.name] = r.hostile;
          else body = r.hostile;
          break;
        }
        case 'hostileField': {
          if (body && typeof body === 'object' && !Array.isArray(body)) {
            const key = choose(Object.keys(op.body?.properties ?? {}));
            if (key) body = { ...(body as object), [key]: r.hostile };
          } else {
            const param = choose(queryParams);
            if (param) query[param.name] = r.hostile;
          }
          break;
        }
        case 'missingRequired': {
          const key = choose(op.body?.required ?? []);
          if (key && body && typeof body === 'object') {
            const copy = { ...(body as Record<string, unknown>) };
            delete copy[key];
            body = copy;
          } else {
            const param = choose(queryParams.filter((p) => p.required));
            if (param) delete query[param.name];
          }
          break;
        }
        case 'extraFields':
          if (body && typeof body === 'object' && !Array.isArray(body)) body = { ...(body as object), ...r.extra };
          else body = r.extra;
          Object.assign(query, r.extra);
          break;
        case 'wrongBodyType':
          body = r.hostile;
          break;
        case 'malformedJson':
          rawPayload = choose(['{', '{"a":', '[1,2', '{"__proto__":{"x":1}}', 'null', '"text"', '\u0000', '{"a":1}}'])!;
          contentType = 'application/json';
          break;
        case 'wrongContentType':
          rawPayload = choose(['a=1&b=2', '<x/>', 'plain words', '--b\r\n\r\n'])!;
          contentType = choose([
            'application/x-www-form-urlencoded',
            'text/xml',
            'text/plain',
            'multipart/form-data; boundary=b',
            'application/json; charset=utf-16',
            'image/png',
          ]);
          break;
        case 'longParam': {
          const param = choose(pathParams) ?? choose(queryParams);
          if (param) (param.in === 'path' ? path : query)[param.name] = 'z'.repeat(param.in === 'path' ? 150 : 10_000);
          break;
        }
        case 'badHeaders':
          headers.authorization = choose(['Bearer', 'Bearer ' + 'x'.repeat(2000), 'Basic Zm9vOmJhcg==', '\t', 'null', randomUUID()])!;
          break;
        case 'valid':
          break;
      }

      for (const p of headerParams) if (r.headers[p.name] !== undefined) headers[p.name] = String(r.headers[p.name]);
      // Money-moving calls need an Idempotency-Key: every call but a few carries a well-formed one.
      if (op.method !== 'GET' && r.variant === 'badHeaders') headers['idempotency-key'] = r.idempotencyKey;
      if (r.mode) headers.virtually = r.mode;
      const inject = toInject(op, { path, query, headers, body, rawPayload, contentType });
      return { kind: r.variant, principal: r.principal.name, inject };
    });
}

interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  rawPayload?: string | undefined;
  contentType?: string | undefined;
}

/** The request `app.inject` sends: path and query percent-encoded, the body as JSON unless raw. */
export function toInject(op: Operation, parts: Parts): InjectOptions {
  const headers = { ...parts.headers };
  if (op.method !== 'GET' && headers['idempotency-key'] === undefined) headers['idempotency-key'] = randomUUID();
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(parts.path[name] ?? 'missing'));
  const search = Object.entries(parts.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  if (search) url += `?${search}`;
  const inject: InjectOptions = { method: op.method, url, headers };
  if (op.method !== 'GET') {
    if (parts.rawPayload !== undefined) inject.payload = parts.rawPayload;
    else if (parts.body !== undefined) inject.payload = JSON.stringify(parts.body);
    const contentType = parts.contentType ?? 'application/json';
    if (inject.payload !== undefined) headers['content-type'] = contentType;
  }
  return inject;
}

/** The values each parameter and body field is tried with, one at a time, the rest valid: by the field's type. */
const SWEEP = {
  integer: [INT_MAX + 1, -1, 1.5, 'a\u0000b'],
  string: ['a\u0000b', '\uD800', '-123456789012345678901234567890', 42],
  other: ['a\u0000b', null, {}],
} as const satisfies Record<string, readonly unknown[]>;

function sweepOf(schema: JsonSchema | undefined): readonly unknown[] {
  const type = schema?.type === 'array' ? schema.items?.type : schema?.type;
  if (type === 'integer' || type === 'number') return SWEEP.integer;
  if (type === 'string') return SWEEP.string;
  return SWEEP.other;
}

/**
 * The deterministic sweep: for each path, query and body field of an operation, each SWEEP value in
 * its place (the rest valid, from `seed`), as `principal`.
 */
export function sweepRequests(op: Operation, principal: Principal, seed: number): FuzzRequest[] {
  const pick = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed, numRuns: 1 })[0]!;
  const base = {
    path: Object.fromEntries(valuesOf(op.params, 'path').map((p) => [p.name, pick(validValue(p.schema))])),
    query: Object.fromEntries(
      valuesOf(op.params, 'query')
        .filter((p) => p.required)
        .map((p) => [p.name, pick(validValue(p.schema))]),
    ),
    headers: { ...principal.headers },
    body: op.body ? pick(validValue(op.body)) : undefined,
  };
  const requests: FuzzRequest[] = [];
  const fields: { where: 'path' | 'query' | 'body'; name: string; schema: JsonSchema | undefined }[] = [
    ...op.params
      .filter((p) => p.in === 'path' || p.in === 'query')
      .map((p) => ({ where: p.in as 'path' | 'query', name: p.name, schema: p.schema })),
    ...Object.entries(op.body?.properties ?? {}).map(([name, schema]) => ({ where: 'body' as const, name, schema })),
  ];
  for (const field of fields) {
    for (const value of sweepOf(field.schema)) {
      const parts = { ...base, path: { ...base.path }, query: { ...base.query } };
      // An array field (ids to mark read, say) takes the value as its element.
      const isArray = field.where === 'body' && op.body?.properties?.[field.name]?.type === 'array';
      if (field.where === 'body') parts.body = { ...(base.body as object), [field.name]: isArray ? [value] : value };
      else parts[field.where][field.name] = value;
      requests.push({
        kind: `sweep ${field.where}.${field.name}=${JSON.stringify(value).slice(0, 20)}`,
        principal: principal.name,
        inject: toInject(op, parts),
      });
    }
  }
  return requests;
}

// ---- answers ------------------------------------------------------------------------------------

/** What is wrong with an answer, if anything: a 5xx, or an error answered outside `{ code, message, result }`. */
export function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  const isError = res.statusCode >= 400;
  if (!type.includes('json')) {
    // Images, CSV files and redirects are answers of their own; an error must still be an envelope.
    return isError ? `status ${res.statusCode} not JSON (${type || 'no content type'})` : null;
  }
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `status ${res.statusCode} with unparsable JSON`;
  }
  const envelope = body as { code?: unknown; message?: unknown; result?: unknown } | null;
  const isEnvelope =
    !!envelope &&
    typeof envelope === 'object' &&
    typeof envelope.code === 'string' &&
    typeof envelope.message === 'string' &&
    'result' in envelope;
  if (isError && !isEnvelope) return `status ${res.statusCode} outside the envelope`;
  if (!isError && res.statusCode === 200 && isEnvelope && envelope.code !== '200') return null;
  if (!isError && !isEnvelope && res.statusCode === 200) return null;
  return null;
}

/** A request the framework itself refuses (before any route runs), and the status it must answer. */
export interface FrameworkCheck {
  name: string;
  inject: InjectOptions;
  status: number;
}

/** The framework refusals every server in front of the API answers alike (the API alone, the site server). */
export const FRAMEWORK_CHECKS = {
  malformedUrl: { name: 'malformed URL', inject: { url: '/api/%' }, status: 400 },
  longPathParameter: {
    name: 'path parameter too long',
    inject: { url: `/api/swx/customer/index/getParamByKey/${'k'.repeat(150)}` },
    status: 414,
  },
  bodyOverLimit: {
    name: 'body over the limit',
    inject: {
      method: 'POST',
      url: '/api/swx/customer/login/login',
      payload: JSON.stringify({ email: 'a'.repeat(300 * 1024) }),
      headers: { 'content-type': 'application/json' },
    },
    status: 413,
  },
} satisfies Record<string, FrameworkCheck>;

/** Sends each check; names those answered with another status or outside the envelope (none: all good). */
export async function frameworkFailures(app: FastifyInstance, checks: FrameworkCheck[]): Promise<string[]> {
  const failures: string[] = [];
  for (const check of checks) {
    const res = await app.inject(check.inject);
    const problem = problemOf(res);
    if (problem || res.statusCode !== check.status) failures.push(`${check.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
  }
  return failures;
}

export interface Finding {
  route: string;
  kind: string;
  principal: string;
  problem: string;
  url: string;
  payload: string;
  status: number;
  body: string;
}

/** The run's figures: requests sent, per route and kind, and what went wrong. */
export class FuzzReport {
  sent = 0;
  readonly findings: Finding[] = [];

  record(route: string, request: FuzzRequest, res: LightMyRequestResponse): void {
    this.sent += 1;
    const problem = problemOf(res);
    if (problem)
      this.findings.push({
        route,
        kind: request.kind,
        principal: request.principal,
        problem,
        url: String(request.inject.url).slice(0, 200),
        payload: typeof request.inject.payload === 'string' ? request.inject.payload.slice(0, 80) : '',
        status: res.statusCode,
        body: res.body.slice(0, 200),
      });
  }

  /** One line per route and problem (with one example), for the test's failure message. */
  summary(): string[] {
    const groups = new Map<string, { count: number; example: Finding }>();
    for (const f of this.findings) {
      const key = `${f.route} — ${f.problem}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else groups.set(key, { count: 1, example: f });
    }
    return [...groups.entries()].map(
      ([key, g]) =>
        `${key} ×${g.count} (e.g. ${g.example.kind} as ${g.example.principal}: ${g.example.url} ${g.example.payload} → ${g.example.body})`,
    );
  }
}

/** The seed and number of runs: fixed and short in CI, `FUZZ_SEED` / `FUZZ_RUNS` for a longer run. */
export function fuzzSettings(defaultRuns: number): { seed: number; runs: number } {
  const seed = Number(process.env.FUZZ_SEED ?? 14);
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  return { seed: Number.isFinite(seed) ? seed : 14, runs: Number.isFinite(runs) && runs > 0 ? runs : defaultRuns };
}

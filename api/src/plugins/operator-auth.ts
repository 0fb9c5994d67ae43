import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { OPERATOR_CODES, OPERATOR_ROLES } from '@meridian/contracts';
import type { OperatorRole } from '@meridian/contracts';
import type { OperatorIdentity, OperatorService } from '../operators/operators.ts';
import { ApiFailure } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorIdentity;
  }
  interface FastifyContextConfig {
    /** Who may call an operator route: roles (any of them), or `public` (sign-in and set-up only). */
    roles?: readonly OperatorRole[] | 'public';
  }
}

export interface BreakGlass {
  /** `MERIDIAN_ADMIN_TOKEN`: automation's token, not a person's; off when unset. */
  token: string | undefined;
  /** What it may do (`MERIDIAN_ADMIN_TOKEN_ROLES`, `release` by default). */
  roles: OperatorRole[];
}

/** Roles named in `MERIDIAN_ADMIN_TOKEN_ROLES` (comma-separated), `release` when unset; unknown names are refused. */
export function breakGlassFromEnv(env: NodeJS.ProcessEnv): BreakGlass {
  const names = (env.MERIDIAN_ADMIN_TOKEN_ROLES ?? 'release')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = names.filter((r) => !(OPERATOR_ROLES as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`MERIDIAN_ADMIN_TOKEN_ROLES names unknown roles: ${unknown.join(', ')}`);
  // Automation never manages operators nor moves money: those need named people.
  const refused = names.filter((r) => r === 'admin' || r === 'finance');
  if (refused.length) throw new Error(`MERIDIAN_ADMIN_TOKEN_ROLES cannot grant ${refused.join(', ')}: those need a named operator`);
  const token = env.MERIDIAN_ADMIN_TOKEN || undefined;
  if (token && token.length < 24) throw new Error('MERIDIAN_ADMIN_TOKEN must be at least 24 characters');
  return { token, roles: names as OperatorRole[] };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The gate of every operator route: a live operator session (or the break-glass token) whose roles
 * include one the route declares. No customer token is an operator token (separate tables), so a
 * customer gets 401; an operator without the role gets 403.
 */
export function operatorGate(service: OperatorService, breakGlass: BreakGlass) {
  const breakGlassDigest = breakGlass.token ? digest(breakGlass.token) : null;
  return (roles: readonly OperatorRole[] | 'public' | undefined): ((request: FastifyRequest) => Promise<void>) =>
    async (request) => {
      if (roles === 'public') return;
      if (!roles) throw new ApiFailure('500', 'route declares no roles', 500);
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      let identity: OperatorIdentity | null = null;
      if (token && breakGlassDigest && timingSafeEqual(digest(token), breakGlassDigest)) {
        identity = { id: null, email: 'break-glass', name: 'break-glass', roles: breakGlass.roles, breakGlass: true, ip: request.ip };
      } else if (token) {
        identity = await service.authenticate(token, request.ip);
      }
      if (!identity) throw new ApiFailure('401', 'operator authorization required', 401);
      if (!roles.some((role) => identity.roles.includes(role))) throw new ApiFailure(OPERATOR_CODES.forbidden, 'role not allowed', 403);
      request.operator = identity;
    };
}
export type OperatorGate = ReturnType<typeof operatorGate>;

/**
 * Puts a scope behind the gate: each route must declare `config.roles` when it is registered (a
 * route without them fails the server's start), and each request is checked against them.
 */
export function guardOperatorScope(app: FastifyInstance, gate: OperatorGate): void {
  app.addHook('onRoute', (route) => {
    const roles = (route.config as { roles?: unknown } | undefined)?.roles;
    if (roles !== 'public' && !(Array.isArray(roles) && roles.length > 0))
      throw new Error(`operator route ${route.method} ${route.url} declares no roles`);
    // The OpenAPI document states who may call each route (the role × route matrix test reads it).
    route.schema = { ...(route.schema ?? {}), 'x-roles': roles } as typeof route.schema;
  });
  const hook: onRequestHookHandler = async (request) => gate(request.routeOptions.config.roles)(request);
  app.addHook('onRequest', hook);
}

/** The operator of a gated route. */
export function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw new ApiFailure('401', 'operator authorization required', 401);
  return request.operator;
}

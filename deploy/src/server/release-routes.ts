import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { semverString } from '@meridian/contracts/schemas';
import { BACKOFFICE_SECTIONS, RELEASABLE_PARTS } from '@meridian/contracts';
import { audit, guardOperatorScope, operatorOf } from '@meridian/api';
import type { Database, OperatorGate } from '@meridian/api';
import type { ArtifactStore } from '../registry/artifact-store.ts';
import type { RolloutStore } from '../registry/rollout-store.ts';
import { RevisionConflict } from '../registry/rollout-store.ts';
import { networkDigest, networkOf } from './client-network.ts';

const remoteName = z.enum(RELEASABLE_PARTS);
const envName = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);

/** The longest version a report may name (a local build's `x.y.z+<digest>` is far shorter). */
const MAX_VERSION_LENGTH = 64;

/**
 * One shell's report: nothing but these fields, each bounded. `env` must be an environment this
 * site serves (the one its rollout.json names), never any name a sender makes up.
 */
const telemetryBodyFor = (environments: readonly string[]) =>
  z.strictObject({
    env: envName.refine((env) => environments.includes(env)),
    remote: remoteName,
    version: semverString.max(MAX_VERSION_LENGTH),
    event: z.enum(['load', 'load-failure', 'mount-failure']),
    ms: z.number().min(0).max(600_000).optional(),
  });

const invalidReport = { code: '400', message: 'validation.invalid', result: null } as const;

/**
 * The registry's HTTP surface: telemetry from shells (public, `sendBeacon`), and the release
 * operations the CLI calls (operator token).
 */
export async function registerReleaseRoutes(
  app: FastifyInstance,
  options: {
    rollouts: RolloutStore;
    artifacts: ArtifactStore;
    /** The environments whose shells may report here: the site's own. */
    environments: readonly string[];
    /** The API's operator gate: release operations need the `release` role; status and history also admit admins and auditors. */
    gate: OperatorGate;
    /** The API's database, where each release operation is also written to the operators' audit log. */
    db: Database;
    telemetrySecret: string;
    limitsRedis?: Redis | undefined;
  },
): Promise<void> {
  const { rollouts, artifacts } = options;
  const telemetryBody = telemetryBodyFor(options.environments);

  await app.register(async (publicScope) => {
    // A report the framework cannot read (bad JSON, a type it does not parse, too large) is the
    // sender's fault: a 400 in the envelope, like a report that does not validate; 429 stays 429.
    publicScope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.status(429).send({ code: '429', message: 'too many requests', result: null });
      if (status >= 400 && status < 500) return reply.status(400).send(invalidReport);
      request.log.error({ err: error }, 'telemetry failed');
      return reply.status(500).send({ code: '500', message: 'unknown error', result: null });
    });
    // Anyone can report, so reports are rate-limited per network (an IPv6 sender has a whole /48).
    await publicScope.register(rateLimit, {
      max: 300,
      timeWindow: '1 minute',
      keyGenerator: (request) => networkOf(request.ip),
      ...(options.limitsRedis ? { redis: options.limitsRedis, nameSpace: 'meridian:limit:telemetry:', skipOnError: true } : {}),
    });
    publicScope.post('/api/release/telemetry', { bodyLimit: 4096 }, async (request, reply) => {
      // sendBeacon posts text/plain; accept a JSON string as well as a parsed body.
      const raw = typeof request.body === 'string' ? safeJson(request.body) : request.body;
      const parsed = telemetryBody.safeParse(raw);
      if (!parsed.success) return reply.status(400).send(invalidReport);
      const { env, remote, version, event, ms } = parsed.data;
      // Only versions this environment's rollout has served (stable, canary or before) are counted.
      const served = (await rollouts.read(env)).remotes[remote]?.integrity ?? {};
      if (!Object.hasOwn(served, version) || !artifacts.has(remote, version))
        return reply.status(400).send({ code: '400', message: 'unknown version', result: null });
      await rollouts.recordTelemetry(env, remote, version, event, {
        ms,
        network: networkDigest(networkOf(request.ip), options.telemetrySecret),
      });
      return reply.status(202).send({ code: '200', message: 'recorded', result: null });
    });
  });

  await app.register(async (admin) => {
    guardOperatorScope(admin, options.gate);
    // A person is named by their operator account; automation's break-glass token by the actor it states.
    const actorOf = (request: FastifyRequest) => {
      const me = operatorOf(request);
      return me.breakGlass ? `break-glass:${String(request.headers['x-release-actor'] ?? 'automation').slice(0, 80)}` : me.email;
    };
    // The back-office's releases section (one table of sections: nav, routes and these role lists).
    const READ = { roles: BACKOFFICE_SECTIONS.releases.readers };
    const WRITE = { roles: BACKOFFICE_SECTIONS.releases.writers };
    /**
     * Every change of a rollout is also an operator action in the audit log, written before the answer:
     * a change whose audit cannot be written answers 500 (the rollout's own history keeps it as well).
     */
    const audited = async <T>(request: FastifyRequest, verb: 'canary' | 'stable' | 'promote' | 'rollback' | 'restore', result: T) => {
      const body = request.body as { env?: string } | undefined;
      await audit(
        options.db,
        { ...operatorOf(request), email: actorOf(request) },
        `release.${verb}`,
        { kind: 'rollout', id: String(body?.env ?? '') },
        null,
        body ?? null,
      );
      return { code: '200', message: 'success', result };
    };

    admin.setErrorHandler((error: Error, request, reply) => {
      const httpStatus = (error as { httpStatus?: number }).httpStatus;
      if (httpStatus === 401 || httpStatus === 403)
        return reply
          .status(httpStatus)
          .send({ code: (error as { code?: string }).code ?? String(httpStatus), message: error.message, result: null });
      if (error instanceof RevisionConflict) return reply.status(409).send({ code: '409', message: error.message, result: null });
      // What the framework refuses before the handler (bad JSON, a type it does not parse, too large) is the caller's.
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (statusCode !== undefined && statusCode >= 400 && statusCode < 500)
        return reply.status(statusCode).send({ code: String(statusCode), message: 'validation.invalid', result: null });
      // Release rule refusals carry a RELEASE-0xx code; anything else is our failure, not the caller's.
      if (/^RELEASE-\d{3}/.test(error.message) || error instanceof z.ZodError)
        return reply.status(400).send({ code: '400', message: error.message, result: null });
      request.log.error({ err: error }, 'release operation failed');
      return reply.status(500).send({ code: '500', message: 'release operation failed', result: null });
    });

    admin.get('/api/release/status', { config: READ }, async (request) => {
      const env = envName.parse((request.query as { env?: string }).env ?? 'production');
      return { code: '200', message: 'success', result: { rollout: await rollouts.read(env), telemetry: await rollouts.telemetry(env) } };
    });

    admin.get('/api/release/history', { config: READ }, async (request) => {
      const q = request.query as { env?: string; remote?: string };
      const env = envName.parse(q.env ?? 'production');
      return { code: '200', message: 'success', result: await rollouts.history(env, q.remote ? remoteName.parse(q.remote) : undefined) };
    });

    admin.post('/api/release/canary', { config: WRITE }, async (request) => {
      const body = z
        .object({ env: envName, remote: remoteName, version: z.string(), weight: z.number().int().min(0).max(100) })
        .parse(request.body);
      const record = artifacts.record(body.remote, body.version);
      if (!record) throw new Error(`RELEASE-027: ${body.remote}@${body.version} is not published`);
      return audited(
        request,
        'canary',
        await rollouts.canary(body.env, body.remote, body.version, body.weight, record.integrity, actorOf(request)),
      );
    });

    admin.post('/api/release/stable', { config: WRITE }, async (request) => {
      const body = z.object({ env: envName, remote: remoteName, version: z.string() }).parse(request.body);
      const record = artifacts.record(body.remote, body.version);
      if (!record) throw new Error(`RELEASE-027: ${body.remote}@${body.version} is not published`);
      return audited(request, 'stable', await rollouts.setStable(body.env, body.remote, body.version, record.integrity, actorOf(request)));
    });

    admin.post('/api/release/promote', { config: WRITE }, async (request) => {
      const body = z.object({ env: envName, remotes: z.array(remoteName).min(1), force: z.boolean().default(false) }).parse(request.body);
      return audited(request, 'promote', await rollouts.promote(body.env, body.remotes, actorOf(request), body.force));
    });

    admin.post('/api/release/rollback', { config: WRITE }, async (request) => {
      const body = z.object({ env: envName, remotes: z.array(remoteName).min(1) }).parse(request.body);
      return audited(request, 'rollback', await rollouts.rollback(body.env, body.remotes, actorOf(request)));
    });

    admin.post('/api/release/restore', { config: WRITE }, async (request) => {
      const body = z.object({ env: envName, revision: z.number().int().positive() }).parse(request.body);
      return audited(request, 'restore', await rollouts.restore(body.env, body.revision, actorOf(request)));
    });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BalanceEvents } from './ledger/account-figures.ts';
import { Ledger } from './ledger/ledger.ts';
import { LocalGenerations, SharedGenerations, UserReads, serveUserReads } from './accounts/user-reads.ts';
import { databaseEngine } from './db/database.ts';
import { Scheduler, systemClock } from './jobs/scheduler.ts';
import type { JobClock } from './jobs/scheduler.ts';
import { registerJobs } from './jobs/register.ts';
import { API_MODULES } from './modules.ts';
import type { ApiCore } from './modules.ts';
import { TradingService } from './trading/trading-service.ts';
import type { AccountsContext } from './accounts/context.ts';
import { AccountLimits, OperatorSignInLimit } from './accounts/limits.ts';
import { createMailer } from './accounts/mailer.ts';
import type { MailOptions } from './accounts/mailer.ts';
import { liveSessions } from './live/live-sessions.ts';
import type { Database } from './db/database.ts';
import { registerLiveServer } from './live/live-server.ts';
import { userNotifier } from './live/user-events.ts';
import type { LiveFabric } from './live/live-fabric.ts';
import type { Redis } from 'ioredis';
import type { Catalogue } from './market/catalogue/catalogue.ts';
import type { MarketFeed } from './market/market-feed.ts';
import { MarketService } from './market/market-service.ts';
import { InProcessFabric } from './live/live-fabric.ts';
import { SettingsCache } from './settings/settings-cache.ts';
import { frameworkErrors, notFoundBody, registerEnvelopeErrors } from './plugins/envelope.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { boundIdleConnections, httpServerOptions } from './plugins/http-limits.ts';
import type { HttpTimeouts } from './plugins/http-limits.ts';
import { OperatorService } from './operators/operators.ts';
import { operatorGate } from './plugins/operator-auth.ts';
import type { OperatorGate } from './plugins/operator-auth.ts';
import { ReviewService } from './reviews/reviews.ts';
import { ImageSealer } from './uploads/sealed-images.ts';
import { TestClock } from './jobs/test-clock.ts';
import type { OperatorRole } from '@meridian/contracts';
import type { SocialProviderConfig } from './accounts/social-login.ts';

export interface ApiOptions {
  db: Database;
  /** The market feed over the catalogue; the built-in simulator by default. */
  feed?: (catalogue: Catalogue) => MarketFeed;
  /** The simulator's seed: one seed replays one market (tests). */
  marketSeed?: number;
  /** What the live connection shares with the other API nodes (`liveFabricFromEnv`); in-process by default. */
  fabric?: LiveFabric;
  /** The site's own origin, the only one CORS allows. */
  siteOrigin?: string;
  /** Origins besides the site's own (and the host a request is addressed to) that may open `/ws`. */
  liveOrigins?: string[];
  /** Open `/ws` connections one client address may hold: 32 × `rateLimitScale` by default, no limit without rate limits. */
  liveSocketsPerAddress?: number;
  /** How often the feed moves (the simulator's step); a second by default. */
  liveTickMs?: number;
  /** At most one market frame per connection per this many ms; a second by default. */
  liveFrameMs?: number;
  /** How often the feed's leader writes candles; 15 s by default (reads add what is not written yet). */
  candleFlushMs?: number;
  /** The clock of the markets and the orders (tests move time). */
  now?: () => number;
  /** The timers of the jobs (tests run jobs by hand); real intervals by default. */
  jobClock?: JobClock;
  /**
   * The break-glass token of automation (MERIDIAN_ADMIN_TOKEN): not a person, so it cannot propose or
   * decide anything; it has only `operatorTokenRoles` (`release` by default). People sign in as operators.
   */
  operatorToken?: string | undefined;
  operatorTokenRoles?: OperatorRole[];
  /** Rate limits on; tests that hammer one route may turn them off. */
  rateLimits?: boolean;
  /** Multiplies every per-address and per-account allowance (a test server signing in many users). */
  rateLimitScale?: number;
  /** The window of the sign-in tries' counts, in seconds (15 minutes; tests shorten it). */
  loginWindowSeconds?: number;
  /**
   * Signed-in hot reads (the session, the user, `getUserInfo`'s figures) from memory: on by default on PGlite and
   * wherever `limitsRedis` is shared (the generations live there); `true` also on PostgreSQL alone (one process
   * only), `false` off.
   */
  hotReads?: boolean;
  /** Where several API nodes keep their per-address and per-account counts together; in memory without it. */
  limitsRedis?: Redis | undefined;
  /** Mail: the embedded outbox folder, or SMTP in production. Without either, mail is dropped. */
  mail?: MailOptions;
  /** The hold of a newly linked withdrawal address in seconds (24 h; a test site shortens it, never production). */
  walletHoldSeconds?: number;
  /** How long a flash exchange quote holds in ms (30 s; a test site shortens it, never production). */
  exchangeQuoteMs?: number;
  /**
   * The key identity photos and signatures are encrypted under at rest (32 bytes, `uploadKeyFromEnv`);
   * without one (tests) the API makes a key of its own.
   */
  uploadKey?: Buffer;
  /** Serves `GET /api/dev/outbox` (never in production mode). */
  devOutbox?: boolean;
  /** A test site's movable clock for day-counted products (`POST /api/dev/clock`; never in production mode). */
  testClock?: boolean;
  /** OpenID Connect providers offered on the login page. */
  socialProviders?: SocialProviderConfig[];
  /**
   * How long a client may hold the HTTP server (`HTTP_TIMEOUTS` by default; tests shorten them). Read by
   * whatever creates the server: `buildApi`, or the site server.
   */
  httpTimeouts?: Partial<HttpTimeouts>;
}

/**
 * Registers the whole API (HTTP calls, OpenAPI document, live connection) on a fastify instance.
 * The site server mounts it beside the registry and the static front end; tests mount it alone.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The node's markets (catalogue, feed, book, candles). */
    market: MarketService;
    /** Contracts and options over the ledger, and the work the feed drives. */
    trading: TradingService;
    /** The node's scheduler (jobs/). */
    scheduler: Scheduler;
    /** Operator accounts (the first admin's set-up link, sessions). */
    operators: OperatorService;
    /** The gate operator routes of other parts (the release routes) put themselves behind. */
    operatorGate: OperatorGate;
  }
}

export async function registerApi(app: FastifyInstance, options: ApiOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelopeErrors(app);
  registerInputGuard(app);
  // API answers carry tokens and account data: no cache keeps them unless a route chose its own policy (issue 14).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(cors, { origin: options.siteOrigin ?? false, credentials: true });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Meridian API',
        version: '0.1.0',
        description: 'The customer and operator calls of the site, generated from the endpoint declarations of @meridian/contracts.',
        license: { name: 'Proprietary', url: 'https://localhost/license' },
      },
      // The API answers on the site's own origin.
      servers: [{ url: '/', description: 'The site origin (the API is served beside the pages)' }],
      components: {
        securitySchemes: {
          customerToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: "A customer's access token, as sign-in answered it",
          },
          operatorBearer: { type: 'http', scheme: 'bearer', description: "An operator session's token (`Bearer …`)" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    // Shared by every node; when Redis is unreachable the limits let requests through rather than fail them.
    ...(options.limitsRedis ? { redis: options.limitsRedis, nameSpace: 'meridian:limit:route:', skipOnError: true } : {}),
    ...(options.rateLimits === false ? { allowList: () => true } : {}),
  });

  const fabric = options.fabric ?? new InProcessFabric();
  const settingsCache = new SettingsCache(options.db);
  const now = options.now ?? Date.now;
  const scheduler = new Scheduler(options.jobClock ?? { ...systemClock, now }, app.log);
  app.decorate('scheduler', scheduler);
  const market = await MarketService.start({
    scheduler,
    db: options.db,
    settings: settingsCache,
    fabric,
    ...(options.feed ? { feed: options.feed } : {}),
    ...(options.marketSeed !== undefined ? { seed: options.marketSeed } : {}),
    ...(options.now ? { now: options.now } : {}),
    tickMs: options.liveTickMs ?? 1000,
    flushMs: options.candleFlushMs ?? 15_000,
    log: app.log,
  });
  app.decorate('market', market);
  const balances = new BalanceEvents();
  const trading = await TradingService.start({
    ctx: { db: options.db, ledger: Ledger.of(options.db), market, settings: settingsCache, now },
    fabric,
    balances,
    log: app.log,
  });
  app.decorate('trading', trading);
  // Signed-in hot reads from memory (issue 29): one process owns PGlite; nodes sharing PostgreSQL share Redis's
  // generations. On PostgreSQL without Redis another process may write, so every read goes to the database.
  const generations = options.limitsRedis
    ? new SharedGenerations(options.limitsRedis)
    : options.hotReads === true || (options.hotReads === undefined && databaseEngine(options.db) === 'pglite')
      ? new LocalGenerations()
      : null;
  const stopUserReads =
    options.hotReads === false || !generations
      ? () => undefined
      : serveUserReads(options.db, new UserReads(options.db, Ledger.of(options.db), generations));
  // Every job of the node, from one place (jobs/register.ts).
  registerJobs(scheduler, {
    db: options.db,
    market,
    trading,
    tickMs: options.liveTickMs ?? 1000,
    flushMs: options.candleFlushMs ?? 15_000,
    log: app.log,
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const reviews = new ReviewService(options.db, now);
  // One set of per-account counts for customers and operators (in Redis when the nodes share them).
  const limits = new AccountLimits(
    options.rateLimits !== false,
    options.rateLimitScale ?? 1,
    options.limitsRedis,
    options.loginWindowSeconds,
  );
  const operators = new OperatorService(options.db, {
    siteOrigin: options.siteOrigin ?? 'http://localhost:8080',
    now,
    signInLimit: new OperatorSignInLimit(limits),
  });
  const gate = operatorGate(operators, { token: options.operatorToken, roles: options.operatorTokenRoles ?? ['release'] });
  app.decorate('operators', operators);
  app.decorate('operatorGate', gate);
  const accounts: AccountsContext = {
    db: options.db,
    mailer: createMailer(options.mail ?? {}),
    balances,
    limits,
    limitScale: options.rateLimitScale ?? 1,
    siteOrigin: options.siteOrigin ?? 'http://localhost:8080',
  };
  // Every domain's calls, from one list (modules.ts).
  const core: ApiCore = {
    db: options.db,
    settings: settingsCache,
    market,
    trading,
    reviews,
    balances,
    notifyUser: userNotifier(fabric, app.log),
    accounts,
    operators,
    gate,
    scheduler,
    sealer: options.uploadKey ? new ImageSealer(options.uploadKey) : ImageSealer.random(),
    now,
    testClock: options.testClock && process.env.NODE_ENV !== 'production' ? new TestClock(now) : null,
    fabric,
    liveProviders: [],
    testClockJobs: [],
    options,
  };
  for (const module of API_MODULES) await module.register(api, core);
  api.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  api.get('/api/health', { schema: { hide: true } }, async () => ({ code: '200', message: 'ok', result: null }));
  // An unknown API path is answered here, inside the API's scope, so its 404 envelope carries the API's
  // security headers and `no-store` wherever the API is mounted (the site server's own fallback has neither).
  // OPTIONS stays with CORS's preflight.
  const maxParamLength = app.initialConfig.maxParamLength ?? 100;
  const tooLongParam = Object.assign(new Error('path parameter too long'), { code: 'FST_ERR_MAX_PARAM_LENGTH' }) as FastifyError;
  for (const url of ['/api', '/api/*'])
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        // The router falls back here from a parameter longer than it takes: answered as it answers one (414).
        const path = request.url.split('?')[0] ?? '';
        if (path.split('/').some((segment) => segment.length > maxParamLength)) return frameworkErrors(tooLongParam, request, reply);
        return reply.status(404).send(notFoundBody(request.method, request.url));
      },
    });

  await registerLiveServer(app, {
    market,
    fabric,
    providers: core.liveProviders,
    frameMs: options.liveFrameMs ?? 1000,
    // Who a token is; sessions ended (logout, revocation) stop their sockets' user frames on every node.
    ...liveSessions(options.db),
    origins: [options.siteOrigin, ...(options.liveOrigins ?? [])],
    // A per-address allowance like the others: scaled with them, and off with them (the benches' loopback thousands).
    socketsPerAddress:
      options.liveSocketsPerAddress ?? (options.rateLimits === false ? Number.POSITIVE_INFINITY : 32 * (options.rateLimitScale ?? 1)),
    balances: accounts.balances,
    figures: (userId, mode) => trading.figures(userId, mode),
  });
  // After the live server's own hook (fastify runs onClose hooks in order): sockets first, then the feed.
  app.addHook('onClose', async () => {
    stopUserReads();
    await scheduler.close();
    await trading.close();
    await market.close();
    await fabric.close();
  });
}

/** A stand-alone API instance (tests, or running the API alone). */
export async function buildApi(options: ApiOptions & { logger?: FastifyServerOptions['logger'] }): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Slow or malformed clients are answered in the envelope and closed (plugins/http-limits.ts).
    ...httpServerOptions(options.httpTimeouts),
    bodyLimit: 256 * 1024,
    genReqId: () => crypto.randomUUID(),
    // A malformed URL or an over-long path parameter is answered in the envelope too.
    frameworkErrors,
  });
  boundIdleConnections(app);
  await registerApi(app, options);
  app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request.method, request.url)));
  return app;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANY_OPERATOR, MONEY_CODES, reviewReaders, REVIEW_KINDS } from '@meridian/contracts';
import type { OperatorRole, ReviewKind } from '@meridian/contracts';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  auditQuery,
  completeSetupBody,
  contentEntry,
  contentEntryParams,
  contentKindParams,
  listContentQuery,
  listContentResult,
  previewContentBody,
  previewContentResult,
  saveContentBody,
  dashboardResult,
  decideReviewBody,
  reviewStepBody,
  envelope,
  inviteOperatorBody,
  inviteResult,
  listAuditResult,
  listProductsResult,
  listReviewsQuery,
  listReviewsResult,
  listSettingsResult,
  listTransfersResult,
  listUsersResult,
  numericIdParams,
  operatorSession,
  operatorSignInBody,
  operatorView,
  optionsProductView,
  proposeCorrectionBody,
  reviewView,
  settingKeyParams,
  settingView,
  setupInfo,
  setupTokenBody,
  transfersQuery,
  updateInstrumentBody,
  updateOptionsProductBody,
  updateSettingBody,
  userDetail,
  userNoteBody,
  userSearchQuery,
  uuidParams,
} from '@meridian/contracts/schemas';
import { audit, exportAudit, searchAudit } from '../../audit/audit.ts';
import { clientAddress } from '../../accounts/limits.ts';
import type { Database } from '../../db/database.ts';
import type { ContentAdmin } from '../../content/content-admin.ts';
import { sanitizeReport } from '../../content/sanitize-content.ts';
import type { CustomerDirectory } from '../../operators/customers.ts';
import type { OperatorService } from '../../operators/operators.ts';
import { ApiFailure, ok } from '../../plugins/envelope.ts';
import { guardOperatorScope, operatorOf } from '../../plugins/operator-auth.ts';
import type { OperatorGate } from '../../plugins/operator-auth.ts';
import type { Corrections } from '../../reviews/corrections.ts';
import type { ReviewService } from '../../reviews/reviews.ts';
import type { SettingsAdmin } from '../../settings/settings-admin.ts';
import { adminSupportRoutes } from './admin-support-routes.ts';

export interface AdminContext {
  db: Database;
  gate: OperatorGate;
  operators: OperatorService;
  reviews: ReviewService;
  corrections: Corrections;
  settings: SettingsAdmin;
  customers: CustomerDirectory;
  content: ContentAdmin;
}

const ok200 = <T extends z.ZodType>(schema: T) => ({ 200: envelope(schema) });
const READ_USERS: OperatorRole[] = ['admin', 'support', 'reviewer', 'finance', 'auditor'];
const READ_REVIEWS: OperatorRole[] = ['admin', 'auditor', 'support', 'reviewer', 'finance'];
const DECIDERS: OperatorRole[] = ['support', 'reviewer', 'finance'];
const client = (request: { ip: string; headers: Record<string, unknown>; socket?: { remoteAddress?: string | undefined } | null }) => ({
  // An IP address, never a forwarded value that is not one (issue 31).
  ip: clientAddress(request),
  userAgent: String(request.headers['user-agent'] ?? ''),
});
/** The kinds whose queues an operator may read. */
const readableKinds = (roles: readonly OperatorRole[]): ReviewKind[] =>
  REVIEW_KINDS.filter((kind) => reviewReaders(kind).some((role) => roles.includes(role)));

/**
 * The operator API (`/api/admin/**`): every route declares its roles in `config.roles`, checked by
 * the scope's gate before anything else runs; handlers are thin calls into operators/, reviews/,
 * settings/ and audit/.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  guardOperatorScope(app, ctx.gate);
  // Nothing an operator reads may be cached by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /* ------------------------------------------------------------ sign-in and set-up */
  const signInLimit = { rateLimit: { max: 10, timeWindow: '5 minutes' } };
  app.post(
    '/auth/setup-info',
    { schema: { tags: ['admin'], body: setupTokenBody, response: ok200(setupInfo) }, config: { roles: 'public', ...signInLimit } },
    async (request) => ok(await ctx.operators.setupInfo(request.body.token)),
  );
  app.post(
    '/auth/setup',
    { schema: { tags: ['admin'], body: completeSetupBody, response: ok200(operatorSession) }, config: { roles: 'public', ...signInLimit } },
    async (request) => ok(await ctx.operators.completeSetup(request.body, client(request))),
  );
  app.post(
    '/auth/sign-in',
    {
      schema: { tags: ['admin'], body: operatorSignInBody, response: ok200(operatorSession) },
      config: { roles: 'public', ...signInLimit },
    },
    async (request) => ok(await ctx.operators.signIn(request.body, client(request))),
  );
  app.post('/auth/sign-out', { schema: { tags: ['admin'] }, config: { roles: ANY_OPERATOR } }, async (request) => {
    const token = (request.headers.authorization ?? '').slice(7).trim();
    await ctx.operators.signOut(token, operatorOf(request));
    return ok(null);
  });
  app.get('/auth/me', { schema: { tags: ['admin'], response: ok200(operatorView) }, config: { roles: ANY_OPERATOR } }, async (request) => {
    const me = operatorOf(request);
    const view = me.id ? await ctx.operators.get(me.id) : null;
    return ok(
      view ?? {
        id: '',
        email: me.email,
        name: me.name,
        roles: me.roles,
        status: 'active' as const,
        createdAt: new Date(0).toISOString(),
        lastSignInAt: null,
      },
    );
  });

  /* ------------------------------------------------------------ operators */
  app.get(
    '/operators',
    { schema: { tags: ['admin'], response: ok200(z.array(operatorView)) }, config: { roles: ['admin', 'auditor'] } },
    async () => ok(await ctx.operators.list()),
  );
  app.post(
    '/operators/invite',
    { schema: { tags: ['admin'], body: inviteOperatorBody, response: ok200(inviteResult) }, config: { roles: ['admin'] } },
    async (request) => ok(await ctx.operators.invite(operatorOf(request), request.body)),
  );
  app.post(
    '/operators/:id/deactivate',
    { schema: { tags: ['admin'], params: uuidParams, response: ok200(operatorView) }, config: { roles: ['admin'] } },
    async (request) => ok(await ctx.operators.deactivate(operatorOf(request), request.params.id)),
  );

  /* ------------------------------------------------------------ dashboard and reviews */
  app.get(
    '/dashboard',
    { schema: { tags: ['admin'], response: ok200(dashboardResult) }, config: { roles: ANY_OPERATOR } },
    async (request) => {
      const me = operatorOf(request);
      const kinds = readableKinds(me.roles);
      const view = me.id ? await ctx.operators.get(me.id) : null;
      return ok({
        queues: (await ctx.reviews.counts()).filter((q) => kinds.includes(q.kind)),
        operator: view ?? {
          id: '',
          email: me.email,
          name: me.name,
          roles: me.roles,
          status: 'active' as const,
          createdAt: new Date(0).toISOString(),
          lastSignInAt: null,
        },
      });
    },
  );
  app.get(
    '/reviews',
    { schema: { tags: ['admin'], querystring: listReviewsQuery, response: ok200(listReviewsResult) }, config: { roles: READ_REVIEWS } },
    async (request) => ok(await ctx.reviews.list(readableKinds(operatorOf(request).roles), request.query)),
  );
  const readable = async (request: { params: { id: number } } & Parameters<typeof operatorOf>[0]) => {
    const item = await ctx.reviews.get(request.params.id);
    // An item of a kind the operator may not read answers as if it did not exist.
    if (!item || !readableKinds(operatorOf(request).roles).includes(item.kind)) throw new ApiFailure('404', 'review not found', 404);
    return item;
  };
  app.get(
    '/reviews/:id',
    { schema: { tags: ['admin'], params: numericIdParams, response: ok200(reviewView) }, config: { roles: READ_REVIEWS } },
    async (request) => ok(await readable(request)),
  );
  app.post(
    '/reviews/:id/assign',
    { schema: { tags: ['admin'], params: numericIdParams, response: ok200(reviewView) }, config: { roles: DECIDERS } },
    async (request) => {
      await readable(request);
      return ok(await ctx.reviews.assign(operatorOf(request), request.params.id));
    },
  );
  app.post(
    '/reviews/:id/decide',
    {
      schema: { tags: ['admin'], params: numericIdParams, body: decideReviewBody, response: ok200(reviewView) },
      config: { roles: DECIDERS },
    },
    async (request) => {
      await readable(request);
      return ok(await ctx.reviews.decide(operatorOf(request), request.params.id, request.body));
    },
  );
  // A step after the decision (paid with its hash, disbursed, failed): guarded in the review service.
  app.post(
    '/reviews/:id/step',
    {
      schema: { tags: ['admin'], params: numericIdParams, body: reviewStepBody, response: ok200(reviewView) },
      config: { roles: DECIDERS },
    },
    async (request) => {
      await readable(request);
      return ok(await ctx.reviews.step(operatorOf(request), request.params.id, request.body));
    },
  );
  app.post(
    '/corrections',
    {
      schema: {
        tags: ['admin'],
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().optional() }),
        body: proposeCorrectionBody,
        response: ok200(reviewView),
      },
      config: { roles: ['finance'] },
    },
    async (request) => {
      const key = String(request.headers[IDEMPOTENCY_HEADER] ?? '');
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiFailure(MONEY_CODES.idempotencyKeyMissing, 'Idempotency-Key required', 400);
      return ok(await ctx.corrections.propose(operatorOf(request), request.body, key));
    },
  );

  /* ------------------------------------------------------------ settings and products */
  app.get(
    '/settings',
    { schema: { tags: ['admin'], response: ok200(listSettingsResult) }, config: { roles: ['admin', 'auditor'] } },
    async () => ok(await ctx.settings.list()),
  );
  app.put(
    '/settings/:key',
    {
      schema: { tags: ['admin'], params: settingKeyParams, body: updateSettingBody, response: ok200(settingView) },
      config: { roles: ['admin'] },
    },
    async (request) => ok(await ctx.settings.update(operatorOf(request), request.params.key, request.body.value)),
  );
  app.get(
    '/products',
    { schema: { tags: ['admin'], response: ok200(listProductsResult) }, config: { roles: ['admin', 'auditor'] } },
    async () => ok(await ctx.settings.products()),
  );
  app.put(
    '/products/options/:id',
    {
      schema: { tags: ['admin'], params: numericIdParams, body: updateOptionsProductBody, response: ok200(optionsProductView) },
      config: { roles: ['admin'] },
    },
    async (request) => ok(await ctx.settings.updateOptionsProduct(operatorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/products/instruments/:id',
    {
      schema: {
        tags: ['admin'],
        params: numericIdParams,
        body: updateInstrumentBody,
        response: ok200(listProductsResult.shape.instruments.element),
      },
      config: { roles: ['admin'] },
    },
    async (request) => ok(await ctx.settings.updateInstrument(operatorOf(request), request.params.id, request.body.halted)),
  );

  /* ------------------------------------------------------------ customers */
  app.get(
    '/users',
    { schema: { tags: ['admin'], querystring: userSearchQuery, response: ok200(listUsersResult) }, config: { roles: READ_USERS } },
    async (request) => ok(await ctx.customers.search(request.query.q, request.query.page)),
  );
  app.get(
    '/users/:id',
    { schema: { tags: ['admin'], params: uuidParams, response: ok200(userDetail) }, config: { roles: READ_USERS } },
    async (request) => ok(await ctx.customers.detail(request.params.id, readableKinds(operatorOf(request).roles))),
  );
  app.get(
    '/users/:id/transfers',
    {
      schema: { tags: ['admin'], params: uuidParams, querystring: transfersQuery, response: ok200(listTransfersResult) },
      config: { roles: READ_USERS },
    },
    async (request) => ok(await ctx.customers.transfers(request.params.id, request.query.mode, request.query.page)),
  );
  app.post(
    '/users/:id/notes',
    { schema: { tags: ['admin'], params: uuidParams, body: userNoteBody }, config: { roles: ['admin', 'support', 'reviewer', 'finance'] } },
    async (request) => {
      await ctx.customers.addNote(operatorOf(request), request.params.id, request.body.body);
      return ok(null);
    },
  );

  /* ------------------------------------------------------------ content */
  const CONTENT_READ: OperatorRole[] = ['support', 'admin', 'auditor'];
  const CONTENT_WRITE: OperatorRole[] = ['support', 'admin'];
  app.get(
    '/content',
    { schema: { tags: ['admin'], querystring: listContentQuery, response: ok200(listContentResult) }, config: { roles: CONTENT_READ } },
    async (request) => ok(await ctx.content.list(request.query.kind, request.query.lang)),
  );
  app.post(
    '/content/preview',
    { schema: { tags: ['admin'], body: previewContentBody, response: ok200(previewContentResult) }, config: { roles: CONTENT_WRITE } },
    async (request) => ok(sanitizeReport(request.body.body)),
  );
  app.post(
    '/content/:kind',
    {
      schema: { tags: ['admin'], params: contentKindParams, body: saveContentBody, response: ok200(contentEntry) },
      config: { roles: CONTENT_WRITE },
    },
    async (request) => ok(await ctx.content.create(operatorOf(request), request.params.kind, request.body)),
  );
  app.put(
    '/content/:kind/:id',
    {
      schema: { tags: ['admin'], params: contentEntryParams, body: saveContentBody, response: ok200(contentEntry) },
      config: { roles: CONTENT_WRITE },
    },
    async (request) => ok(await ctx.content.update(operatorOf(request), request.params.kind, request.params.id, request.body)),
  );

  /* ------------------------------------------------------------ audit */
  app.get(
    '/audit',
    { schema: { tags: ['admin'], querystring: auditQuery, response: ok200(listAuditResult) }, config: { roles: ['admin', 'auditor'] } },
    async (request) => ok(await searchAudit(ctx.db, request.query)),
  );
  app.get(
    '/audit/export.csv',
    { schema: { tags: ['admin'], querystring: auditQuery }, config: { roles: ['admin', 'auditor'] } },
    async (request, reply) => {
      const me = operatorOf(request);
      const csv = await exportAudit(ctx.db, request.query);
      await audit(ctx.db, me, 'audit.export', { kind: 'audit', id: 'csv' }, null, { query: request.query });
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="meridian-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  /* ------------------------------------------------------------ support conversations */
  await app.register(adminSupportRoutes, { prefix: '/support', db: ctx.db, reviews: ctx.reviews });
};

import type { FastifyPluginAsync } from 'fastify';
import type { ContentAdmin } from '../../content/content-admin.ts';
import type { Database } from '../../db/database.ts';
import type { CustomerDirectory } from '../../operators/customers.ts';
import type { OperatorService } from '../../operators/operators.ts';
import { guardOperatorScope } from '../../plugins/operator-auth.ts';
import type { OperatorGate } from '../../plugins/operator-auth.ts';
import type { Corrections } from '../../reviews/corrections.ts';
import type { ReviewService } from '../../reviews/reviews.ts';
import type { SettingsAdmin } from '../../settings/settings-admin.ts';
import { SupportAdmin } from '../../support/support-admin.ts';
import { adminSupportRoutes } from './admin-support-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { customersRoutes } from './customers-routes.ts';
import { operatorsRoutes } from './operators-routes.ts';
import { reviewsRoutes } from './reviews-routes.ts';
import type { ImageSealer } from '../../uploads/sealed-images.ts';
import { settingsRoutes } from './settings-routes.ts';

export interface AdminContext {
  db: Database;
  gate: OperatorGate;
  operators: OperatorService;
  reviews: ReviewService;
  corrections: Corrections;
  /** Opens the sealed images (identity photos, signatures) a reviewer looks at. */
  sealer: ImageSealer;
  settings: SettingsAdmin;
  customers: CustomerDirectory;
  content: ContentAdmin;
}

/**
 * The operator API (`/api/admin/**`), one plugin per area, each route registered from its declaration
 * in `@meridian/contracts/endpoints/*`: the roles it declares (`callers`) are checked by this scope's
 * gate before anything else runs; handlers are thin calls into operators/, reviews/, settings/,
 * content/, support/ and audit/.
 */
export const adminRoutes: FastifyPluginAsync<{ ctx: AdminContext }> = async (app, { ctx }) => {
  guardOperatorScope(app, ctx.gate);
  // Nothing an operator reads may be cached by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  await app.register(authRoutes, { operators: ctx.operators });
  await app.register(operatorsRoutes, { operators: ctx.operators, reviews: ctx.reviews });
  await app.register(reviewsRoutes, { reviews: ctx.reviews, corrections: ctx.corrections, sealer: ctx.sealer });
  await app.register(settingsRoutes, { settings: ctx.settings });
  await app.register(customersRoutes, { customers: ctx.customers });
  await app.register(contentRoutes, { content: ctx.content });
  await app.register(auditRoutes, { db: ctx.db });
  await app.register(adminSupportRoutes, { support: new SupportAdmin(ctx.db, ctx.reviews) });
};

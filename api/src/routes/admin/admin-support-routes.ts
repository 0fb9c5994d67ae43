import type { FastifyPluginAsync } from 'fastify';
import { supportAdminEndpoints as supportApi } from '@meridian/contracts/endpoints/support-admin';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { SupportAdmin } from '../../support/support-admin.ts';
import { sendImage } from '../../uploads/image-answer.ts';

/**
 * Operators' side of the support conversations, on the review mechanism: a conversation waits in the
 * support queue (pending); an answer decides it `approved` (reason `answered`); the visitor writing
 * again puts it back to pending; closing completes it with a reason.
 */
export const adminSupportRoutes: FastifyPluginAsync<{ support: SupportAdmin }> = async (app, { support }) => {
  route(app, supportApi.listSupportTickets, async () => ok(await support.list()));

  route(app, supportApi.getSupportTicket, async (request) => ok(await support.get(request.params.id)));

  route(app, supportApi.answerSupportTicket, async (request) =>
    ok(await support.answer(operatorOf(request), request.params.id, request.body.message)),
  );

  route(app, supportApi.closeSupportTicket, async (request) =>
    ok(await support.close(operatorOf(request), request.params.id, request.body.reasonCode)),
  );

  route(app, supportApi.getSupportTicketImage, async (request, reply) => {
    const image = await support.image(request.params.id, request.params.imageId);
    // An image is evidence to look at, never a document to run: private, no sniffing, sandboxed.
    return sendImage(reply, request.params.imageId, image, 'private, no-store');
  });
};

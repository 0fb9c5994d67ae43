import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints as auditApi } from '@meridian/contracts/endpoints/audit';
import { audit, exportAudit, searchAudit } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { ok } from '../../plugins/envelope.ts';
import { route } from '../../plugins/endpoints.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';

/** The audit trail: searched, and exported as a CSV file (the export is audited too). */
export const auditRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  route(app, auditApi.listAudit, async (request) => ok(await searchAudit(db, request.query)));

  route(app, auditApi.exportAudit, async (request, reply) => {
    const me = operatorOf(request);
    const csv = await exportAudit(db, request.query);
    await audit(db, me, 'audit.export', { kind: 'audit', id: 'csv' }, null, { query: request.query });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="meridian-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });
};

import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import { ADMIN_API } from '../api-paths.ts';
import { auditQuery, listAuditResult } from '../backoffice.ts';

const AUDIT = `${ADMIN_API}/audit` as const;

/** The audit trail of what operators did: searched, and exported as a CSV file. */
export const auditEndpoints = defineEndpoints('audit', {
  listAudit: {
    method: 'GET',
    path: AUDIT,
    summary: 'Audit entries matching a text, an action and a time range; newest first, 50 a page',
    query: auditQuery,
    result: listAuditResult,
    callers: BACKOFFICE_SECTIONS.audit.readers,
  },
  exportAudit: {
    method: 'GET',
    path: `${AUDIT}/export.csv`,
    summary: 'The matching audit entries as a CSV file (the export itself is audited)',
    query: auditQuery,
    raw: 'text/csv',
    callers: BACKOFFICE_SECTIONS.audit.readers,
  },
});

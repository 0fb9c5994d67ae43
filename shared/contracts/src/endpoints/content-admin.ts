import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { ADMIN_API } from '../api-paths.ts';
import {
  contentEntry,
  contentEntryParams,
  contentKindParams,
  listContentQuery,
  listContentResult,
  previewContentBody,
  previewContentResult,
  saveContentBody,
} from '../backoffice.ts';
import type { OperatorRole } from '../operators.ts';

const CONTENT = `${ADMIN_API}/content` as const;
/** Support and admins edit content; auditors read it. */
const READERS = ['support', 'admin', 'auditor'] as const satisfies readonly OperatorRole[];
const WRITERS = ['support', 'admin'] as const satisfies readonly OperatorRole[];

/** The site's content (company pages, FAQ entries, notices per content language) as operators edit it. */
export const contentAdminEndpoints = defineEndpoints('content-admin', {
  listContent: {
    method: 'GET',
    path: CONTENT,
    summary: 'The entries of one kind (page, faq, notice) in one content language, as the site lists them',
    query: listContentQuery,
    result: listContentResult,
    callers: READERS,
  },
  previewContent: {
    method: 'POST',
    path: `${CONTENT}/preview`,
    summary: "Runs the server's sanitizer on a body (nothing is stored): the clean HTML and what it took out",
    body: previewContentBody,
    result: previewContentResult,
    callers: WRITERS,
  },
  createContent: {
    method: 'POST',
    path: `${CONTENT}/:kind`,
    summary: 'Adds an entry of a kind (sanitized; audited)',
    params: contentKindParams,
    body: saveContentBody,
    result: contentEntry,
    callers: WRITERS,
  },
  updateContent: {
    method: 'PUT',
    path: `${CONTENT}/:kind/:id`,
    summary: 'Changes an entry of a kind (sanitized; audited with what it was)',
    params: contentEntryParams,
    body: saveContentBody,
    result: contentEntry,
    callers: WRITERS,
    refusals: { 404: z.null() },
  },
});

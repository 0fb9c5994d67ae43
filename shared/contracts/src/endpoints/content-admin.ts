import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
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

const CONTENT = `${ADMIN_API}/content` as const;

/** The site's content (company pages, FAQ entries, notices per content language) as operators edit it. */
export const contentAdminEndpoints = defineEndpoints('content-admin', {
  listContent: {
    method: 'GET',
    path: CONTENT,
    summary: 'The entries of one kind (page, faq, notice) in one content language, as the site lists them',
    query: listContentQuery,
    result: listContentResult,
    callers: BACKOFFICE_SECTIONS.content.readers,
  },
  previewContent: {
    method: 'POST',
    path: `${CONTENT}/preview`,
    summary: "Runs the server's sanitizer on a body (nothing is stored): the clean HTML and what it took out",
    body: previewContentBody,
    result: previewContentResult,
    callers: BACKOFFICE_SECTIONS.content.writers,
  },
  createContent: {
    method: 'POST',
    path: `${CONTENT}/:kind`,
    summary: 'Adds an entry of a kind (sanitized; audited)',
    params: contentKindParams,
    body: saveContentBody,
    result: contentEntry,
    callers: BACKOFFICE_SECTIONS.content.writers,
  },
  updateContent: {
    method: 'PUT',
    path: `${CONTENT}/:kind/:id`,
    summary: 'Changes an entry of a kind (sanitized; audited with what it was)',
    params: contentEntryParams,
    body: saveContentBody,
    result: contentEntry,
    callers: BACKOFFICE_SECTIONS.content.writers,
    refusals: { 404: z.null() },
  },
});

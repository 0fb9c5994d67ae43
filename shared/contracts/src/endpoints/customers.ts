import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import { ADMIN_API } from '../api-paths.ts';
import {
  listTransfersResult,
  listUsersResult,
  transfersQuery,
  userDetail,
  userNoteBody,
  userSearchQuery,
  uuidParams,
} from '../backoffice.ts';

const USERS = `${ADMIN_API}/users` as const;
/** An unknown customer (10210). */
const unknownUser = { 404: z.null() } as const;

/** The customers as the back-office sees them: search, profile, transfers and operators' notes. */
export const customersEndpoints = defineEndpoints('customers', {
  listUsers: {
    method: 'GET',
    path: USERS,
    summary: 'Customers whose email, phone or wallet contains `q`, or whose id is `q`; newest first, 50 a page',
    query: userSearchQuery,
    result: listUsersResult,
    callers: BACKOFFICE_SECTIONS.users.readers,
  },
  getUser: {
    method: 'GET',
    path: `${USERS}/:id`,
    summary: "A customer's profile, balances per mode, sessions, notes and the review items the caller may read",
    params: uuidParams,
    result: userDetail,
    callers: BACKOFFICE_SECTIONS.users.readers,
    refusals: unknownUser,
  },
  listUserTransfers: {
    method: 'GET',
    path: `${USERS}/:id/transfers`,
    summary: "The customer's transfers of one account mode, newest first, seen from their side",
    params: uuidParams,
    query: transfersQuery,
    result: listTransfersResult,
    callers: BACKOFFICE_SECTIONS.users.readers,
    refusals: unknownUser,
  },
  addUserNote: {
    method: 'POST',
    path: `${USERS}/:id/notes`,
    summary: "Adds an operator's note to the customer (audited)",
    params: uuidParams,
    body: userNoteBody,
    result: z.null(),
    callers: BACKOFFICE_SECTIONS.users.writers,
    refusals: unknownUser,
  },
});

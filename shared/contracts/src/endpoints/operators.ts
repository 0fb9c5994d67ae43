import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections.ts';
import { ADMIN_API } from '../api-paths.ts';
import {
  completeSetupBody,
  dashboardResult,
  inviteOperatorBody,
  inviteResult,
  operatorSession,
  operatorSignInBody,
  operatorView,
  setupInfo,
  setupTokenBody,
  uuidParams,
} from '../backoffice.ts';
import { ANY_OPERATOR } from '../operators.ts';

/** An unknown, expired or used set-up link (10203). */
const setupLinkRefused = { 404: z.null() } as const;

/** Operator sign-in and set-up, the operator accounts and the dashboard of the back-office. */
export const operatorsEndpoints = defineEndpoints('operators', {
  getSetupInfo: {
    method: 'POST',
    path: `${ADMIN_API}/auth/setup-info`,
    summary: 'Who a set-up link is for, with the authenticator secret to enrol',
    body: setupTokenBody,
    result: setupInfo,
    callers: 'operator-public',
    limited: true,
    refusals: setupLinkRefused,
  },
  completeSetup: {
    method: 'POST',
    path: `${ADMIN_API}/auth/setup`,
    summary: "Completes an operator's set-up (name, password, a first authenticator code) and signs them in",
    body: completeSetupBody,
    result: operatorSession,
    callers: 'operator-public',
    limited: true,
    refusals: { ...setupLinkRefused, 409: z.null() },
  },
  signIn: {
    method: 'POST',
    path: `${ADMIN_API}/auth/sign-in`,
    summary: 'Signs an operator in with email, password and an authenticator code; answers the session',
    body: operatorSignInBody,
    result: operatorSession,
    callers: 'operator-public',
    limited: true,
    // Wrong email, password or code (10201), one answer for all three.
    refusals: { 401: z.null() },
  },
  signOut: {
    method: 'POST',
    path: `${ADMIN_API}/auth/sign-out`,
    summary: "Ends the caller's operator session",
    result: z.null(),
    callers: ANY_OPERATOR,
  },
  getMe: {
    method: 'GET',
    path: `${ADMIN_API}/auth/me`,
    summary: 'The signed-in operator: name, email, roles',
    result: operatorView,
    callers: ANY_OPERATOR,
  },
  listOperators: {
    method: 'GET',
    path: `${ADMIN_API}/operators`,
    summary: 'Every operator account, oldest first',
    result: z.array(operatorView),
    callers: BACKOFFICE_SECTIONS.operators.readers,
  },
  inviteOperator: {
    method: 'POST',
    path: `${ADMIN_API}/operators/invite`,
    summary: 'Invites an operator with roles; answers the one-time set-up link to hand over',
    body: inviteOperatorBody,
    result: inviteResult,
    callers: BACKOFFICE_SECTIONS.operators.writers,
    refusals: { 409: z.null() },
  },
  deactivateOperator: {
    method: 'POST',
    path: `${ADMIN_API}/operators/:id/deactivate`,
    summary: 'Deactivates an operator and ends their sessions (never the last admin)',
    params: uuidParams,
    result: operatorView,
    callers: BACKOFFICE_SECTIONS.operators.writers,
    refusals: { 404: z.null(), 409: z.null() },
  },
  getDashboard: {
    method: 'GET',
    path: `${ADMIN_API}/dashboard`,
    summary: "The caller's readable queues with their pending and overdue counts, and who is signed in",
    result: dashboardResult,
    callers: ANY_OPERATOR,
  },
});

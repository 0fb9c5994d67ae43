import { queryOptions } from '@tanstack/react-query';
import { releaseHistory, releaseStatus, rolloutDocument } from '@meridian/contracts/schemas';
import { adminApi } from '../../../shared/admin-api.ts';
import { adminKeys } from '../../../shared/query-keys.ts';

/** The release registry's operator routes (same origin and envelope as the operator API). */
const RELEASE_API = {
  status: '/api/release/status',
  history: '/api/release/history',
  canary: '/api/release/canary',
  promote: '/api/release/promote',
  rollback: '/api/release/rollback',
} as const;

const getReleaseStatus = (env: string, signal: AbortSignal) =>
  adminApi.get(RELEASE_API.status, { query: { env }, result: releaseStatus, signal });

export const releaseStatusQueryOptions = (env: string) =>
  queryOptions({ queryKey: adminKeys.release.status(env), queryFn: ({ signal }) => getReleaseStatus(env, signal) });

const getReleaseHistory = (env: string, remote: string, signal: AbortSignal) =>
  adminApi.get(RELEASE_API.history, { query: { env, remote }, result: releaseHistory, signal });

export const releaseHistoryQueryOptions = (env: string, remote: string) =>
  queryOptions({
    queryKey: adminKeys.release.history(env, remote),
    queryFn: ({ signal }) => getReleaseHistory(env, remote, signal),
  });

export const startCanary = (body: { env: string; remote: string; version: string; weight: number }) =>
  adminApi.post(RELEASE_API.canary, { body, result: rolloutDocument });

export const promote = (env: string, remote: string, force: boolean) =>
  adminApi.post(RELEASE_API.promote, { body: { env, remotes: [remote], ...(force ? { force: true } : {}) }, result: rolloutDocument });

export const rollback = (env: string, remote: string) =>
  adminApi.post(RELEASE_API.rollback, { body: { env, remotes: [remote] }, result: rolloutDocument });

/**
 * The back-office sections, declared once (zod-free): each section's path under `/admin`, who reads it,
 * who changes what it shows, and the review kinds it works on. The back-office's nav, its routes and its
 * dashboard links, and the operator endpoints' caller lists (`endpoints/*`) all derive from this table, so
 * a role sees a section exactly when the API answers its calls.
 *
 * Adding a queue: a review kind in `REVIEW_KINDS` with its deciders and reason list (operators.ts), a
 * decision handler in the API's `reviews/`, an evidence view in the back-office's queues feature, and, when
 * it needs a page of its own, a row here.
 */
import { ANY_OPERATOR, REVIEW_DECIDERS, REVIEW_KINDS, reviewReaders } from './operators.ts';
import type { OperatorRole, ReviewKind } from './operators.ts';

export interface BackofficeSection {
  /** The path under `/admin` ('' for the dashboard). */
  path: string;
  /** Who sees the section and may call its reads. */
  readers: readonly OperatorRole[];
  /** Who may call its changes (none for a read-only section). */
  writers: readonly OperatorRole[];
  /** The review kinds the section lists and decides. */
  reviewKinds: readonly ReviewKind[];
}

const unique = (roles: readonly OperatorRole[]): OperatorRole[] => [...new Set(roles)];
const readersOf = (kinds: readonly ReviewKind[]) => unique(kinds.flatMap((kind) => reviewReaders(kind)));
const decidersOf = (kinds: readonly ReviewKind[]) => unique(kinds.flatMap((kind) => REVIEW_DECIDERS[kind]));

/**
 * In nav order. In the queues each reader sees only the kinds it may read (an item of another kind answers
 * 404) and each decider decides only its kinds (403 for another kind); auditors read everything and change
 * nothing; customers are read by every role but release.
 */
export const BACKOFFICE_SECTIONS = {
  dashboard: { path: '', readers: ANY_OPERATOR, writers: [], reviewKinds: [] },
  queues: { path: 'queues', readers: readersOf(REVIEW_KINDS), writers: decidersOf(REVIEW_KINDS), reviewKinds: REVIEW_KINDS },
  support: { path: 'support', readers: readersOf(['support']), writers: decidersOf(['support']), reviewKinds: ['support'] },
  users: {
    path: 'users',
    readers: ['admin', 'support', 'reviewer', 'finance', 'auditor'],
    writers: ['admin', 'support', 'reviewer', 'finance'],
    reviewKinds: [],
  },
  corrections: {
    path: 'corrections',
    readers: readersOf(['correction']),
    writers: decidersOf(['correction']),
    reviewKinds: ['correction'],
  },
  content: { path: 'content', readers: ['support', 'admin', 'auditor'], writers: ['support', 'admin'], reviewKinds: [] },
  settings: { path: 'settings', readers: ['admin', 'auditor'], writers: ['admin'], reviewKinds: [] },
  operators: { path: 'operators', readers: ['admin', 'auditor'], writers: ['admin'], reviewKinds: [] },
  audit: { path: 'audit', readers: ['admin', 'auditor'], writers: [], reviewKinds: [] },
  releases: { path: 'releases', readers: ['release', 'admin', 'auditor'], writers: ['release'], reviewKinds: [] },
} as const satisfies Record<string, BackofficeSection>;

export type BackofficeSectionKey = keyof typeof BACKOFFICE_SECTIONS;

/** The sections in nav order, with their keys. */
export const BACKOFFICE_SECTION_LIST = (Object.keys(BACKOFFICE_SECTIONS) as BackofficeSectionKey[]).map((key) => ({
  key,
  ...(BACKOFFICE_SECTIONS[key] as BackofficeSection),
}));

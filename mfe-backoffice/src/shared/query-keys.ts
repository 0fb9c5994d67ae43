import type { AccountModeName, ContentKind, ReviewKind, ReviewState } from '@meridian/contracts';

/**
 * Every query key of the back-office, from one factory under one root, so that ending a session drops
 * every cached answer (one operator's searches are never shown to the next one in the same tab) and a
 * change invalidates exactly what it names. Keys are never written as literals elsewhere.
 */
const root = ['admin'] as const;

export const adminKeys = {
  /** The root: removing it drops everything the back-office has cached. */
  all: root,
  setupInfo: (token: string) => [...root, 'setup-info', token] as const,
  dashboard: () => [...root, 'dashboard'] as const,
  queueCounts: () => [...root, 'queue-counts'] as const,
  reviews: {
    all: () => [...root, 'reviews'] as const,
    list: (kind: ReviewKind | 'all', state: ReviewState, page: number) => [...root, 'reviews', 'list', kind, state, page] as const,
    item: (id: number) => [...root, 'reviews', 'item', id] as const,
    image: (id: number, key: string) => [...root, 'reviews', 'image', id, key] as const,
    document: (id: number) => [...root, 'reviews', 'document', id] as const,
  },
  users: {
    all: () => [...root, 'users'] as const,
    search: (q: string, page: number) => [...root, 'users', 'search', q, page] as const,
    detail: (id: string) => [...root, 'users', 'detail', id] as const,
    transfers: (id: string, mode: AccountModeName, page: number) => [...root, 'users', 'transfers', id, mode, page] as const,
  },
  correctionCustomer: (id: string) => [...root, 'corrections', 'customer', id] as const,
  support: {
    list: () => [...root, 'support', 'list'] as const,
    ticket: (id: string) => [...root, 'support', 'ticket', id] as const,
    image: (ticket: string, imageId: string) => [...root, 'support', 'image', ticket, imageId] as const,
  },
  operators: () => [...root, 'operators'] as const,
  settings: () => [...root, 'settings'] as const,
  products: () => [...root, 'products'] as const,
  /** The smart plan products as operators edit them (with the default early-exit penalty). */
  smartProducts: () => [...root, 'smart-products'] as const,
  /** Every charity and every NFT as operators manage them. */
  nfts: () => [...root, 'nfts'] as const,
  content: {
    list: (kind: ContentKind, lang: 1 | 2) => [...root, 'content', 'list', kind, lang] as const,
    preview: (body: string) => [...root, 'content', 'preview', body] as const,
  },
  audit: (search: object) => [...root, 'audit', search] as const,
  release: {
    all: () => [...root, 'release'] as const,
    status: (env: string) => [...root, 'release', 'status', env] as const,
    history: (env: string, remote: string) => [...root, 'release', 'history', env, remote] as const,
  },
} as const;

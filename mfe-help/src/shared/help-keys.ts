/**
 * Query keys of the help remote: one root (`help`) on the page's shared QueryClient. Public content is keyed
 * by its content language (1 Chinese, 2 the others); a support conversation by its ticket and key.
 */
export const helpKeys = {
  all: () => ['help'] as const,
  content: (id: number) => [...helpKeys.all(), 'content', id] as const,
  about: (lang: 1 | 2) => [...helpKeys.all(), 'about', lang] as const,
  search: (lang: 1 | 2, q: string | null) => [...helpKeys.all(), 'search', lang, q] as const,
  ticket: (ticket: string, key: string) => [...helpKeys.all(), 'ticket', ticket, key] as const,
  notices: (lang: 1 | 2) => [...helpKeys.all(), 'notices', lang] as const,
  notice: (id: number) => [...helpKeys.all(), 'notice', id] as const,
  faq: (lang: 1 | 2) => [...helpKeys.all(), 'faq', lang] as const,
};

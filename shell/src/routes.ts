import type { RemoteName } from '@meridian/contracts';

/** A main navigation entry (desktop top nav and mobile tab bar). */
export type NavKey = 'home' | 'market' | 'trading' | 'loan' | 'nfts' | 'profile';

export interface AppRoute {
  /** single-spa application name: the remote's package name, or `home` for the shell's own page. */
  name: 'home' | RemoteName;
  /** Path prefixes the application owns (a prefix matches itself and anything below it). */
  prefixes: readonly string[];
  /** Exact paths only (the home page), instead of prefixes. */
  exact?: boolean;
  nav?: NavKey;
}

/**
 * The route table of SPEC §2, the one source of truth: single-spa `activeWhen`, the nav's active
 * entry, the full-screen routes and the redirect of unknown paths all read it.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { name: 'home', prefixes: ['/', '/home'], exact: true, nav: 'home' },
  { name: 'mfe-markets', prefixes: ['/market', '/cruuency'], nav: 'market' },
  { name: 'mfe-trading', prefixes: ['/trading'], nav: 'trading' },
  { name: 'mfe-loans', prefixes: ['/loan'], nav: 'loan' },
  { name: 'mfe-nfts', prefixes: ['/nfts'], nav: 'nfts' },
  { name: 'mfe-account', prefixes: ['/profile', '/pass'], nav: 'profile' },
  { name: 'mfe-help', prefixes: ['/help', '/detail', '/introduction'] },
  { name: 'mfe-backoffice', prefixes: ['/admin'] },
];

/** Desktop top navigation and mobile tab bar, in order. */
export const NAV_ENTRIES: readonly { key: NavKey; path: string }[] = [
  { key: 'home', path: '/' },
  { key: 'market', path: '/market' },
  { key: 'trading', path: '/trading' },
  { key: 'loan', path: '/loan' },
  { key: 'nfts', path: '/nfts' },
  { key: 'profile', path: '/profile' },
];

/** Routes shown without nav, footer or tab bar. */
const FULL_SCREEN_PREFIXES = ['/pass', '/admin'] as const;

/** `/pass/login/` → `/pass/login`; `` → `/`. */
export function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function matchesRoute(route: AppRoute, pathname: string): boolean {
  const path = normalize(pathname);
  return route.exact ? route.prefixes.includes(path) : route.prefixes.some((p) => matchesPrefix(path, p));
}

export function routeFor(pathname: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => matchesRoute(r, pathname));
}

/** Unknown paths redirect to `/`. */
export function isKnownPath(pathname: string): boolean {
  return routeFor(pathname) !== undefined;
}

/** The operators' console: customers' things (the customer-service button) stay out of it. */
const OPERATOR_PREFIXES = ['/admin'] as const;

export function isOperatorConsole(pathname: string): boolean {
  const path = normalize(pathname);
  return OPERATOR_PREFIXES.some((p) => matchesPrefix(path, p));
}

export function isFullScreen(pathname: string): boolean {
  const path = normalize(pathname);
  return FULL_SCREEN_PREFIXES.some((p) => matchesPrefix(path, p));
}

/** The active nav entry: the owner of the first path segment. */
export function activeNav(pathname: string): NavKey | undefined {
  const first = `/${normalize(pathname).split('/')[1] ?? ''}`;
  return routeFor(first === '/' ? '/' : first)?.nav;
}

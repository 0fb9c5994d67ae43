import { describe, expect, it } from 'vitest';
import type { AppRoute } from './routes.ts';
import { activeNav, isFullScreen, isKnownPath, isOperatorConsole, routeFor } from './routes.ts';

/** SPEC §2: paths each application owns. */
const OWNED: Record<AppRoute['name'], readonly string[]> = {
  home: ['/', '/home'],
  'mfe-markets': ['/market', '/cruuency'],
  'mfe-trading': ['/trading'],
  'mfe-loans': ['/loan'],
  'mfe-nfts': ['/nfts'],
  'mfe-account': ['/profile/balance', '/pass/login'],
  'mfe-help': ['/help/faq', '/detail', '/introduction'],
  'mfe-backoffice': ['/admin/reviews'],
};

describe('route table', () => {
  it('maps every SPEC §2 route to its owner', () => {
    for (const [owner, paths] of Object.entries(OWNED)) {
      for (const path of paths) expect(routeFor(path)?.name, path).toBe(owner);
    }
  });

  it('does not treat a longer segment as its prefix', () => {
    for (const path of ['/marketing', '/homepage', '/nope', '/home/x']) expect(isKnownPath(path), path).toBe(false);
  });

  it('knows the full-screen routes, the operator console and the active entry', () => {
    // The back-office draws its own chrome, without the customer-service button.
    expect(['/pass/register', '/profile', '/admin/queues'].map(isFullScreen)).toEqual([true, false, true]);
    expect(['/admin', '/administration', '/pass/login'].map(isOperatorConsole)).toEqual([true, false, false]);
    expect(['/cruuency', '/profile/settings', '/', '/help'].map(activeNav)).toEqual(['market', 'profile', 'home', undefined]);
  });
});

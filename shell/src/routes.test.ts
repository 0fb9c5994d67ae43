import { describe, expect, it } from 'vitest';
import { activeNav, isFullScreen, isKnownPath, isOperatorConsole, routeFor } from './routes.ts';

describe('route table', () => {
  it('maps every SPEC §2 route to its owner', () => {
    expect(routeFor('/')?.name).toBe('home');
    expect(routeFor('/home')?.name).toBe('home');
    expect(routeFor('/market')?.name).toBe('mfe-markets');
    expect(routeFor('/cruuency')?.name).toBe('mfe-markets');
    expect(routeFor('/trading')?.name).toBe('mfe-trading');
    expect(routeFor('/loan')?.name).toBe('mfe-loans');
    expect(routeFor('/nfts')?.name).toBe('mfe-nfts');
    expect(routeFor('/profile/balance')?.name).toBe('mfe-account');
    expect(routeFor('/pass/login')?.name).toBe('mfe-account');
    expect(routeFor('/help/faq')?.name).toBe('mfe-help');
    expect(routeFor('/detail')?.name).toBe('mfe-help');
    expect(routeFor('/introduction')?.name).toBe('mfe-help');
    expect(routeFor('/admin/reviews')?.name).toBe('mfe-backoffice');
  });

  it('does not treat a longer segment as its prefix', () => {
    expect(isKnownPath('/marketing')).toBe(false);
    expect(isKnownPath('/homepage')).toBe(false);
    expect(isKnownPath('/nope')).toBe(false);
    expect(isKnownPath('/home/x')).toBe(false);
  });

  it('knows the full-screen routes and the active entry', () => {
    expect(isFullScreen('/pass/register')).toBe(true);
    expect(isFullScreen('/profile')).toBe(false);
    // The back-office draws its own chrome, without the customer-service button.
    expect(isFullScreen('/admin/queues')).toBe(true);
    expect(isOperatorConsole('/admin')).toBe(true);
    expect(isOperatorConsole('/administration')).toBe(false);
    expect(isOperatorConsole('/pass/login')).toBe(false);
    expect(activeNav('/cruuency')).toBe('market');
    expect(activeNav('/profile/settings')).toBe('profile');
    expect(activeNav('/')).toBe('home');
    expect(activeNav('/help')).toBeUndefined();
  });
});

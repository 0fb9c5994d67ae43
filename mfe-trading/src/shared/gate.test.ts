// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountModeAtom, i18n, sessionStore, userAtom } from '@meridian/platform';
import { fakePlatform, renderInDom } from './render-in-dom.ts';
import { SmartGate } from './gate.tsx';

const { platform } = fakePlatform(() => Promise.reject(new Error('no call expected')));
const inside = createElement('p', { 'data-testid': 'inside' }, 'the plan form');
const render = () => renderInDom(createElement(SmartGate, null, inside), { platform });
const signIn = (mode: 'demo' | 'real') =>
  act(() => {
    sessionStore.set(userAtom, { id: 'u1', email: 'a@b.c', role: 'user' });
    sessionStore.set(accountModeAtom, mode);
  });

describe('SmartGate', () => {
  afterEach(() => act(() => sessionStore.set(userAtom, null)));

  it('asks a visitor to log in', async () => {
    const host = await render();
    expect(host.querySelector('[data-gate="login"]')).not.toBeNull();
    expect(host.querySelector('a')!.getAttribute('href')).toBe('/pass/login?redirect=%2Ftrading');
    expect(host.querySelector('[data-testid="inside"]')).toBeNull();
  });

  it('tells a demo account it cannot use smart trading, with the way to switch to the real account', async () => {
    signIn('demo');
    const host = await render();
    const gate = host.querySelector<HTMLElement>('[data-gate="demo"]')!;
    expect(gate.textContent).toContain(i18n.t('account.demoUnavailable', { ns: 'common' }));
    const link = host.querySelector<HTMLAnchorElement>('[data-testid="smart-switch-real"]')!;
    expect(link.getAttribute('href')).toBe('/profile');
    expect(link.textContent).toBe('Go to your account to switch to the real account');
    expect(host.querySelector('[data-testid="inside"]')).toBeNull();
  });

  it('lets the real account through', async () => {
    signIn('real');
    const host = await render();
    expect(host.querySelector('[data-testid="smart-gate"]')).toBeNull();
    expect(host.querySelector('[data-testid="inside"]')!.textContent).toBe('the plan form');
  });
});

import { describe, expect, it } from 'vitest';
import { i18n, initI18n, registerNamespace } from './i18n.ts';
import { snapshot } from './use-t.ts';

describe('useT’s snapshot', () => {
  it('changes when namespaces arrive before any part has subscribed (a part rendered before i18next was initialised)', async () => {
    expect(i18n.isInitialized).toBeFalsy();
    const atRender = snapshot();
    await initI18n('en');
    expect(snapshot()).toBeGreaterThan(atRender);
    // A namespace added after the initialisation (a remote's) changes it too.
    const afterInit = snapshot();
    await registerNamespace('late', async () => ({ hello: 'Hello' }));
    expect(snapshot()).toBeGreaterThan(afterInit);
    expect(i18n.t('hello', { ns: 'late' })).toBe('Hello');
  });
});

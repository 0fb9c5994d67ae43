import { describe, expect, it } from 'vitest';
import type { RolloutDocument } from '@meridian/contracts';
import { bucketOf, chooseVersion, parseOverrides } from './choose-version.ts';

const doc = (weight: number, allowOverrides = false): RolloutDocument => ({
  env: 'production',
  revision: 3,
  artifactBase: '/artifacts',
  allowOverrides,
  remotes: { 'mfe-help': { stable: '1.0.0', previous: null, autoRolledBack: null, canary: { version: '1.1.0', weight }, integrity: {} } },
});

describe('canary choice', () => {
  it('puts about `weight` percent of people in the canary', () => {
    let canary = 0;
    for (let i = 0; i < 10_000; i += 1) if (chooseVersion(doc(30), 'mfe-help', `visitor-${i}`, {})?.reason === 'canary') canary += 1;
    expect(canary / 10_000).toBeGreaterThan(0.27);
    expect(canary / 10_000).toBeLessThan(0.33);
  });

  it('is sticky per person and independent per remote', () => {
    expect(bucketOf('user-1', 'mfe-help')).toBe(bucketOf('user-1', 'mfe-help'));
    const differs = Array.from({ length: 50 }, (_, i) => bucketOf(`u${i}`, 'mfe-help') !== bucketOf(`u${i}`, 'mfe-loans')).filter(
      Boolean,
    ).length;
    expect(differs).toBeGreaterThan(40);
  });

  it('weight 0 and 100 mean nobody and everybody', () => {
    expect(chooseVersion(doc(0), 'mfe-help', 'x', {})?.version).toBe('1.0.0');
    expect(chooseVersion(doc(100), 'mfe-help', 'x', {})?.version).toBe('1.1.0');
  });

  it('honours ?mf overrides only where the environment allows them', () => {
    expect(parseOverrides('help@2.0.0,mfe-loans@1.2.3-rc.1,bad')).toEqual({ 'mfe-help': '2.0.0', 'mfe-loans': '1.2.3-rc.1' });
    expect(chooseVersion(doc(0, true), 'mfe-help', 'x', { 'mfe-help': '2.0.0' })).toEqual({ version: '2.0.0', reason: 'override' });
    expect(chooseVersion(doc(0, false), 'mfe-help', 'x', { 'mfe-help': '2.0.0' })?.version).toBe('1.0.0');
  });
});

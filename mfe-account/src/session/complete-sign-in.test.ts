import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './complete-sign-in.ts';

const ORIGIN = 'https://meridian.example';
const after = (redirect: string) => afterSignInPath(`?redirect=${encodeURIComponent(redirect)}`, ORIGIN);

describe('afterSignInPath', () => {
  it('returns to a path of the site', () => {
    expect(after('/profile/settings')).toBe('/profile/settings');
    expect(after('/market?type=2')).toBe('/market?type=2');
    expect(afterSignInPath('', ORIGIN)).toBe('/profile');
  });

  it('never leaves the site, whatever the parameter says', () => {
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      'https://evil.example',
      'evil',
      '/ /x',
    ]) {
      const path = after(hostile);
      expect(new URL(path, ORIGIN).origin, hostile).toBe(ORIGIN);
    }
    expect(after('/\\evil.example')).toBe('/profile');
    expect(after('/\t/evil.example')).toBe('/profile');
  });

  it('does not return to a sign-in page', () => {
    expect(after('/pass/login')).toBe('/profile');
  });
});

import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './device.ts';

describe('layout by user agent', () => {
  it('is mobile for Android, iPhone, iPad and iPod', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)')).toBe(true);
  });
  it('is desktop otherwise', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0')).toBe(false);
    expect(isMobileUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(false);
  });
});

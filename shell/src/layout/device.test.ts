import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './device.ts';

const MOBILE = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)',
  'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
];
const DESKTOP = ['Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)'];

describe('layout by user agent', () => {
  it.each(MOBILE)('is mobile for Android, iPhone, iPad and iPod: %s', (agent) => expect(isMobileUserAgent(agent)).toBe(true));
  it.each(DESKTOP)('is desktop otherwise: %s', (agent) => expect(isMobileUserAgent(agent)).toBe(false));
});

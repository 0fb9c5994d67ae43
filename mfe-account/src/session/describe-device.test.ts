import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-device.ts';

describe('describeDevice', () => {
  it('names browser and system of common user agents', () => {
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe(
      'Chrome 156 · Linux',
    );
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toMatch(/^Safari 18 · iOS/);
  });

  it('says nothing for an empty agent', () => {
    expect(describeDevice('')).toBeNull();
  });
});

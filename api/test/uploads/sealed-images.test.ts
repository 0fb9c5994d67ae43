import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageSealer, UploadKeyError, uploadKeyFromEnv } from '../../src/uploads/sealed-images.ts';
import { PNG_1PX } from '../helpers.ts';

/** Identity photos and signatures at rest (issue 26): sealed under the upload key, unreadable and unalterable without it. */
describe('sealed images', () => {
  it('seals so the stored bytes are no image, opens only under the same key, and refuses altered bytes', () => {
    const sealer = ImageSealer.random();
    const sealed = sealer.seal(PNG_1PX);
    expect(sealed.includes(PNG_1PX.subarray(0, 8))).toBe(false);
    expect(sealer.open(sealed)?.equals(PNG_1PX)).toBe(true);
    // Two seals of one image differ (a fresh nonce each time): equal photos cannot be told apart at rest.
    expect(sealer.seal(PNG_1PX).equals(sealed)).toBe(false);
    expect(ImageSealer.random().open(sealed)).toBeNull();
    const altered = Buffer.from(sealed);
    altered[20] = altered[20]! ^ 1;
    expect(sealer.open(altered)).toBeNull();
    expect(sealer.open(Buffer.alloc(10))).toBeNull();
  });

  it('takes the key from MERIDIAN_UPLOAD_KEY, requires it in production, and keeps a development key in the data folder', () => {
    const hex = 'ab'.repeat(32);
    expect(uploadKeyFromEnv({ MERIDIAN_UPLOAD_KEY: hex }, { dataDir: '/nonexistent' })).toEqual({
      key: Buffer.from(hex, 'hex'),
      development: false,
    });
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(uploadKeyFromEnv({ MERIDIAN_UPLOAD_KEY: base64 }, { dataDir: '/nonexistent' }).key).toEqual(Buffer.alloc(32, 7));
    expect(() => uploadKeyFromEnv({ MERIDIAN_UPLOAD_KEY: 'short' }, { dataDir: '/nonexistent' })).toThrow(UploadKeyError);
    expect(() => uploadKeyFromEnv({ NODE_ENV: 'production' }, { dataDir: '/nonexistent' })).toThrow(/required in production/);
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-key-'));
    const first = uploadKeyFromEnv({}, { dataDir });
    expect(first.development).toBe(true);
    expect(first.key).toHaveLength(32);
    // Kept for the next start, readable by its owner only.
    expect(uploadKeyFromEnv({}, { dataDir }).key).toEqual(first.key);
    expect(statSync(join(dataDir, 'upload.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'upload.key'), 'utf8').trim()).toBe(first.key.toString('base64'));
  });
});

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/**
 * Seals identity photos and drawn signatures at rest (issue 26): AES-256-GCM under the upload key, a fresh
 * 96-bit nonce per image, stored as nonce ‖ ciphertext ‖ tag. Without the key the stored bytes are not an
 * image (no magic bytes, no structure) and cannot be altered unnoticed (the tag). The key never enters the
 * database: it comes from the environment (`MERIDIAN_UPLOAD_KEY`), or, outside production, from a key file
 * made once in the data folder (`uploadKeyFromEnv`); tests use a key of their own per API.
 */
export class ImageSealer {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`the upload key must be ${KEY_BYTES} bytes, not ${key.length}`);
    this.key = Buffer.from(key);
  }

  /** A sealer with a key of its own (a test API, or a process that keeps nothing across restarts). */
  static random(): ImageSealer {
    return new ImageSealer(randomBytes(KEY_BYTES));
  }

  seal(data: Buffer): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    return Buffer.concat([nonce, body, cipher.getAuthTag()]);
  }

  /** The image, or null when the bytes were not sealed under this key (or were altered). */
  open(sealed: Buffer): Buffer | null {
    if (sealed.length < NONCE_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      return null;
    }
  }
}

export class UploadKeyError extends Error {}

/**
 * The upload key of a site: `MERIDIAN_UPLOAD_KEY` (32 bytes, base64 or hex) when set; in production it must
 * be; otherwise a key made once and kept in `<dataDir>/upload.key` (mode 0600, beside but outside the
 * database), so a development site reads its images after a restart.
 */
export function uploadKeyFromEnv(env: NodeJS.ProcessEnv, options: { dataDir: string }): { key: Buffer; development: boolean } {
  const text = env.MERIDIAN_UPLOAD_KEY?.trim();
  if (text) {
    const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.length !== KEY_BYTES) throw new UploadKeyError('MERIDIAN_UPLOAD_KEY must be 32 bytes, as 64 hex digits or base64');
    return { key, development: false };
  }
  if (env.NODE_ENV === 'production')
    throw new UploadKeyError(
      'MERIDIAN_UPLOAD_KEY is required in production (32 bytes, hex or base64): identity images are encrypted under it',
    );
  const file = join(options.dataDir, 'upload.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new UploadKeyError(`${file} does not hold a 32-byte key`);
    return { key, development: true };
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of this data folder made it first: use theirs.
    if ((error as { code?: string }).code === 'EEXIST') return uploadKeyFromEnv(env, options);
    throw error;
  }
  chmodSync(file, 0o600);
  return { key, development: true };
}

import { IMAGE_LIMITS } from '@meridian/contracts';

/**
 * What an upload may be once decoded (issue 14): a bounded pixel count and side, checked from the
 * header before any pixel is decoded, so a small file that unpacks to gigabytes is refused cheaply.
 */
export const IMAGE_DECODE_LIMITS = {
  maxPixels: IMAGE_LIMITS.maxPixels,
  maxSide: IMAGE_LIMITS.maxSide,
  /** Decoded bytes (pixels × channels × bytes per sample): a 16-bit RGBA PNG needs 8 bytes a pixel. */
  maxDecodedBytes: 128 * 1024 * 1024,
  /** Images decoded at once by one process: the rest wait their turn, so memory stays bounded. */
  concurrency: 2,
  /** The re-encoded bytes may grow a little past the upload limit (a PNG squeezed harder than ours). */
  maxStoredBytes: 2 * IMAGE_LIMITS.serverMaxBytes,
  /** libvips gives up on one image after this long. */
  timeoutSeconds: 10,
} as const;

/** A refused image, with the translation key the client shows. */
export class ImageRefused extends Error {
  constructor(readonly key: 'validation.imageFormat' | 'validation.imageTooLarge' | 'validation.imageDimensions') {
    super(key);
  }
}

const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * Within `IMAGE_DECODE_LIMITS`: both sides, the pixel count and, when the header names them, the bytes
 * the decoded pixels take (channels × sample size; an unknown sample format counts as the widest).
 */
export function withinDecodeLimits(width: number, height: number, channels = 1, depth?: string): boolean {
  const { maxPixels, maxSide, maxDecodedBytes } = IMAGE_DECODE_LIMITS;
  if (!(width > 0 && height > 0 && width <= maxSide && height <= maxSide && width * height <= maxPixels)) return false;
  const sample = depth === undefined ? 1 : (BYTES_PER_SAMPLE[depth] ?? 16);
  return width * height * Math.max(1, channels) * sample <= maxDecodedBytes;
}

import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { sniffImage } from '@meridian/contracts';
import type { ImageMime } from '@meridian/contracts';
import { IMAGE_DECODE_LIMITS, ImageRefused, withinDecodeLimits } from './image-limits.ts';
import { rebuildJp2 } from './jp2-rebuild.ts';

export { IMAGE_DECODE_LIMITS, ImageRefused } from './image-limits.ts';

export interface CleanImage {
  mime: ImageMime;
  data: Buffer;
}

// One image at a time per request is plenty on a small server; no decoded-image cache kept in memory.
sharp.cache(false);

/** At most `IMAGE_DECODE_LIMITS.concurrency` decodes at once in this process; the others queue in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
const decodeSlots = new Slots(IMAGE_DECODE_LIMITS.concurrency);

const SHARP_FORMAT: Record<Exclude<ImageMime, 'image/jp2'>, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };

/**
 * Turns uploaded bytes into the only bytes the site keeps and serves: the image decoded (within
 * `IMAGE_DECODE_LIMITS`) and encoded afresh in its own type, without metadata (EXIF, GPS, ICC,
 * comments) or anything appended after the picture. JPEG 2000, which the server's image library
 * cannot decode, is rebuilt box by box instead (jp2-rebuild.ts).
 */
export async function sanitizeImage(upload: Buffer): Promise<CleanImage> {
  const mime = sniffImage(upload);
  if (!mime) throw new ImageRefused('validation.imageFormat');
  const data = mime === 'image/jp2' ? rebuildJp2(upload) : await decodeSlots.run(() => reencode(upload, mime));
  if (data.length > IMAGE_DECODE_LIMITS.maxStoredBytes) throw new ImageRefused('validation.imageTooLarge');
  return { mime, data };
}

async function reencode(upload: Buffer, mime: Exclude<ImageMime, 'image/jp2'>): Promise<Buffer> {
  // Any decoder warning (truncated data, bad checksums) refuses the image.
  const options = { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels, failOn: 'warning', sequentialRead: true } as const;
  let header: Metadata;
  try {
    header = await sharp(upload, options).metadata();
  } catch (error) {
    throw refusal(error);
  }
  // The bytes must be what their signature says (PNG magic in front of something else is refused).
  if (header.format !== SHARP_FORMAT[mime]) throw new ImageRefused('validation.imageFormat');
  if (!withinDecodeLimits(header.width ?? 0, header.height ?? 0, header.channels ?? 4, header.depth))
    throw new ImageRefused('validation.imageDimensions');
  // Turned upright first, since the orientation tag goes with the rest of the metadata.
  const pipeline = sharp(upload, options).rotate().timeout({ seconds: IMAGE_DECODE_LIMITS.timeoutSeconds });
  try {
    return mime === 'image/png' ? await pipeline.png().toBuffer() : await pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch (error) {
    throw refusal(error);
  }
}

/** libvips refuses an image above `limitInputPixels` from its header; anything else it cannot read is not an image. */
function refusal(error: unknown): ImageRefused {
  const pixels = error instanceof Error && /pixel limit/i.test(error.message);
  return new ImageRefused(pixels ? 'validation.imageDimensions' : 'validation.imageFormat');
}

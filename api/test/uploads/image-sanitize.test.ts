import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_DECODE_LIMITS, ImageRefused, sanitizeImage } from '../../src/uploads/image-sanitize.ts';
import {
  j2kCodestream,
  jp2File,
  jpegWithGps,
  jpegWithIcc,
  overLimit,
  photoJpeg,
  photoPng,
  pngBomb,
  zeroPng,
  pngMagicSvg,
  pngWithText,
  pngWithHtml,
  realSvg,
  truncatedJpeg,
  wrongMagic,
} from './hostile-fixtures.ts';

/** The key an upload is refused with, or null when it is taken. */
async function refusal(data: Buffer): Promise<string | null> {
  try {
    await sanitizeImage(data);
    return null;
  } catch (error) {
    if (error instanceof ImageRefused) return error.key;
    throw error;
  }
}

const text = (data: Buffer) => data.toString('latin1');

describe('hostile image bytes (issue 14): decoded within bounds and encoded afresh', () => {
  it('keeps a PNG with an HTML page after it as the picture alone', async () => {
    const polyglot = await pngWithHtml();
    expect(text(polyglot)).toContain('<script');
    const clean = await sanitizeImage(polyglot);
    expect(clean.mime).toBe('image/png');
    expect(text(clean.data)).not.toMatch(/<html|<script/i);
    const decoded = await sharp(clean.data).raw().toBuffer({ resolveWithObject: true });
    const original = await sharp(await photoPng())
      .raw()
      .toBuffer();
    expect(decoded.info).toMatchObject({ width: 64, height: 48 });
    expect(decoded.data.equals(original)).toBe(true);
  });

  it('refuses PNG magic in front of an SVG, a real SVG, other types and nothing at all', async () => {
    expect(await refusal(pngMagicSvg())).toBe('validation.imageFormat');
    expect(await refusal(realSvg())).toBe('validation.imageFormat');
    expect(await refusal(wrongMagic())).toBe('validation.imageFormat');
    expect(await refusal(Buffer.alloc(0))).toBe('validation.imageFormat');
  });

  it('refuses a decompression bomb from its header, quickly, without decoding its pixels', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb)).toBe('validation.imageDimensions');
    const elapsed = performance.now() - started;
    // 400 megapixels would be 400 MB of memory and seconds of work; the header alone is neither.
    expect(elapsed).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    console.info(`bomb: ${bomb.length} bytes for 20000×20000 pixels, refused in ${elapsed.toFixed(1)} ms`);
  });

  it('bounds each side as well as the pixel count', async () => {
    const tooWide = await sharp({ create: { width: IMAGE_DECODE_LIMITS.maxSide + 1, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await refusal(tooWide)).toBe('validation.imageDimensions');
    const atTheLimit = await sharp({ create: { width: IMAGE_DECODE_LIMITS.maxSide, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await refusal(atTheLimit)).toBeNull();
  });

  it('bounds the decoded bytes too: a 16-bit RGBA picture under the pixel limit but over the memory one', async () => {
    // 4,200 × 4,000 = 16.8 megapixels (allowed), but 8 bytes a pixel = 134 MB decoded (over 128 MB).
    const deep = await zeroPng(4200, 4000, 16, 6);
    expect(deep.length).toBeLessThan(IMAGE_DECODE_LIMITS.maxStoredBytes);
    expect(await refusal(deep)).toBe('validation.imageDimensions');
    // The same picture in 8-bit RGB (50 MB decoded) is an image like any other.
    expect(await refusal(await zeroPng(4200, 4000, 8, 2))).toBeNull();
  });

  it('refuses a truncated JPEG rather than storing a half picture', async () => {
    expect(await refusal(await truncatedJpeg())).toBe('validation.imageFormat');
    expect(await refusal(await photoJpeg(256, 256))).toBeNull();
  });

  it('takes the EXIF, GPS and comments out of a JPEG', async () => {
    const tagged = await jpegWithGps();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    expect(text(tagged)).toContain('exif-artist-secret');
    const clean = await sanitizeImage(tagged);
    expect(clean.mime).toBe('image/jpeg');
    const metadata = await sharp(clean.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(text(clean.data)).not.toMatch(/exif-artist-secret|exif-copyright-secret|GPS/);
  });

  it('takes text chunks out of a PNG and the ICC profile out of a JPEG (colours turned to sRGB)', async () => {
    const commented = await pngWithText();
    expect((await sharp(commented).metadata()).comments).toHaveLength(2);
    const cleanPng = await sanitizeImage(commented);
    expect((await sharp(cleanPng.data).metadata()).comments).toBeUndefined();
    expect(text(cleanPng.data)).not.toMatch(/secret/);
    const profiled = await jpegWithIcc();
    expect((await sharp(profiled).metadata()).icc).toBeDefined();
    const cleanJpeg = await sanitizeImage(profiled);
    expect((await sharp(cleanJpeg.data).metadata()).icc).toBeUndefined();
  });

  it('leaves the 2 MB limit to the route (the bytes themselves are still only an image)', async () => {
    // The route refuses these before decoding (its multipart limit); decoded anyway, only the picture is kept.
    const padded = await overLimit();
    const clean = await sanitizeImage(padded);
    expect(clean.data.length).toBeLessThan(20_000);
  });

  it('rebuilds JPEG 2000 from its parts: no metadata boxes, comments, ICC profile or trailing bytes', async () => {
    const upload = jp2File(640, 480);
    expect(text(upload)).toMatch(/gps-secret|icc-profile-secret|<script/);
    const clean = await sanitizeImage(upload);
    expect(clean.mime).toBe('image/jp2');
    expect(text(clean.data)).not.toMatch(/secret|<html|<script/);
    // Signature, file type, header (ihdr + colr sRGB), codestream: and the codestream's tile data intact.
    expect(clean.data.subarray(0, 12).equals(upload.subarray(0, 12))).toBe(true);
    expect(clean.data.includes(Buffer.from('0123456789abcdef0123456789abcdef'))).toBe(true);
    expect(clean.data.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    const bare = await sanitizeImage(Buffer.concat([j2kCodestream(100, 100), Buffer.from('<html>after</html>')]));
    expect(text(bare.data)).not.toMatch(/secret|<html/);
    expect(bare.data.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  it('bounds JPEG 2000 dimensions from its headers, and refuses a broken one', async () => {
    expect(await refusal(jp2File(20_000, 20_000))).toBe('validation.imageDimensions');
    expect(await refusal(j2kCodestream(20_000, 20_000))).toBe('validation.imageDimensions');
    const cut = jp2File(640, 480, { trailer: '' });
    expect(await refusal(cut.subarray(0, cut.length - 80))).toBe('validation.imageFormat');
    // A header that disagrees with its codestream.
    const lying = jp2File(640, 480);
    lying.writeUInt32BE(481, lying.indexOf('ihdr') + 4);
    expect(await refusal(lying)).toBe('validation.imageFormat');
  });
});

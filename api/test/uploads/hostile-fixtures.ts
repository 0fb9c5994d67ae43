import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '@meridian/contracts';

/**
 * Hostile uploads (issue 14), made in the test rather than kept as binary files: what an attacker
 * sends to the image upload, and a few honest images to compare with.
 */

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real picture (noise, so it does not compress to nothing) of the given size. */
export async function photoPng(width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function photoJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp(await photoPng(width, height))
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A JPEG that says where it was taken (EXIF GPS) and by whom, with a comment. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(await photoPng())
    .jpeg()
    .withExif({
      IFD0: { Artist: 'exif-artist-secret', Copyright: 'exif-copyright-secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2621/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3921/100' },
    })
    .toBuffer();
}

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid PNG with an HTML page after its end. */
export async function pngWithHtml(): Promise<Buffer> {
  return Buffer.concat([await photoPng(), Buffer.from(HTML)]);
}

/** A PNG carrying text chunks (a comment, an author) between its header and its pixels. */
export async function pngWithText(): Promise<Buffer> {
  const png = await photoPng();
  const afterHeader = 8 + 25;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('tEXt', Buffer.from('Comment\0png-comment-secret', 'latin1')),
    pngChunk('tEXt', Buffer.from('Author\0png-author-secret', 'latin1')),
    png.subarray(afterHeader),
  ]);
}

/** A JPEG with a wide-gamut ICC profile embedded. */
export async function jpegWithIcc(): Promise<Buffer> {
  return sharp(await photoPng())
    .jpeg()
    .withIccProfile('p3')
    .toBuffer();
}

/** PNG magic bytes in front of an SVG document. */
export function pngMagicSvg(): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`),
  ]);
}

export const realSvg = () =>
  Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** GIF and plain text: bytes of no accepted type. */
export const wrongMagic = () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/**
 * A decompression bomb: a 1-bit grey PNG of `side` × `side` pixels (20,000² = 400 megapixels, 50 MB
 * of rows, 400 MB once decoded to 8 bits) whose rows deflate to a few kilobytes. Built by streaming
 * one row many times, so the test itself never holds the pixels.
 */
export async function pngBomb(side = 20_000): Promise<Buffer> {
  return zeroPng(side, side, 1, 0);
}

/**
 * A PNG of zero pixels with the given IHDR (bit depth, colour type: 0 grey, 2 RGB, 6 RGBA), compressed
 * as a real encoder would: small on disk whatever it unpacks to.
 */
export async function zeroPng(width: number, height: number, bitDepth: number, colourType: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType] ?? 1;
  const deflate = createDeflate({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rowBytes = 1 + Math.ceil((width * channels * bitDepth) / 8);
  const rows = Buffer.alloc(rowBytes * 100);
  for (let written = 0; written < height; written += 100)
    deflate.write(written + 100 <= height ? rows : rows.subarray(0, rowBytes * (height - written)));
  deflate.end();
  await done;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG cut off a third of the way into its picture data. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await photoJpeg(256, 256);
  return whole.subarray(0, Math.floor(whole.length * 0.66));
}

/** One byte over the server's limit, with valid PNG bytes in front. */
export async function overLimit(): Promise<Buffer> {
  const png = await photoPng();
  return Buffer.concat([png, Buffer.alloc(IMAGE_LIMITS.serverMaxBytes + 1 - png.length)]);
}

/** A tiny valid PNG, for the tests that only need some image. */
export const tinyPng = () =>
  Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', Buffer.from('00000001000000010806000000', 'hex')),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);

// --- JPEG 2000, assembled from its parts (the server cannot decode it; it rebuilds it) ---

function jp2Box(type: string, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const marker = (code: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(code, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/**
 * A JPEG 2000 codestream of `width` × `height` (one tile, three components): SOC, SIZ, COD, QCD, a
 * comment, one tile-part (with its own comment) and EOC. The tile data is filler: the structure is
 * what the server checks and copies.
 */
export function j2kCodestream(width: number, height: number, comment = 'codestream-comment-secret'): Buffer {
  const siz = Buffer.alloc(36 + 3 * 3);
  siz.writeUInt16BE(0, 0); // Rsiz
  siz.writeUInt32BE(width, 2);
  siz.writeUInt32BE(height, 6);
  siz.writeUInt32BE(0, 10);
  siz.writeUInt32BE(0, 14);
  siz.writeUInt32BE(width, 18); // one tile
  siz.writeUInt32BE(height, 22);
  siz.writeUInt32BE(0, 26);
  siz.writeUInt32BE(0, 30);
  siz.writeUInt16BE(3, 34);
  for (let c = 0; c < 3; c += 1) siz.set([7, 1, 1], 36 + c * 3);
  const cod = Buffer.from([0, 0, 0, 1, 0, 5, 4, 4, 0, 0]);
  const qcd = Buffer.from([0x40, 0x48, 0x48, 0x50]);
  const com = (text: string) => marker(0xff64, Buffer.concat([Buffer.from([0, 1]), Buffer.from(text, 'latin1')]));
  const tileComment = com('tile-comment-secret');
  const data = Buffer.from('0123456789abcdef0123456789abcdef', 'latin1');
  const sot = Buffer.alloc(12);
  sot.writeUInt16BE(0xff90, 0);
  sot.writeUInt16BE(10, 2);
  sot.writeUInt16BE(0, 4);
  sot.writeUInt32BE(12 + tileComment.length + 2 + data.length, 6);
  sot[10] = 0;
  sot[11] = 1;
  return Buffer.concat([
    Buffer.from([0xff, 0x4f]),
    marker(0xff51, siz),
    marker(0xff52, cod),
    marker(0xff5c, qcd),
    com(comment),
    sot,
    tileComment,
    Buffer.from([0xff, 0x93]),
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A JP2 file around that codestream, with an XML metadata box, an ICC profile, and HTML after the end. */
export function jp2File(width: number, height: number, { trailer = HTML } = {}): Buffer {
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(height, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt16BE(3, 8);
  ihdr[10] = 7;
  ihdr[11] = 7;
  ihdr[12] = 0;
  ihdr[13] = 1; // claims an IPR box
  const iccColour = Buffer.concat([Buffer.from([2, 0, 0]), Buffer.from('icc-profile-secret', 'latin1')]);
  return Buffer.concat([
    Buffer.from('0000000c6a5020200d0a870a', 'hex'),
    jp2Box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1')),
    jp2Box('jp2h', jp2Box('ihdr', ihdr), jp2Box('colr', iccColour), jp2Box('res ', Buffer.from('resolution-secret', 'latin1'))),
    jp2Box('xml ', Buffer.from('<x:xmpmeta>gps-secret</x:xmpmeta>', 'latin1')),
    jp2Box('jp2c', j2kCodestream(width, height)),
    jp2Box('uuid', Buffer.from('0123456789abcdef-uuid-secret', 'latin1')),
    Buffer.from(trailer, 'latin1'),
  ]);
}

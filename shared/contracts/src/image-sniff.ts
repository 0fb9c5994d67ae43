/** Image types SPEC §5.2 accepts, recognised by their first bytes, never by name or declared type. */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/jp2';

const SIGNATURES: { mime: ImageMime; bytes: number[] }[] = [
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // JPEG 2000: the JP2 signature box, or a bare codestream.
  { mime: 'image/jp2', bytes: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] },
  { mime: 'image/jp2', bytes: [0xff, 0x4f, 0xff, 0x51] },
];

export function sniffImage(data: Uint8Array): ImageMime | null {
  for (const { mime, bytes } of SIGNATURES) {
    if (data.length >= bytes.length && bytes.every((b, i) => data[i] === b)) return mime;
  }
  return null;
}

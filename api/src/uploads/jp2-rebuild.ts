import { ImageRefused, withinDecodeLimits } from './image-limits.ts';

/**
 * JPEG 2000 (SPEC §5.2), which the server's image library cannot decode, rebuilt from its parts
 * instead of re-encoded (issue 14): the picture's size is read from its headers and bounded like any
 * other upload, and only what a viewer needs to draw it is copied into a new file: the signature,
 * a plain file type, the image header boxes (size, bit depths, colour space, palette) and the
 * codestream's marker segments and tile-parts up to its end marker. Everything else is left behind:
 * XML, UUID and other metadata boxes, ICC profiles (replaced by sRGB or grey), comment markers,
 * intellectual-property flags, and any bytes after the picture.
 */
export function rebuildJp2(upload: Buffer): Buffer {
  if (upload.length >= 4 && upload.readUInt32BE(0) === 0xff4fff51) return rebuildCodestream(upload, false);
  return rebuildBoxes(upload);
}

const refuse = (): never => {
  throw new ImageRefused('validation.imageFormat');
};

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The box starting at `at` (ISO/IEC 15444-1 annex I), within `to`. */
function readBox(data: Buffer, at: number, to: number): Box {
  if (to - at < 8) refuse();
  let length = data.readUInt32BE(at);
  const type = data.toString('latin1', at + 4, at + 8);
  let header = 8;
  if (length === 1) {
    if (to - at < 16) refuse();
    const long = data.readBigUInt64BE(at + 8);
    if (long > BigInt(to - at)) refuse();
    length = Number(long);
    header = 16;
  } else if (length === 0) {
    length = to - at;
  }
  if (length < header || at + length > to) refuse();
  return { type, start: at + header, end: at + length };
}

function box(type: string, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const SIGNATURE = Buffer.from('0000000c6a5020200d0a870a', 'hex');
const FILE_TYPE = box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1'));
/** Image header boxes a viewer needs; everything else in `jp2h` is dropped. */
const KEPT_HEADER_BOXES = new Set(['bpcc', 'pclr', 'cmap', 'cdef']);
const SRGB = 16;
const GREY = 17;

function rebuildBoxes(data: Buffer): Buffer {
  if (!data.subarray(0, 12).equals(SIGNATURE)) refuse();
  let at = 12;
  const fileType = readBox(data, at, data.length);
  if (fileType.type !== 'ftyp' || !data.subarray(fileType.start, fileType.end).includes('jp2 ', 0, 'latin1')) refuse();
  at = fileType.end;
  let header: Buffer | null = null;
  let size: { width: number; height: number } | null = null;
  // Boxes up to the first codestream; whatever follows it is not read, and not kept.
  for (;;) {
    const next = readBox(data, at, data.length);
    if (next.type === 'jp2h') {
      if (header) refuse();
      ({ header, size } = rebuildHeader(data, next));
    } else if (next.type === 'jp2c') {
      if (!header || !size) refuse();
      const codestream = rebuildCodestream(data.subarray(next.start, next.end), true);
      const siz = readSiz(codestream);
      if (siz.width !== size!.width || siz.height !== size!.height) refuse();
      return Buffer.concat([SIGNATURE, FILE_TYPE, header!, box('jp2c', codestream)]);
    }
    at = next.end;
  }
}

function rebuildHeader(data: Buffer, superBox: Box): { header: Buffer; size: { width: number; height: number } } {
  const kept: Buffer[] = [];
  let size: { width: number; height: number } | null = null;
  let components = 0;
  let palette = false;
  let colour: Buffer | null = null;
  for (let at = superBox.start; at < superBox.end;) {
    const child = readBox(data, at, superBox.end);
    const content = data.subarray(child.start, child.end);
    if (child.type === 'ihdr') {
      // HEIGHT, WIDTH, NC, BPC, C (7: JPEG 2000), UnkC, IPR.
      if (size || content.length !== 14 || content[12]! > 1 || content[11] !== 7) refuse();
      size = { height: content.readUInt32BE(0), width: content.readUInt32BE(4) };
      components = content.readUInt16BE(8);
      if (components < 1 || components > 16_384) refuse();
      if (!withinDecodeLimits(size.width, size.height)) throw new ImageRefused('validation.imageDimensions');
      const ihdr = Buffer.from(content);
      ihdr[13] = 0; // IPR: no intellectual-property box follows.
      kept.push(box('ihdr', ihdr));
    } else if (child.type === 'colr' && !colour) {
      // The first colour specification is the one a reader uses; an enumerated one is kept as it is.
      const enumerated = content.length === 7 && content[0] === 1;
      colour = enumerated ? Buffer.from(content) : Buffer.from([1, 0, 0, 0, 0, 0, 0]);
    } else if (KEPT_HEADER_BOXES.has(child.type)) {
      if (child.type === 'pclr') palette = true;
      kept.push(box(child.type, content));
    }
    at = child.end;
  }
  if (!size || !colour) refuse();
  // An ICC profile (method 2) is not carried over: the picture is declared sRGB, or grey.
  if (colour!.readUInt32BE(3) === 0) colour!.writeUInt32BE(components >= 3 || palette ? SRGB : GREY, 3);
  return { header: box('jp2h', kept[0]!, box('colr', colour!), ...kept.slice(1)), size: size! };
}

const SOC = 0xff4f;
const SIZ = 0xff51;
const SOT = 0xff90;
const SOD = 0xff93;
const EOC = 0xffd9;
const COM = 0xff64;

/** Marker segments (with a length) of the main and tile-part headers: 0xFF50 to 0xFF6F. */
const isSegment = (marker: number) => marker >= 0xff50 && marker <= 0xff6f;

function readSiz(codestream: Buffer): { width: number; height: number } {
  // SOC, then SIZ: Lsiz, Rsiz, Xsiz, Ysiz, XOsiz, YOsiz, ...
  if (codestream.length < 26 || codestream.readUInt16BE(2) !== SIZ) refuse();
  const width = codestream.readUInt32BE(8) - codestream.readUInt32BE(16);
  const height = codestream.readUInt32BE(12) - codestream.readUInt32BE(20);
  return { width, height };
}

/**
 * A codestream (15444-1 annex A) copied marker by marker without comments, ending at its EOC.
 * `bounded`: the codestream fills a `jp2c` box, so a last tile-part of unknown length runs to the box's end.
 */
function rebuildCodestream(cs: Buffer, bounded: boolean): Buffer {
  const need = (end: number) => {
    if (end > cs.length) refuse();
  };
  need(4);
  if (cs.readUInt16BE(0) !== SOC || cs.readUInt16BE(2) !== SIZ) refuse();
  const out: Buffer[] = [cs.subarray(0, 2)];
  let at = 2;
  for (;;) {
    need(at + 4);
    const marker = cs.readUInt16BE(at);
    if (marker === SOT) break;
    if (!isSegment(marker)) refuse();
    const end = at + 2 + cs.readUInt16BE(at + 2);
    if (end < at + 4) refuse();
    need(end);
    if (marker === SIZ) {
      if (end - at < 42) refuse();
      const size = readSiz(Buffer.concat([cs.subarray(0, 2), cs.subarray(at, end)]));
      if (!withinDecodeLimits(size.width, size.height)) throw new ImageRefused('validation.imageDimensions');
    }
    if (marker !== COM) out.push(cs.subarray(at, end));
    at = end;
  }
  let tileParts = 0;
  for (;;) {
    need(at + 2);
    const marker = cs.readUInt16BE(at);
    if (marker === EOC) break;
    if (marker !== SOT) refuse();
    need(at + 12);
    if (cs.readUInt16BE(at + 2) !== 10) refuse();
    let length = cs.readUInt32BE(at + 6);
    if (length === 0) {
      // The last tile-part, running to the EOC that ends the box.
      if (!bounded || cs.readUInt16BE(cs.length - 2) !== EOC) refuse();
      length = cs.length - 2 - at;
    }
    const end = at + length;
    if (length < 14) refuse();
    need(end);
    const segments: Buffer[] = [];
    let p = at + 12;
    for (;;) {
      if (p + 2 > end) refuse();
      const inner = cs.readUInt16BE(p);
      if (inner === SOD) break;
      if (!isSegment(inner) || p + 4 > end) refuse();
      const next = p + 2 + cs.readUInt16BE(p + 2);
      if (next < p + 4 || next > end) refuse();
      if (inner !== COM) segments.push(cs.subarray(p, next));
      p = next;
    }
    const body = cs.subarray(p, end);
    const sot = Buffer.from(cs.subarray(at, at + 12));
    sot.writeUInt32BE(12 + segments.reduce((n, s) => n + s.length, 0) + body.length, 6);
    out.push(sot, ...segments, body);
    at = end;
    tileParts += 1;
  }
  if (tileParts === 0) refuse();
  out.push(cs.subarray(at, at + 2));
  return Buffer.concat(out);
}

import { createHash } from 'node:crypto';

/**
 * Generative artwork for the charity NFT catalogue. Every picture is drawn here from its seed, so the
 * collection owns its art outright: no borrowed image, no font, no link to anything outside the document.
 * The same seed and style always give the same bytes, so a token's image can be rebuilt and checked at any time.
 */

/** The kinds of picture the generator draws; a seed keeps its palette whichever style it is drawn in. */
export const ART_STYLES = ['orbits', 'waves', 'mosaic', 'bloom'] as const;
/** One of the kinds of picture in ART_STYLES. */
export type ArtStyle = (typeof ART_STYLES)[number];

const SIZE = 512;
const MID = SIZE / 2;
const TAU = Math.PI * 2;
const DEG = Math.PI / 180;

/** A random stream: sfc32 seeded from the SHA-256 of the seed, so the picture never depends on Math.random. */
class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const digest = createHash('sha256').update(seed, 'utf8').digest();
    this.a = digest.readUInt32LE(0);
    this.b = digest.readUInt32LE(4);
    this.c = digest.readUInt32LE(8);
    this.d = digest.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return item(items, Math.floor(this.next() * items.length));
  }
}

/** The entry at index i, wrapping around, for lists the generator knows are not empty. */
function item<T>(items: readonly T[], i: number): T {
  const value = items[((i % items.length) + items.length) % items.length];
  if (value === undefined) throw new Error('artwork: empty list');
  return value;
}

/** A coordinate with at most two decimals, so the documents stay small and byte-stable. */
function n(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** An HSL colour (hue in degrees, saturation and lightness in percent) as #rrggbb. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = clamp(saturation, 0, 100) / 100;
  const l = clamp(lightness, 0, 100) / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (k: number): string => {
    const at = (k + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(at - 3, 9 - at, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * A seed's colour scheme: a base hue with two companions (analogous, split-complementary or triadic) and
 * an accent, plus the saturation every colour shares, so the parts of one picture always agree.
 */
interface Palette {
  hues: readonly [number, number, number, number];
  saturation: number;
}

const SCHEMES: readonly (readonly [number, number, number, number])[] = [
  [0, 32, -32, 180], // analogous, complementary accent
  [0, 150, 210, 30], // split complementary
  [0, 120, 240, 20], // triadic
  [0, 20, 45, -150], // warm run, cool accent
];

function paletteOf(rng: Rng): Palette {
  const base = rng.range(0, 360);
  const scheme = rng.pick(SCHEMES);
  const jitter = () => rng.range(-8, 8);
  return {
    hues: [base, base + scheme[1] + jitter(), base + scheme[2] + jitter(), base + scheme[3] + jitter()],
    saturation: rng.range(52, 74),
  };
}

/**
 * The colour of the palette's hue i at a lightness, its saturation moved by `satShift` points. Yellow-greens
 * and cyans look louder than reds and blues at the same HSL saturation, so they are toned down a little.
 */
function tone(p: Palette, i: number, lightness: number, satShift = 0): string {
  return soft(item(p.hues, i), p.saturation + satShift, lightness);
}

/** An HSL colour with the saturation of loud hues (yellow to cyan) lowered, so no palette turns neon. */
function soft(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const loud = Math.max(0, Math.cos(((h - 115) / 75) * (Math.PI / 2)));
  const near = Math.abs(h - 115) < 75 ? loud : 0;
  return hsl(h, saturation * (1 - 0.4 * near), lightness - 6 * near);
}

/** The hue a fraction f of the way from hue a to hue b, the short way round the colour wheel. */
function mixHue(a: number, b: number, f: number): number {
  return a + (((((b - a) % 360) + 540) % 360) - 180) * f;
}

/** One element; attributes come in the order given, which keeps the output byte-stable. */
function el(name: string, attrs: Record<string, string | number>, children = ''): string {
  const list = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('');
  return children === '' ? `<${name}${list}/>` : `<${name}${list}>${children}</${name}>`;
}

/** A gradient stop; opacity is left out when the colour is opaque. */
function stop(offset: number, color: string, opacity = 1): string {
  return el('stop', opacity === 1 ? { offset, 'stop-color': color } : { offset, 'stop-color': color, 'stop-opacity': opacity });
}

/** XML text: & < > " ' escaped, and characters XML 1.0 refuses (controls, lone surrogates, U+FFFE/F) dropped. */
function escapeXml(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000;
    if (!allowed) continue;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else out += ch;
  }
  return out;
}

/** What a style draws: gradients for `<defs>` and the shapes, back to front. */
interface Drawing {
  defs: string[];
  shapes: string[];
}

/** Gradient ids are prefixed per picture, so several pictures inlined in one page never share an id. */
type Id = (name: string) => string;

/**
 * The two halves of an ellipse rotated by `rotation` degrees: the far half (drawn behind what sits at
 * its centre) and the near half (drawn in front), which is what makes rings pass behind and before a body.
 */
function ellipseHalves(cx: number, cy: number, rx: number, ry: number, rotation: number): { back: string; front: string } {
  const t = rotation * DEG;
  const ex = rx * Math.cos(t);
  const ey = rx * Math.sin(t);
  const arc = (fromX: number, fromY: number, toX: number, toY: number) =>
    `M${n(fromX)} ${n(fromY)}A${n(rx)} ${n(ry)} ${n(rotation)} 0 1 ${n(toX)} ${n(toY)}`;
  return { back: arc(cx - ex, cy - ey, cx + ex, cy + ey), front: arc(cx + ex, cy + ey, cx - ex, cy - ey) };
}

/** Orbits: tilted rings around a glowing star, small shaded planets lit from it, on a dark starry sky. */
function orbits(rng: Rng, p: Palette, id: Id): Drawing {
  const defs: string[] = [];
  const shapes: string[] = [];
  // Space stays in the blues and violets; the palette colours the star, the rings and the planets.
  const skyHue = mixHue(item(p.hues, 0) + rng.range(160, 220), 245, 0.6);
  // The star leans from the accent towards gold, enough to read as a star and not so far that every star looks alike.
  const starHue = mixHue(item(p.hues, 3), 45, 0.4);
  defs.push(
    el('linearGradient', { id: id('sky'), x1: 0, y1: 0, x2: 1, y2: 1 }, stop(0, hsl(skyHue, 45, 7)) + stop(1, hsl(skyHue + 35, 50, 19))),
    el(
      'radialGradient',
      { id: id('glow') },
      stop(0, soft(starHue, p.saturation, 80), 0.75) +
        stop(0.35, soft(starHue, p.saturation, 60), 0.22) +
        stop(1, soft(starHue, p.saturation, 50), 0),
    ),
    el(
      'radialGradient',
      { id: id('sun'), cx: 0.42, cy: 0.4 },
      stop(0, '#fffaf0') + stop(0.45, soft(starHue, p.saturation + 15, 78)) + stop(1, soft(starHue, p.saturation + 15, 55)),
    ),
    el('radialGradient', { id: id('neb') }, stop(0, tone(p, 1, 52, 12), 0.34) + stop(1, tone(p, 1, 40, 12), 0)),
  );
  shapes.push(el('rect', { width: SIZE, height: SIZE, fill: `url(#${id('sky')})` }));

  const nebulae: string[] = [];
  for (let i = 0; i < 2; i++) {
    nebulae.push(
      el('ellipse', {
        cx: rng.range(40, 470),
        cy: rng.range(40, 470),
        rx: rng.range(150, 260),
        ry: rng.range(90, 170),
        transform: `rotate(${n(rng.range(-60, 60))} 256 256)`,
      }),
    );
  }
  shapes.push(el('g', { fill: `url(#${id('neb')})` }, nebulae.join('')));

  const stars: string[] = [];
  const starCount = rng.int(50, 80);
  for (let i = 0; i < starCount; i++) {
    const big = rng.chance(0.12);
    stars.push(
      el('circle', {
        cx: rng.range(0, SIZE),
        cy: rng.range(0, SIZE),
        r: big ? rng.range(1.4, 2.1) : rng.range(0.5, 1.2),
        opacity: rng.range(0.35, 0.95),
      }),
    );
  }
  shapes.push(el('g', { fill: '#fff' }, stars.join('')));

  const cx = MID + rng.range(-40, 40);
  const cy = MID + rng.range(-30, 30);
  const tilt = rng.range(-30, 30);
  const squash = rng.range(0.34, 0.64);
  const sunR = rng.range(30, 42);
  const ringCount = rng.int(4, 6);
  const t = tilt * DEG;
  const back: string[] = [];
  const front: string[] = [];
  const behind: string[] = [];
  const before: string[] = [];
  let planetIndex = 0;
  let ringed = false;
  for (let i = 0; i < ringCount; i++) {
    const rx = 78 + (i * 190) / (ringCount - 1) + rng.range(-10, 10);
    const ry = rx * squash;
    const color = tone(p, i % 3, rng.range(62, 78));
    const width = rng.range(1.2, 2.6);
    const dashed = rng.chance(0.25);
    const halves = ellipseHalves(cx, cy, rx, ry, tilt);
    const style = {
      stroke: color,
      'stroke-width': width,
      'stroke-opacity': rng.range(0.55, 0.9),
      ...(dashed ? { 'stroke-dasharray': '1 7', 'stroke-linecap': 'round' } : {}),
    };
    back.push(el('path', { d: halves.back, ...style }));
    front.push(el('path', { d: halves.front, ...style }));

    const planets = rng.chance(0.45) ? 2 : 1;
    for (let k = 0; k < planets; k++) {
      const theta = rng.range(0, TAU);
      const x = cx + rx * Math.cos(theta) * Math.cos(t) - ry * Math.sin(theta) * Math.sin(t);
      const y = cy + rx * Math.cos(theta) * Math.sin(t) + ry * Math.sin(theta) * Math.cos(t);
      // Nearer planets (lower on the ring) are drawn a little larger.
      const r = rng.range(5, 9 + i * 3) * (1 + 0.25 * Math.sin(theta));
      const dx = cx - x;
      const dy = cy - y;
      const dist = Math.hypot(dx, dy) || 1;
      const pid = id(`p${planetIndex++}`);
      const hueIndex = rng.int(0, 3);
      const lit = rng.range(58, 72);
      defs.push(
        el(
          'radialGradient',
          { id: pid, cx: 0.5 + (0.3 * dx) / dist, cy: 0.5 + (0.3 * dy) / dist, r: 0.75 },
          stop(0, tone(p, hueIndex, lit + 22)) + stop(0.55, tone(p, hueIndex, lit)) + stop(1, tone(p, hueIndex, lit - 38)),
        ),
      );
      const body = el('circle', { cx: x, cy: y, r, fill: `url(#${pid})` });
      let planet = body;
      if (!ringed && r > 10) {
        ringed = true;
        const ring = ellipseHalves(x, y, r * 2.1, r * 0.55, tilt + rng.range(-25, 25));
        const ringStyle = { fill: 'none', stroke: tone(p, (hueIndex + 1) % 4, 80), 'stroke-width': r * 0.28, 'stroke-opacity': 0.85 };
        planet = el('path', { d: ring.back, ...ringStyle }) + body + el('path', { d: ring.front, ...ringStyle });
      }
      (Math.sin(theta) < 0 ? behind : before).push(planet);
    }
  }

  shapes.push(el('g', { fill: 'none' }, back.join('')), ...behind);
  shapes.push(
    el('circle', { cx, cy, r: sunR * 4.2, fill: `url(#${id('glow')})` }),
    el('circle', { cx, cy, r: sunR, fill: `url(#${id('sun')})` }),
  );
  shapes.push(el('g', { fill: 'none' }, front.join('')), ...before);
  return { defs, shapes };
}

/** A smooth path through points (Catmull-Rom drawn as cubic Béziers). */
function smoothThrough(points: readonly (readonly [number, number])[]): string {
  const first = item(points, 0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = item(points, Math.max(0, i - 1));
    const p1 = item(points, i);
    const p2 = item(points, i + 1);
    const p3 = item(points, Math.min(points.length - 1, i + 2));
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** Waves: layered bands of sea under a ringed sun, by day or at dusk, paler in the distance and deeper in front. */
function waves(rng: Rng, p: Palette, id: Id): Drawing {
  const defs: string[] = [];
  const shapes: string[] = [];
  const dusk = rng.chance(0.4);
  const sky = dusk
    ? stop(0, tone(p, 2, 16, -15)) + stop(0.55, tone(p, 2, 36, -5)) + stop(1, tone(p, 3, 72, 10))
    : stop(0, tone(p, 3, 93, -30)) + stop(1, tone(p, 1, 82, -15));
  defs.push(el('linearGradient', { id: id('sky'), x1: 0, y1: 0, x2: 0, y2: 1 }, sky));
  shapes.push(el('rect', { width: SIZE, height: SIZE, fill: `url(#${id('sky')})` }));

  const top = rng.range(180, 245);
  const sunX = rng.range(110, 400);
  const sunY = dusk ? top - rng.range(-10, 40) : top - rng.range(30, 90);
  const sunR = rng.range(48, 82);
  const halos: string[] = [];
  for (let i = 3; i >= 1; i--) halos.push(el('circle', { cx: sunX, cy: sunY, r: sunR + i * 20, 'fill-opacity': 0.09 }));
  // The sun leans from the accent hue towards gold, so it reads as a sun whatever the palette.
  const sunHue = mixHue(item(p.hues, 3), 45, 0.7);
  shapes.push(el('g', { fill: soft(sunHue, 85, dusk ? 74 : 70) }, halos.join('') + el('circle', { cx: sunX, cy: sunY, r: sunR })));

  const bands = rng.int(6, 8);
  const swell = rng.range(0.7, 1.6);
  const cycles1 = rng.range(0.8, 2.2);
  const cycles2 = rng.range(2.6, 4.6);
  const drift1 = rng.range(0.5, 1.2);
  const drift2 = rng.range(-1.4, 1.4);
  let phase1 = rng.range(0, TAU);
  let phase2 = rng.range(0, TAU);
  const step = 32;
  const [back, front] = rng.chance(0.5) ? [1, 0] : [0, 2];
  const hueBack = item(p.hues, back);
  const hueFront = item(p.hues, front);
  const crests: string[] = [];
  for (let i = 0; i < bands; i++) {
    const depth = i / (bands - 1);
    const baseline = top + (SIZE - 44 - top) * Math.pow(depth, 0.85) + 14;
    const amp1 = rng.range(10, 18) * (0.5 + 1.1 * depth) * swell;
    const amp2 = amp1 * rng.range(0.2, 0.4);
    phase1 += drift1 + rng.range(-0.3, 0.3);
    phase2 += drift2;
    const points: [number, number][] = [];
    for (let x = -step; x <= SIZE + step; x += step) {
      const y = baseline + amp1 * Math.sin((x / SIZE) * cycles1 * TAU + phase1) + amp2 * Math.sin((x / SIZE) * cycles2 * TAU + phase2);
      points.push([x, y]);
    }
    const hue = mixHue(hueBack, hueFront, depth);
    const light = dusk ? 58 - depth * 44 : 78 - depth * 52;
    const gid = id(`b${i}`);
    defs.push(
      el(
        'linearGradient',
        { id: gid, x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, soft(hue, p.saturation - 10 + depth * 10, light + 7)) + stop(1, soft(hue + 14, p.saturation, light - 9)),
      ),
    );
    crests.push(el('path', { d: `${smoothThrough(points)}V${SIZE + step}H${-step}Z`, fill: `url(#${gid})` }));
  }
  // The stroke draws a thin light line along every crest: the other edges of the bands lie outside the picture.
  shapes.push(el('g', { stroke: '#fff', 'stroke-opacity': 0.28, 'stroke-width': 1.2 }, crests.join('')));
  return { defs, shapes };
}

/** Mosaic: a grid of rounded tiles turned by a smooth seeded field and shaded along a palette ramp by another. */
function mosaic(rng: Rng, p: Palette, id: Id): Drawing {
  const shapes: string[] = [];
  const dark = rng.chance(0.55);
  const bg = dark ? soft(item(p.hues, 0) + 180, 28, 12) : soft(item(p.hues, 0), 30, 94);
  shapes.push(el('rect', { width: SIZE, height: SIZE, fill: bg }));
  // The ramp runs from one companion through the base hue to the other, dark to light.
  const ramp: readonly (readonly [number, number])[] = [
    [item(p.hues, 2), 36],
    [item(p.hues, 0), 50],
    [item(p.hues, 1), 64],
    [item(p.hues, 1) + 10, 80],
  ];
  const shade = (v: number): string => {
    const at = clamp(v, 0, 0.9999) * (ramp.length - 1);
    const [h0, l0] = item(ramp, Math.floor(at));
    const [h1, l1] = item(ramp, Math.floor(at) + 1);
    const f = at - Math.floor(at);
    return soft(mixHue(h0, h1, f), p.saturation, l0 + (l1 - l0) * f);
  };
  const accent = tone(p, 3, 62, 12);

  const count = rng.int(6, 9);
  const margin = 30;
  const cell = (SIZE - 2 * margin) / count;
  const swing = rng.range(25, 50);
  const a1 = rng.range(0.4, 1.2) * TAU * (rng.chance(0.5) ? 1 : -1);
  const a2 = rng.range(0.4, 1.2) * TAU * (rng.chance(0.5) ? 1 : -1);
  const b1 = rng.range(0.3, 0.8) * TAU;
  const b2 = rng.range(0.3, 0.8) * TAU;
  const ph = [rng.range(0, TAU), rng.range(0, TAU), rng.range(0, TAU)] as const;
  const fu = rng.range(0.15, 0.85);
  const fv = rng.range(0.15, 0.85);
  const rings = rng.range(1.1, 2.2);
  const tiles: string[] = [];
  const dots: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      const u = (col + 0.5) / count;
      const v = (row + 0.5) / count;
      const x = margin + u * (SIZE - 2 * margin);
      const y = margin + v * (SIZE - 2 * margin);
      const turn = Math.sin(u * a1 + v * a2 + ph[0]);
      const tint = 0.5 + 0.25 * (Math.sin(u * b1 + v * 0.6 + ph[1]) + Math.cos(v * b2 - u * 0.6 + ph[2]));
      // Sizes ripple out from a seeded focus, so the grid reads as one picture rather than a pattern.
      const ripple = 0.5 + 0.5 * Math.cos(Math.hypot(u - fu, v - fv) * rings * TAU + ph[1]);
      const size = Math.round(cell * (0.46 + 0.38 * ripple) * (1 - 0.1 * Math.abs(turn)));
      const angle = turn * swing;
      const fill = rng.chance(0.05) ? accent : shade(0.55 * tint + 0.45 * ripple);
      tiles.push(
        el('rect', {
          x: -size / 2,
          y: -size / 2,
          width: size,
          height: size,
          rx: Math.round(size * 0.26),
          transform: `translate(${n(x)} ${n(y)})rotate(${n(angle)})`,
          fill,
        }),
      );
      if (fill === accent) dots.push(el('circle', { cx: x, cy: y, r: Math.round(size * 0.16) }));
    }
  }
  shapes.push(tiles.join(''), el('g', { fill: dark ? '#fff' : bg, 'fill-opacity': 0.8 }, dots.join('')));
  // A soft light from one corner over the whole grid, as if the tiles were glazed.
  const light = el(
    'radialGradient',
    { id: id('light'), cx: rng.pick([0.2, 0.8]), cy: 0.15, r: 1 },
    stop(0, '#fff', dark ? 0.16 : 0.3) + stop(0.6, '#fff', 0) + stop(1, '#000', dark ? 0.14 : 0.06),
  );
  shapes.push(el('rect', { width: SIZE, height: SIZE, fill: `url(#${id('light')})` }));
  return { defs: [light], shapes };
}

/** Bloom: layers of petals around a seeded heart, each layer shaded outward by a radial gradient. */
function bloom(rng: Rng, p: Palette, id: Id): Drawing {
  const defs: string[] = [];
  const shapes: string[] = [];
  const baseIndex = rng.int(0, 2);
  const base = item(p.hues, baseIndex);
  const bgHue = base + rng.range(150, 210);
  defs.push(el('radialGradient', { id: id('bg') }, stop(0, soft(bgHue, 35, 24)) + stop(1, soft(bgHue + 20, 40, 8))));
  shapes.push(el('rect', { width: SIZE, height: SIZE, fill: `url(#${id('bg')})` }));

  const layers = rng.int(3, 4);
  const pointed = rng.chance(0.5);
  // Layers step along the wheel: a short analogous run, or up to 60° towards a companion for a two-tone flower.
  const twoTone = rng.chance(0.4);
  const run = rng.range(12, 30) * (rng.chance(0.5) ? 1 : -1);
  const towards = mixHue(base, item(p.hues, baseIndex + 1), 1) - base;
  const turn = twoTone && Math.abs(towards) > 20 ? clamp(towards, -60, 60) : run;
  let spin = rng.range(0, 360);
  const group: string[] = [];
  for (let layer = 0; layer < layers; layer++) {
    const t = layer / (layers - 1);
    const L = Math.round(222 - t * 140 + rng.range(-8, 8));
    const petals = rng.int(8, 12) + (layers - 1 - layer) * 2;
    const w = Math.round(Math.min(L * rng.range(0.3, 0.42), ((L * TAU) / petals) * 0.4));
    const hue = base + turn * t;
    const gid = id(`l${layer}`);
    defs.push(
      el(
        'radialGradient',
        { id: gid, cx: 0, cy: 0, r: L, gradientUnits: 'userSpaceOnUse' },
        stop(0.2, soft(hue - 10, p.saturation, 26 + t * 10)) +
          stop(0.65, soft(hue, p.saturation + 8, 56 + t * 6)) +
          stop(1, soft(hue + 12, p.saturation - 12, 84)),
      ),
    );
    const d = pointed
      ? `M0 0C${w} ${-Math.round(L * 0.3)} ${Math.round(w * 0.8)} ${-Math.round(L * 0.75)} 0 ${-L}C${-Math.round(w * 0.8)} ${-Math.round(L * 0.75)} ${-w} ${-Math.round(L * 0.3)} 0 0Z`
      : `M0 0C${Math.round(w * 1.1)} ${-Math.round(L * 0.25)} ${w} ${-L} 0 ${-L}C${-w} ${-L} ${-Math.round(w * 1.1)} ${-Math.round(L * 0.25)} 0 0Z`;
    const items: string[] = [];
    for (let k = 0; k < petals; k++) items.push(el('path', { d, transform: `rotate(${n(spin + (k * 360) / petals)})` }));
    group.push(el('g', { fill: `url(#${gid})`, stroke: soft(hue, p.saturation - 20, 90), 'stroke-opacity': 0.3 }, items.join('')));
    spin += 180 / petals + rng.range(-5, 5);
  }

  const coreR = rng.range(30, 42);
  // The heart takes the accent, or the complement when the accent sits too near the petals to show.
  const accent = item(p.hues, 3);
  const heart = Math.abs(mixHue(base + turn / 2, accent, 1) - (base + turn / 2)) < 60 ? base + turn / 2 + 180 : accent;
  defs.push(
    el(
      'radialGradient',
      { id: id('core'), cx: 0.4, cy: 0.4 },
      stop(0, soft(heart, p.saturation, 80)) + stop(1, soft(heart, p.saturation, 40)),
    ),
  );
  group.push(el('circle', { r: coreR, fill: `url(#${id('core')})` }));
  const seeds: string[] = [];
  const seedCount = rng.int(40, 60);
  const spread = (coreR - 4) / Math.sqrt(seedCount);
  for (let i = 1; i <= seedCount; i++) {
    const a = i * 137.508 * DEG;
    const r = spread * Math.sqrt(i);
    seeds.push(
      el('circle', {
        cx: Math.round(r * Math.cos(a) * 10) / 10,
        cy: Math.round(r * Math.sin(a) * 10) / 10,
        r: Math.round(10 + (16 * i) / seedCount) / 10,
      }),
    );
  }
  group.push(el('g', { fill: soft(heart, p.saturation, 22), 'fill-opacity': 0.7 }, seeds.join('')));
  const cx = MID + rng.range(-16, 16);
  const cy = MID + rng.range(-16, 16);
  shapes.push(el('g', { transform: `translate(${n(cx)} ${n(cy)})` }, group.join('')));

  const pollen: string[] = [];
  const pollenCount = rng.int(14, 24);
  for (let i = 0; i < pollenCount; i++) {
    const a = rng.range(0, TAU);
    const r = rng.range(215, 340);
    pollen.push(el('circle', { cx: cx + r * Math.cos(a), cy: cy + r * Math.sin(a), r: rng.range(1.2, 3.2), opacity: rng.range(0.3, 0.8) }));
  }
  shapes.push(el('g', { fill: soft(base + turn, 40, 82) }, pollen.join('')));
  return { defs, shapes };
}

const DRAW: Record<ArtStyle, (rng: Rng, palette: Palette, id: Id) => Drawing> = { orbits, waves, mosaic, bloom };

/**
 * The artwork for a token as a standalone SVG document (512 × 512): the palette and layout come from
 * the seed, the kind of picture from the style, and the title becomes the document's accessible name.
 */
export function nftArtworkSvg(seed: string, style: ArtStyle, title: string): string {
  const rng = new Rng(seed);
  const palette = paletteOf(rng);
  const prefix = `a${createHash('sha256').update(`${style}\n${seed}`, 'utf8').digest('hex').slice(0, 8)}`;
  const { defs, shapes } = DRAW[style](rng, palette, (name) => `${prefix}-${name}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    (defs.length > 0 ? `<defs>${defs.join('')}</defs>` : '') +
    shapes.join('') +
    '</svg>'
  );
}

/** The style a seed is drawn in when none is chosen, so a catalogue spreads evenly over the styles. */
export function artStyleOf(seed: string): ArtStyle {
  const digest = createHash('sha256').update(`style\n${seed}`, 'utf8').digest();
  return item(ART_STYLES, digest.readUInt32LE(0) % ART_STYLES.length);
}

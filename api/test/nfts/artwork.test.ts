import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import { ART_STYLES, artStyleOf, nftArtworkSvg } from '../../src/nfts/artwork.ts';
import type { ArtStyle } from '../../src/nfts/artwork.ts';

/** The generated catalogue art: deterministic, well-formed, self-contained and small (the NFT catalogue's images). */

const OPENING = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img">';

/** Everything the generator may draw with: shapes and gradients, nothing that loads, runs or writes text. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'title',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'g',
  'rect',
  'circle',
  'ellipse',
  'path',
]);

interface Element {
  name: string;
  attrs: Map<string, string>;
}

/** Text and attribute values: no `<`, and every `&` starts one of XML's five entities. */
const XML_TEXT = /^(?:[^<&]|&(?:amp|lt|gt|quot|apos);)*$/;
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"]*")*)\s*(\/?)>/y;
const ATTR = /\s+([A-Za-z_:][\w:.-]*)="([^"]*)"/g;

/**
 * A strict reading of the document as XML (node has no DOMParser and the API has no XML parser): one
 * root, every tag closed in order, attributes quoted and not repeated, text and values properly escaped.
 * Returns the elements in document order, or throws on the first fault.
 */
function parseXml(doc: string): Element[] {
  const elements: Element[] = [];
  const open: string[] = [];
  let at = 0;
  let roots = 0;
  while (at < doc.length) {
    const lt = doc.indexOf('<', at);
    const text = doc.slice(at, lt === -1 ? doc.length : lt);
    if (text !== '') {
      if (open.length === 0) throw new Error(`text outside the root at ${at}`);
      if (!XML_TEXT.test(text) || text.includes('>')) throw new Error(`unescaped text at ${at}: ${text.slice(0, 40)}`);
    }
    if (lt === -1) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(doc);
    if (!m) throw new Error(`malformed tag at ${lt}: ${doc.slice(lt, lt + 40)}`);
    const [whole, closing, name = '', attrText = '', selfClosing] = m;
    if (closing) {
      if (attrText !== '' || selfClosing) throw new Error(`malformed closing tag </${name}>`);
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
    } else {
      if (open.length === 0 && roots++ > 0) throw new Error('more than one root element');
      const attrs = new Map<string, string>();
      for (const [, key = '', value = ''] of attrText.matchAll(ATTR)) {
        if (attrs.has(key)) throw new Error(`attribute ${key} repeated on <${name}>`);
        if (!XML_TEXT.test(value)) throw new Error(`unescaped value in ${key} on <${name}>`);
        attrs.set(key, value);
      }
      elements.push({ name, attrs });
      if (!selfClosing) open.push(name);
    }
    at = lt + whole.length;
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`);
  if (roots !== 1) throw new Error('no root element');
  return elements;
}

/** The document's hex colours, the trace of its palette. */
const colours = (svg: string): Set<string> => new Set(svg.match(/#[0-9a-f]{6}\b/g) ?? []);

const seeds = fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.uuid(), fc.string({ unit: 'binary', maxLength: 20 }));
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('NFT artwork', () => {
  it('draws the same bytes for the same seed and style, and pins them so a change to the art is deliberate', () => {
    for (const style of ART_STYLES) {
      expect(nftArtworkSvg('token-1', style, 'Hope')).toBe(nftArtworkSvg('token-1', style, 'Hope'));
    }
    // A minted token's image is rebuilt from its seed: changing these changes every token already issued.
    const digests = Object.fromEntries(ART_STYLES.map((style) => [style, sha(nftArtworkSvg('token-1', style, 'Hope')).slice(0, 16)]));
    expect(digests).toEqual(PINNED);
  });

  it('draws a different picture, with a different palette, for each seed', () => {
    for (const style of ART_STYLES) {
      const docs = Array.from({ length: 40 }, (_, i) => nftArtworkSvg(`seed-${i}`, style, 'Same title'));
      expect(new Set(docs).size).toBe(docs.length);
      let unlike = 0;
      for (let i = 1; i < docs.length; i++) {
        const a = colours(docs[i - 1] ?? '');
        const b = colours(docs[i] ?? '');
        const shared = [...a].filter((c) => b.has(c)).length;
        if (shared / Math.max(a.size, b.size) < 0.5) unlike++;
      }
      // Neighbouring seeds share most colours only by rare accident.
      expect(unlike).toBeGreaterThanOrEqual(docs.length - 3);
    }
  });

  it('draws a well-formed standalone document in every style, whatever the seed', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom(...ART_STYLES), (seed, style) => {
        const svg = nftArtworkSvg(seed, style, 'Clean water for 40 families');
        expect(svg.startsWith(`${OPENING}<title>Clean water for 40 families</title>`)).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        const elements = parseXml(svg);
        expect(elements[0]?.name).toBe('svg');
        expect(elements.filter((e) => e.name === 'title')).toHaveLength(1);
        for (const e of elements) expect(ALLOWED_ELEMENTS.has(e.name), e.name).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('has a checker that refuses what is not well-formed XML', () => {
    const good = nftArtworkSvg('checker', 'mosaic', 'Checker');
    expect(() => parseXml(good)).not.toThrow();
    for (const bad of [
      good.replace('</title>', ''),
      good.replace('<title>Checker', '<title>A & B'),
      good.replace('<title>Checker', '<title>A < B'),
      good.replace('<rect ', '<rect width="1" '),
      good.replace('/>', '>'),
      good.replace(' fill="', " fill='"),
      `${good}<svg></svg>`,
      good.slice(0, -1),
    ]) {
      expect(() => parseXml(bad), bad.slice(0, 60)).toThrow();
    }
  });

  it('is read by a real SVG renderer (librsvg through sharp) as a 512 × 512 picture with something in it', async () => {
    for (const style of ART_STYLES) {
      const image = sharp(Buffer.from(nftArtworkSvg('render-check', style, 'Render check')));
      const meta = await image.metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['svg', 512, 512]);
      const stats = await image.stats();
      // Not a flat fill: the channels vary across the picture.
      expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(10);
    }
  });

  it('escapes the title and keeps the document well-formed whatever the title holds', () => {
    const svg = nftArtworkSvg('escape', 'bloom', `<script>alert("x")</script> & 'friends'`);
    expect(svg).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;friends&apos;</title>');
    expect(svg).not.toMatch(/<script/i);
    parseXml(svg);
    // Characters XML cannot carry (controls, a lone surrogate) are dropped rather than breaking the document.
    const odd = nftArtworkSvg('escape', 'waves', 'a\u0000b\u001bc\ud800d\ufffe e\u00e9\u{1f30a}');
    expect(odd).toContain('<title>abcd e\u00e9\u{1f30a}</title>');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom(...ART_STYLES), (title, style) => {
        const doc = nftArtworkSvg('t', style, title);
        parseXml(doc);
        expect(doc).not.toMatch(/<script/i);
      }),
      { numRuns: 200 },
    );
  });

  it('loads nothing, runs nothing and refers only to its own gradients', () => {
    for (const style of ART_STYLES) {
      for (let i = 0; i < 25; i++) {
        const svg = nftArtworkSvg(`safe-${i}`, style, 'Safe');
        expect(svg).not.toMatch(
          /href|<script|<foreignObject|<image|<use|<text|<style|@import|javascript:|url\(\s*['"]?(?:https?:|data:|\/\/)/i,
        );
        expect(svg.match(/https?:/g)).toEqual(['http:']); // the SVG namespace, and nothing else
        const elements = parseXml(svg);
        const ids = new Set(elements.flatMap((e) => e.attrs.get('id') ?? []));
        for (const e of elements) {
          for (const [key, value] of e.attrs) {
            expect(key, `<${e.name} ${key}>`).not.toMatch(/^on/i);
            for (const [, ref] of value.matchAll(/url\(([^)]*)\)/g)) {
              expect(ref?.startsWith('#') && ids.has(ref.slice(1)), `${key}="${value}"`).toBe(true);
            }
          }
        }
      }
    }
    // Ids are prefixed per picture, so two pictures inlined in one page never capture each other's gradients.
    const ids = (svg: string) => new Set(svg.match(/ id="[^"]+"/g) ?? []);
    const a = ids(nftArtworkSvg('one', 'orbits', 'x'));
    const b = ids(nftArtworkSvg('two', 'orbits', 'x'));
    expect([...a].filter((id) => b.has(id))).toEqual([]);
  });

  it('prints coordinates with at most two decimals', () => {
    for (const style of ART_STYLES) {
      for (let i = 0; i < 25; i++) {
        const svg = nftArtworkSvg(`digits-${i}`, style, 'Digits');
        expect(svg).not.toMatch(/\d\.\d{3}/);
        expect(svg).not.toMatch(/NaN|Infinity|e[+-]\d/);
      }
    }
  });

  it('stays under 12 KB in every style', () => {
    for (const style of ART_STYLES) {
      let largest = 0;
      fc.assert(
        fc.property(seeds, (seed) => {
          const bytes = Buffer.byteLength(nftArtworkSvg(seed, style, 'Meals for a school, term 3'));
          largest = Math.max(largest, bytes);
          expect(bytes).toBeLessThan(12 * 1024);
        }),
        { numRuns: 200 },
      );
      expect(largest, style).toBeGreaterThan(1024);
    }
  });

  it('picks a style from the seed, the same each time, spread over all the styles', () => {
    const counts = new Map<ArtStyle, number>();
    for (let i = 0; i < 400; i++) {
      const style = artStyleOf(`token-${i}`);
      expect(artStyleOf(`token-${i}`)).toBe(style);
      counts.set(style, (counts.get(style) ?? 0) + 1);
    }
    for (const style of ART_STYLES) expect(counts.get(style) ?? 0, style).toBeGreaterThan(60);
  });
});

/** The first 16 hex digits of the SHA-256 of each style's picture for seed 'token-1', title 'Hope'. */
const PINNED: Record<ArtStyle, string> = {
  orbits: '2a79297e222e1c99',
  waves: 'cdf6ebf88769e336',
  mosaic: '4844d068293cecca',
  bloom: '77aad221239e22ba',
};

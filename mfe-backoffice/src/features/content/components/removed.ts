import type { PreviewContentResult } from '@meridian/contracts';

export type RemovedItem = PreviewContentResult['removed'][number];

/** Unicode isolates: markup keeps reading left to right inside right-to-left sentences. */
const isolate = (text: string) => `\u2066${text}\u2069`;

/** One thing the sanitizer takes out, grouped: how many times, and the translation key and values that say it. */
export interface RemovedLine {
  id: string;
  count: number;
  key: string;
  values: Record<string, string>;
}

/**
 * What the sanitizer reported, as sentences: a tag ("<script> removed"), an attribute ("onclick
 * removed from <p>"), a link scheme ("javascript: link removed from <a>"), or a protocol-relative link.
 * Repeats are counted once each, in the order they first appear.
 */
export function describeRemoved(removed: readonly RemovedItem[]): RemovedLine[] {
  const lines = new Map<string, RemovedLine>();
  for (const item of removed) {
    const id = `${item.tag}|${item.attribute ?? ''}`;
    const known = lines.get(id);
    if (known) {
      known.count += 1;
      continue;
    }
    const tag = isolate(`<${item.tag}>`);
    let line: Omit<RemovedLine, 'id' | 'count'>;
    if (item.attribute === null) line = { key: 'content.removed.tag', values: { tag } };
    else if (item.attribute.startsWith('href=')) {
      const target = item.attribute.slice('href='.length);
      line = target.startsWith('/')
        ? { key: 'content.removed.relativeLink', values: { tag } }
        : { key: 'content.removed.link', values: { tag, scheme: isolate(target) } };
    } else line = { key: 'content.removed.attribute', values: { tag, attribute: isolate(item.attribute) } };
    lines.set(id, { id, count: 1, ...line });
  }
  return [...lines.values()];
}

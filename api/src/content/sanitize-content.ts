import sanitizeHtml from 'sanitize-html';

/**
 * Content bodies are sanitized on the way in: no script, no event handler, no `javascript:` or
 * `data:` link can be stored, whatever an operator pastes.
 */
const OPTIONS = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'br',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
} satisfies sanitizeHtml.IOptions;

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** One thing the sanitizer took out: a tag, or an attribute (or link scheme) of a tag it kept. */
export interface Removed {
  tag: string;
  attribute: string | null;
}

/**
 * The sanitized body and what was removed from it, so an operator sees what their paste lost before
 * publishing (the same rules as `sanitizeContent`).
 */
export function sanitizeReport(html: string): { html: string; removed: Removed[] } {
  const removed: Removed[] = [];
  const allowedTags = new Set<string>(OPTIONS.allowedTags);
  const allowedAttributes = OPTIONS.allowedAttributes as Record<string, string[]>;
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (tag: string, attribs: Record<string, string>) => {
      if (!allowedTags.has(tag)) return void removed.push({ tag, attribute: null });
      for (const [name, value] of Object.entries(attribs)) {
        if (!(allowedAttributes[tag] ?? []).includes(name)) removed.push({ tag, attribute: name });
        else if (name === 'href' && (!/^(https?:|mailto:|[^:]*$)/i.test(value.trim()) || value.trim().startsWith('//')))
          removed.push({ tag, attribute: `href=${value.split(':')[0]}:` });
      }
    },
  });
  return { html: clean, removed };
}

import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../../src/content/sanitize-content.ts';

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<p onclick="alert(1)">hi</p>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<a href="  javascript:alert(1)">x</a>',
];

/** Payloads that leave a raw-text element open: what follows them is swallowed, as browsers would. */
const UNCLOSED = [
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('content sanitizer', () => {
  it.each(PAYLOADS)('removes the active part of %s', (payload) => {
    const clean = sanitizeContent(`<p>before</p>${payload}<p>after</p>`);
    expect(clean).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|<style|data:text/i);
    expect(clean).toContain('<p>before</p>');
    expect(clean).toContain('<p>after</p>');
  });

  it.each(UNCLOSED)('removes the active part of %s (nothing active survives)', (payload) => {
    const clean = sanitizeContent(`<p>before</p>${payload}<p>after</p>`);
    expect(clean).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<svg|<style|<img/i);
    expect(clean).toContain('<p>before</p>');
  });

  it('keeps ordinary formatting and safe links', () => {
    const clean = sanitizeContent('<h2>Fees</h2><p><strong>1%</strong> <a href="https://example.org/fees">fees</a></p>');
    expect(clean).toBe('<h2>Fees</h2><p><strong>1%</strong> <a href="https://example.org/fees" rel="noopener noreferrer">fees</a></p>');
  });
});

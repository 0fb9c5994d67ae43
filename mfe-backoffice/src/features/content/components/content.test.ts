import { createElement } from 'react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentEntry } from '@meridian/contracts';
import { i18n, initI18n, languageAtom, sessionStore } from '@meridian/platform';
import ar from '../../../locales/content/ar.json';
import en from '../../../locales/content/en.json';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { contentListQueryOptions, previewQueryOptions, upsertEntry } from '../api/content-api.ts';
import { ContentEditor, checkDraft, draftOf } from './content-editor.tsx';
import { ContentPage } from './content-page.tsx';
import { RemovedList } from './content-preview.tsx';
import { KindTabs } from './kind-tabs.tsx';
import { describeRemoved } from './removed.ts';

/** The signed-in operator's roles (the session store itself needs a browser). */
const signedIn = vi.hoisted(() => ({ roles: [] as string[] }));
vi.mock('../../../shared/session.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useOperatorSession: () => ({ token: 't', operator: { roles: signedIn.roles } }),
}));

const ISOLATES = /[\u2066\u2069]/g;
/** The visible text of each element, isolates dropped. */
const texts = (html: string) =>
  [...html.matchAll(/>([^<>]+)</g)].map((m) =>
    m[1]!
      .replace(ISOLATES, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"'),
  );

const entry = (over: Partial<ContentEntry> = {}): ContentEntry => ({
  kind: 'faq',
  id: 7,
  languageId: 2,
  title: 'How do I deposit?',
  body: '<p onclick="x()">Hello</p><script>alert(1)</script>',
  category: 'Deposits',
  type: null,
  at: '2026-03-02T09:00:00.000Z',
  ...over,
});

const withQueries = (client: QueryClient, element: ReactElement) => createElement(QueryClientProvider, { client }, element);
const noop = () => {};

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', NAMESPACE, en, true, false);
  i18n.addResourceBundle('ar', NAMESPACE, ar, true, false);
});

describe('describeRemoved', () => {
  it('says what the sanitizer took out: a tag, an attribute, a link scheme, a protocol-relative link; repeats counted once', () => {
    const lines = describeRemoved([
      { tag: 'script', attribute: null },
      { tag: 'p', attribute: 'onclick' },
      { tag: 'a', attribute: 'href=javascript:' },
      { tag: 'a', attribute: 'href=//evil.example/x:' },
      { tag: 'script', attribute: null },
    ]);
    expect(lines.map((l) => [l.key, l.count])).toEqual([
      ['content.removed.tag', 2],
      ['content.removed.attribute', 1],
      ['content.removed.link', 1],
      ['content.removed.relativeLink', 1],
    ]);
    expect(lines[2]!.values.scheme!.replace(ISOLATES, '')).toBe('javascript:');
  });
});

describe('RemovedList', () => {
  const removed = [
    { tag: 'script', attribute: null },
    { tag: 'p', attribute: 'onclick' },
    { tag: 'a', attribute: 'href=javascript:' },
    { tag: 'script', attribute: null },
  ];

  it('lists each removal as a sentence, with the count of repeats', () => {
    const html = renderToStaticMarkup(createElement(RemovedList, { removed }));
    expect(html).toContain('data-testid="content-removed"');
    expect(texts(html)).toEqual(['<script> removed', '×2', 'onclick removed from <p>', 'javascript: link removed from <a>']);
  });

  it('speaks the reader’s language, markup isolated left to right (Arabic)', async () => {
    sessionStore.set(languageAtom, 'ar');
    await i18n.changeLanguage('ar');
    try {
      const html = renderToStaticMarkup(createElement(RemovedList, { removed }));
      expect(html).toContain('\u2066<script>\u2069'.replace('<', '&lt;').replace('>', '&gt;'));
      expect(texts(html)[0]).toBe('أُزيل <script>');
    } finally {
      sessionStore.set(languageAtom, 'en');
      await i18n.changeLanguage('en');
    }
  });
});

describe('checkDraft (the contract schema, as the server checks it)', () => {
  it('a FAQ entry needs its question, answer and category; a body over the limit gets this page’s own words', () => {
    const checked = checkDraft('faq', 2, { title: ' ', body: '', category: '', type: '1' });
    expect(checked.errors).toEqual({ title: 'validation.invalid', body: 'validation.enterMessage', category: 'validation.invalid' });
    const long = checkDraft('notice', 1, { title: 'Notice', body: 'x'.repeat(100_001), category: '', type: '1' });
    expect(long.errors).toEqual({ body: 'backoffice:content.bodyTooLong' });
  });

  it('sends a page its type, a FAQ entry its category, a notice neither', () => {
    expect(checkDraft('page', 1, { title: ' 关于我们 ', body: '<p>x</p>', category: 'ignored', type: '3' }).data).toEqual({
      languageId: 1,
      title: '关于我们',
      body: '<p>x</p>',
      type: 3,
    });
    expect(checkDraft('faq', 2, draftOf(entry())).data).toMatchObject({ category: 'Deposits' });
    expect(checkDraft('notice', 2, draftOf(entry({ kind: 'notice', category: null }))).data).not.toHaveProperty('category');
  });
});

describe('ContentEditor', () => {
  const props = { kind: 'faq' as const, lang: 2 as const, categories: ['Deposits'], onSaved: noop, onDirtyChange: noop, onClose: noop };

  it('renders the server’s sanitized answer as the preview, and lists what it removes', () => {
    const client = new QueryClient();
    client.setQueryData(previewQueryOptions(entry().body).queryKey, {
      html: '<p>Hello</p>',
      removed: [
        { tag: 'p', attribute: 'onclick' },
        { tag: 'script', attribute: null },
      ],
    });
    const html = renderToStaticMarkup(withQueries(client, createElement(ContentEditor, { ...props, entry: entry(), canWrite: true })));
    expect(html).toContain('data-testid="content-preview"');
    expect(html).toMatch(/data-testid="content-preview"[^>]*><p>Hello<\/p><\/div>/);
    expect(html).not.toContain('<script>alert');
    expect(texts(html)).toEqual(expect.arrayContaining(['onclick removed from <p>', '<script> removed', 'Removed on save: 2', 'Save']));
    expect(html).toContain('<label');
    expect(texts(html)).toEqual(expect.arrayContaining(['Question', 'Category', 'Answer (HTML)']));
  });

  it('for an auditor: the fields read only, no Save, no preview call', () => {
    const client = new QueryClient();
    const html = renderToStaticMarkup(withQueries(client, createElement(ContentEditor, { ...props, entry: entry(), canWrite: false })));
    expect(html).not.toContain('data-testid="content-save"');
    expect(html).not.toContain('data-testid="content-preview"');
    expect(html).toContain('readOnly=""');
    expect(texts(html)).toContain('The live preview is for operators who can edit content.');
    expect(
      client
        .getQueryCache()
        .getAll()
        .every((query) => query.isDisabled()),
    ).toBe(true);
  });
});

describe('KindTabs', () => {
  it('is a tab list: the chosen kind selected and in the tab order, the others reached by arrows', () => {
    const html = renderToStaticMarkup(createElement(KindTabs, { value: 'faq', onChange: noop, panelId: 'panel' }));
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/aria-selected="true"[^>]*tabindex="0"[^>]*>FAQ</);
    expect((html.match(/tabindex="-1"/g) ?? []).length).toBe(2);
  });
});

describe('upsertEntry', () => {
  it('replaces a known entry in place, adds a new notice first and other kinds last', () => {
    const a = entry({ id: 1 });
    const b = entry({ id: 2 });
    expect(upsertEntry([a, b], { ...a, title: 'New' }).map((e) => e.title)).toEqual(['New', b.title]);
    expect(upsertEntry([a], entry({ id: 3 })).map((e) => e.id)).toEqual([1, 3]);
    const n = entry({ id: 1, kind: 'notice' });
    expect(upsertEntry([n], entry({ id: 4, kind: 'notice' })).map((e) => e.id)).toEqual([4, 1]);
  });
});

describe('ContentPage', () => {
  const signIn = (roles: string[]) => {
    signedIn.roles = roles;
  };

  const render = () => {
    const client = new QueryClient();
    client.setQueryData(contentListQueryOptions('page', 2).queryKey, [
      entry({ kind: 'page', id: 1, title: 'About us', category: null, type: 1 }),
      entry({ kind: 'page', id: 2, title: 'Privacy', category: null, type: 2 }),
    ]);
    return renderToStaticMarkup(withQueries(client, createElement(ContentPage)));
  };

  it('support: kind tabs, the language switch, the entries with their type, and New entry', () => {
    signIn(['support']);
    const html = render();
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Company pages</);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Other languages</);
    expect(texts(html)).toEqual(expect.arrayContaining(['About us', '1 · Company', 'Privacy', '2 · Policy', 'New entry']));
    expect(html).toContain('data-testid="content-editor-empty"');
  });

  it('an auditor reads: no New entry', () => {
    signIn(['auditor']);
    const html = render();
    expect(texts(html)).toContain('About us');
    expect(html).not.toContain('data-testid="content-new"');
  });

  it('a role without content is told so', () => {
    signIn(['finance']);
    expect(texts(render())).toContain('Your role cannot open the content pages.');
  });
});

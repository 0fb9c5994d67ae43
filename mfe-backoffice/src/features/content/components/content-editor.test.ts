// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ContentEntry } from '@meridian/contracts';
import { renderInDom } from '../../../shared/render-in-dom.ts';
import { previewQueryOptions } from '../api/content-api.ts';
import { ContentEditor } from './content-editor.tsx';

const calls = vi.hoisted(() => ({ updateContent: vi.fn() }));
vi.mock('../api/content-api.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  updateContent: calls.updateContent,
}));

const entry: ContentEntry = {
  kind: 'faq',
  id: 7,
  languageId: 2,
  title: 'How do I deposit?',
  body: '<p>Hello</p>',
  category: 'Deposits',
  type: null,
  at: '2026-03-02T09:00:00.000Z',
};

let host: HTMLElement;

function render(onDirtyChange: (dirty: boolean) => void, onSaved: (saved: ContentEntry) => void) {
  const client = new QueryClient();
  // The preview of each body the test shows (nothing is asked of a server).
  for (const body of [entry.body, '<p>Hello again</p>'])
    client.setQueryData(previewQueryOptions(body).queryKey, { html: body, removed: [] });
  const editor = createElement(ContentEditor, {
    kind: 'faq',
    lang: 2,
    entry,
    canWrite: true,
    categories: [],
    onSaved,
    onDirtyChange,
    onClose: () => {},
  });
  host = renderInDom(editor, client);
}
const byTestId = <T extends HTMLElement>(id: string) => host.querySelector<T>(`[data-testid="${id}"]`);
async function type(id: string, value: string) {
  const field = byTestId<HTMLInputElement | HTMLTextAreaElement>(id)!;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('ContentEditor (an operator who edits)', () => {
  it('says the entry is unsaved while it differs, and saves the checked body, which becomes the new start', async () => {
    const onDirtyChange = vi.fn();
    const onSaved = vi.fn();
    render(onDirtyChange, onSaved);
    expect(byTestId('content-unsaved')).toBeNull();
    await type('content-title', 'Changed');
    expect(byTestId('content-unsaved')).not.toBeNull();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await type('content-title', entry.title);
    expect(byTestId('content-unsaved')).toBeNull();

    const saved = { ...entry, body: '<p>Hello again</p>' };
    calls.updateContent.mockResolvedValueOnce(saved);
    await type('content-body', ' <p>Hello again</p> ');
    expect(byTestId('content-unsaved')).not.toBeNull();
    await act(async () => {
      host.querySelector('form')!.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(calls.updateContent).toHaveBeenCalledWith('faq', 7, {
      languageId: 2,
      title: entry.title,
      body: '<p>Hello again</p>',
      category: 'Deposits',
    });
    expect(onSaved).toHaveBeenCalledWith(saved, false);
    expect(byTestId('content-unsaved')).toBeNull();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });
});

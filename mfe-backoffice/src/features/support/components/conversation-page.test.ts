// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { TicketView } from '@meridian/contracts';
import { renderInDom } from '../../../shared/render-in-dom.ts';
import { ticketQueryOptions } from '../api/support-api.ts';
import { ConversationPage } from './conversation-page.tsx';

const calls = vi.hoisted(() => ({ replyTicket: vi.fn() }));
vi.mock('../api/support-api.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  replyTicket: calls.replyTicket,
}));
vi.mock('../../../shared/session.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useOperatorSession: () => ({ token: 't', operator: { roles: ['support'] } }),
}));

const ID = '0b0a6f4e-8d6e-4c7b-9f5a-2f1f3b9d7c11';
const ticket: TicketView = {
  id: ID,
  email: 'visitor@example.com',
  status: 'open',
  createdAt: '2026-11-01T09:00:00.000Z',
  messages: [{ id: 1, author: 'visitor', body: 'Where is my deposit?', imageId: null, createdAt: '2026-11-01T09:00:00.000Z' }],
  review: null,
} as TicketView;

let host: HTMLElement;

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, refetchInterval: false } } });
  client.setQueryData(ticketQueryOptions(ID).queryKey, ticket);
  const page = createElement(
    MemoryRouter,
    { initialEntries: [`/admin/support/${ID}`] },
    createElement(Routes, null, createElement(Route, { path: '/admin/support/:id', element: createElement(ConversationPage) })),
  );
  host = renderInDom(page, client);
}
const box = () => host.querySelector<HTMLTextAreaElement>('[data-testid="reply-message"]')!;
async function type(value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box(), value);
    box().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const send = () =>
  act(async () => {
    host.querySelector<HTMLFormElement>('[data-testid="reply-form"]')!.requestSubmit();
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
const described = () => (box().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('ConversationPage reply (support role)', () => {
  it('refuses a blank reply with the API rule, sends the trimmed text, empties the box and counts again', async () => {
    render();
    await type('   ');
    await send();
    expect(calls.replyTicket).not.toHaveBeenCalled();
    // The error first, then the character count the box is also described by.
    expect(described()).toEqual(['Please enter a message.', expect.stringContaining('3')]);

    calls.replyTicket.mockResolvedValueOnce({ ...ticket, status: 'answered' });
    await type('  It is on its way.  ');
    await send();
    expect(calls.replyTicket).toHaveBeenCalledWith(ID, 'It is on its way.');
    expect(box().value).toBe('');
    expect(host.querySelector('[data-testid="reply-sent"]')?.textContent).toBe('Reply sent.');
    expect(described()).toEqual([expect.stringContaining('0')]);
  });

  it('keeps the text after a refused send and says why', async () => {
    render();
    calls.replyTicket.mockRejectedValueOnce(new Error('offline'));
    await type('Hello');
    await send();
    expect(box().value).toBe('Hello');
    expect(host.querySelector('[data-testid="reply-error"]')).not.toBeNull();
  });
});

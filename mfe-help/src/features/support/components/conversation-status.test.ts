import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketView } from '@meridian/contracts';
import { i18n, initI18n, languageAtom, sessionStore } from '@meridian/platform';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { NAMESPACE } from '../../../locales/load-namespace.ts';
import { ConversationStatus, formatSpan } from './conversation-status.tsx';

type Review = NonNullable<TicketView['review']>;
const review = (over: Partial<Review>): Review => ({
  state: 'pending',
  reasonCode: null,
  enqueuedAt: '2026-03-02T09:00:00.000Z',
  decidedAt: null,
  waitedSeconds: 12 * 60 + 30,
  limitSeconds: 24 * 3600,
  ...over,
});

/** The visible text of the status line, one piece per element. */
const render = (view: Pick<TicketView, 'status' | 'review'>) => {
  const html = renderToStaticMarkup(createElement(ConversationStatus, { view }));
  return { html, texts: [...html.matchAll(/>([^<>]+)</g)].map((m) => m[1]) };
};

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', NAMESPACE, en);
  i18n.addResourceBundle('ar', NAMESPACE, ar);
});

describe('ConversationStatus (the support queue, as the visitor reads it)', () => {
  it('a pending conversation waits for customer service: the usual answer time and the time waited so far', () => {
    const { html, texts } = render({ status: 'open', review: review({}) });
    expect(html).toContain('data-phase="waiting"');
    expect(texts).toEqual(['Waiting for customer service', 'Usually answered within 24 hours · Waited so far: 12 minutes']);
  });

  it('an approved conversation is answered, with when', () => {
    const { html, texts } = render({
      status: 'answered',
      review: review({ state: 'approved', reasonCode: 'answered', decidedAt: '2026-03-02T10:00:00.000Z' }),
    });
    expect(html).toContain('data-phase="answered"');
    expect(texts[0]).toBe('Answered');
    expect(html).toContain('<time');
    expect(html).toContain('dateTime="2026-03-02T10:00:00.000Z"');
  });

  it('a completed conversation is closed with its translated reason and when', () => {
    const { html, texts } = render({
      status: 'closed',
      review: review({ state: 'completed', reasonCode: 'duplicate', decidedAt: '2026-03-02T11:00:00.000Z' }),
    });
    expect(html).toContain('data-phase="closed"');
    expect(texts[0]).toBe('Closed: Duplicate conversation');
    expect(html).toContain('dateTime="2026-03-02T11:00:00.000Z"');
    expect(html).not.toContain('duplicate<');
  });

  it('an unknown reason code is not shown raw', () => {
    const { texts } = render({
      status: 'closed',
      review: review({ state: 'completed', reasonCode: 'somethingNew', decidedAt: '2026-03-02T11:00:00.000Z' }),
    });
    expect(texts[0]).toBe('Closed');
  });

  it('without a queue item it follows the conversation status', () => {
    expect(render({ status: 'open', review: null }).texts).toEqual(['Waiting for customer service']);
    expect(render({ status: 'closed', review: null }).texts).toEqual(['Closed']);
  });

  it('speaks the reader’s language (Arabic)', async () => {
    sessionStore.set(languageAtom, 'ar');
    await i18n.changeLanguage('ar');
    try {
      const closed = render({
        status: 'closed',
        review: review({ state: 'completed', reasonCode: 'resolved', decidedAt: '2026-03-02T11:00:00.000Z' }),
      });
      expect(closed.texts[0]).toBe(`مغلقة: ${ar.kf.reasons.resolved}`);
      expect(render({ status: 'open', review: review({}) }).texts[0]).toBe(ar.kf.review.waiting);
    } finally {
      sessionStore.set(languageAtom, 'en');
      await i18n.changeLanguage('en');
    }
  });
});

describe('formatSpan', () => {
  it('says a span in its largest whole unit: minutes, hours up to two days, then days', () => {
    expect(formatSpan(5, 'en')).toBe('1 minute');
    expect(formatSpan(59 * 60, 'en')).toBe('59 minutes');
    expect(formatSpan(26 * 3600 + 59 * 60, 'en')).toBe('26 hours');
    expect(formatSpan(3 * 86400, 'en')).toBe('3 days');
    expect(formatSpan(24 * 3600, 'de')).toBe('24 Stunden');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '@meridian/contracts';
import { i18n, initI18n, languageAtom, sessionStore } from '@meridian/platform';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { NAMESPACE } from '../../locales/load-namespace.ts';
import { Notification } from './notification-item.tsx';

const item = (kind: NotificationItem['kind'], params: Record<string, string>): NotificationItem => ({
  id: 7,
  kind,
  params,
  read: false,
  createdAt: '2026-03-02T09:00:00.000Z',
});

const correction = item('correction', { direction: 'credit', amount: '1234.5', mode: 'real', reason: 'feeRefund' });

/** The texts of the item's paragraphs: title (with the unread badge), body, time. */
const render = (notification: NotificationItem) =>
  [
    ...renderToStaticMarkup(createElement(Notification, { item: notification, onRead: () => undefined })).matchAll(/<p[^>]*>(.*?)<\/p>/g),
  ].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', NAMESPACE, en);
  i18n.addResourceBundle('de', NAMESPACE, de);
});

describe('Notification (what the server stored, in the reader’s words)', () => {
  it('a correction says direction, account mode and reason translated, and the exact amount in the reader’s number format', () => {
    const [title, body] = render(correction);
    expect(title).toBe('Balance correction Unread');
    expect(body).toBe('An operator corrected your real balance: 1,234.50\u00a0USD credited. Reason: Fee refund.');
  });

  it('a debit of the demo account reads as such', () => {
    const [, body] = render(item('correction', { direction: 'debit', amount: '0.00000001', mode: 'demo', reason: 'duplicateCredit' }));
    expect(body).toBe('An operator corrected your demo balance: 0.00000001\u00a0USD debited. Reason: Duplicate credit.');
  });

  it('in German the words are German too', async () => {
    sessionStore.set(languageAtom, 'de');
    await i18n.changeLanguage('de');
    try {
      const [title, body] = render(correction);
      expect(title).toContain('Saldokorrektur');
      expect(body).toBe(
        `Ein Mitarbeiter hat Ihr Guthaben im Echtgeldkonto korrigiert: 1.234,50\u00a0USD gutgeschrieben. Grund: Gebührenerstattung.`,
      );
    } finally {
      sessionStore.set(languageAtom, 'en');
      await i18n.changeLanguage('en');
    }
  });

  it('the other kinds keep their parameters (a new device is named from its user agent)', () => {
    const [, body] = render(
      item('newDevice', {
        device: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        ip: '203.0.113.9',
      }),
    );
    expect(body).toContain('(Chrome 156 · Linux, address 203.0.113.9)');
    expect(render(item('providerLinked', { provider: 'Google' }))[1]).toContain('signed in with Google.');
  });
});

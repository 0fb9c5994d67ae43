import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountFigures } from '@meridian/contracts';
import { i18n, initI18n } from '@meridian/platform';
import en from '../locales/en.json';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { CurrencyFigures } from './currency-figures.tsx';

const base: AccountFigures = {
  mode: 'real',
  baseBalance: '0',
  floatingPnL: '0',
  totalAssets: '0',
  loanAmount: '0',
  bondAmount: '0',
  profit: '0',
  timestamp: 1,
};

/** The visible text of the figures: rows "code amount", then the estimate line. */
const text = (account: AccountFigures) =>
  renderToStaticMarkup(createElement(CurrencyFigures, { account, testId: 't' }))
    .replace(/<\/(dd|p)>/g, ' | ')
    .replace(/<\/dt>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', NAMESPACE, en);
});

describe('CurrencyFigures (balances per currency and the USD estimate)', () => {
  it('shows only the currencies held, each in its own places, and the total in USD labelled an estimate', () => {
    const account: AccountFigures = {
      ...base,
      version: 2,
      currencies: [
        { currency: 'USD', balance: '0', total: '0', usdPrice: '1', usdValue: '0' },
        { currency: 'BTC', balance: '0.015', total: '0.015', usdPrice: '60000', usdValue: '900' },
        { currency: 'ETH', balance: '0', total: '0', usdPrice: '3000', usdValue: '0' },
      ],
      estimatedTotalUsd: '900',
    };
    expect(text(account)).toBe('BTC 0.015 BTC | Total in USD ≈ $900.00 estimate |');
  });

  it('shows nothing for figures of a version 1 server (no currencies)', () => {
    expect(text(base)).toBe('');
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradingTerms } from '@meridian/contracts';
import { i18n, initI18n } from '@meridian/platform';
import en from '../../../locales/en.json';
import { previewContract, validateContractForm } from '../state/contract-form.ts';
import { ContractPreviewList } from './contract-preview.tsx';
import { TradeField } from './trade-field.tsx';

const terms: Pick<TradingTerms, 'contractSize' | 'feePercent' | 'maintenanceMarginPercent' | 'tickSize'> = {
  contractSize: '0.01',
  feePercent: '0.1',
  maintenanceMarginPercent: '50',
  tickSize: '0.01',
};

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', 'markets', en);
});

/** The value a `data-testid` element carries in `data-value` (or its text). */
function valueOf(html: string, testId: string): string | undefined {
  const tag = new RegExp(`<[^>]*data-testid="${testId}"[^>]*>([^<]*)`).exec(html);
  if (!tag) return undefined;
  return /data-value="([^"]*)"/.exec(tag[0])?.[1] ?? tag[1];
}

describe('ContractPreviewList (the preview wiring)', () => {
  it('shows the margin, fee, total and liquidation price the shared formulas give at the live price', () => {
    const preview = previewContract({ side: 'buy', lots: '1.5', leverage: 10 }, terms, '52100.13');
    const html = renderToStaticMarkup(createElement(ContractPreviewList, { preview, price: '52100.13', tickSize: '0.01' }));
    expect(valueOf(html, 'preview-price')).toBe('52100.13');
    expect(valueOf(html, 'preview-margin')).toBe('78.150195');
    expect(valueOf(html, 'preview-fee')).toBe('0.78150195');
    expect(valueOf(html, 'preview-total')).toBe('78.93169695');
    expect(valueOf(html, 'preview-liquidation')).toBe(preview!.liquidation.toFixed());
    expect(html).toContain('78.150195');
  });

  it('shows dashes, not figures, until the lots are valid', () => {
    const html = renderToStaticMarkup(createElement(ContractPreviewList, { preview: null, price: '100', tickSize: '0.01' }));
    expect(valueOf(html, 'preview-margin')).toBeUndefined();
    expect(html).toContain('—');
  });
});

describe('TradeField (inline stop loss / take profit messages)', () => {
  const render = (error: string | undefined) =>
    renderToStaticMarkup(
      createElement(TradeField, {
        label: 'Stop loss',
        error,
        errorTestId: 'contract-stop-loss-error',
        children: (c) => createElement('input', c),
      }),
    );

  it('shows the translated message of a stop loss on the wrong side, tied to the input', () => {
    const { errors } = validateContractForm(
      { side: 'buy', orderType: 'market', limitPrice: '', lots: '1', leverage: 10, stopLoss: '60000', takeProfit: '' },
      { instrumentId: 7, price: '52100', leverages: [10], lots: { min: '0.01', step: '0.01', max: '100' } },
    );
    const html = render(errors.stopLoss);
    expect(html).toContain('data-testid="contract-stop-loss-error"');
    expect(html).toContain('The stop loss price is unreasonable');
    expect(html).toContain('aria-invalid="true"');
    expect(/aria-describedby="([^"]+)"/.exec(html)?.[1]).toMatch(/-error$/);
  });

  it('names the lot bounds in the message of lots outside them', () => {
    const { errors } = validateContractForm(
      { side: 'buy', orderType: 'market', limitPrice: '', lots: '0.0000001', leverage: 10, stopLoss: '', takeProfit: '' },
      { instrumentId: 7, price: '52100', leverages: [10], lots: { min: '0.01', step: '0.01', max: '100' } },
    );
    const html = renderToStaticMarkup(
      createElement(TradeField, {
        label: 'Lots',
        error: errors.lots,
        errorValues: { min: '0.01', step: '0.01', max: '100' },
        errorTestId: 'contract-lots-error',
        children: (c) => createElement('input', c),
      }),
    );
    expect(html).toContain('Enter between 0.01 and 100 lots, in steps of 0.01.');
  });

  it('shows a markets message (a stake out of range) from its own namespace', () => {
    expect(render('markets:trade.options.amountRange')).toContain('between the minimum and the maximum');
  });

  it('shows no message and no invalid state for a right value', () => {
    const html = render(undefined);
    expect(html).not.toContain('contract-stop-loss-error');
    expect(html).not.toContain('aria-invalid');
  });
});

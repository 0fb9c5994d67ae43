import { describe, expect, it } from 'vitest';
import { contractFee, contractMargin, liquidationPrice } from '@meridian/contracts';
import type { TradingTerms } from '@meridian/contracts';
import { contractOrderForm, expectedOpenPrice, previewContract, validateContractForm, waitsForLimit } from './contract-form.ts';
import type { ContractFormValues } from './contract-form.ts';

const terms: TradingTerms = {
  instrumentId: 7,
  feePercent: '0.1',
  maintenanceMarginPercent: '50',
  leverages: [1, 10, 100],
  contractSize: '0.01',
  tickSize: '0.01',
  lots: { min: '0.01', step: '0.01', max: '100' },
  options: [],
};
const form = (over: Partial<ContractFormValues> = {}): ContractFormValues => ({
  side: 'buy',
  orderType: 'market',
  limitPrice: '',
  lots: '1.5',
  leverage: 10,
  stopLoss: '',
  takeProfit: '',
  ...over,
});
const context = { instrumentId: 7, price: '52100.13', leverages: terms.leverages, lots: terms.lots };

describe('previewContract', () => {
  it('shows what the server charges: margin and fee from the shared formulas, rounded up to 8 places', () => {
    const preview = previewContract(form(), terms, '52100.13')!;
    expect(preview.margin.toFixed()).toBe(contractMargin('52100.13', '1.5', '0.01', 10).toFixed());
    // 52100.13 × 1.5 × 0.01 = 781.50195; ÷ 10 = 78.150195; fee 0.1 % = 0.78150195.
    expect(preview.margin.toFixed()).toBe('78.150195');
    expect(preview.fee.toFixed()).toBe(contractFee('52100.13', '1.5', '0.01', '0.1').toFixed());
    expect(preview.fee.toFixed()).toBe('0.78150195');
    expect(preview.total.toFixed()).toBe('78.93169695');
    expect(preview.liquidation.toFixed()).toBe(liquidationPrice('buy', '52100.13', '1.5', '0.01', preview.margin, '50').toFixed());
  });

  it('rounds a charge up, never down', () => {
    // 0.00000001 × 1 × 0.01 ÷ 3 = 3.33…e-11 → the smallest unit, 0.00000001.
    const preview = previewContract(form({ lots: '0.00000001', leverage: 3 }), { ...terms, contractSize: '0.01' }, '1')!;
    expect(preview.margin.toFixed()).toBe('0.00000001');
  });

  it('places a sell liquidation above the price and a buy one below', () => {
    const buy = previewContract(form({ side: 'buy' }), terms, '100')!;
    const sell = previewContract(form({ side: 'sell' }), terms, '100')!;
    expect(buy.liquidation.lt('100')).toBe(true);
    expect(sell.liquidation.gt('100')).toBe(true);
    // Margin 0.15 at 10×, 50 % maintenance: the price may move 0.075 ÷ 0.015 = 5.
    expect(buy.liquidation.toFixed()).toBe('95');
    expect(sell.liquidation.toFixed()).toBe('105');
  });

  it('shows nothing until the lots are a valid amount and a price is known', () => {
    for (const lots of ['', '0', '-1', 'abc', '1.123456789', '1e3']) expect(previewContract(form({ lots }), terms, '100'), lots).toBeNull();
    expect(previewContract(form(), terms, '0')).toBeNull();
  });
});

describe('validateContractForm', () => {
  it('gives the body to send when every field is right', () => {
    const { errors, body } = validateContractForm(form({ stopLoss: '50000', takeProfit: '60000' }), context);
    expect(errors).toEqual({});
    expect(body).toEqual({ instrumentId: 7, side: 'buy', lots: '1.5', leverage: 10, stopLoss: '50000', takeProfit: '60000' });
  });

  it('sends no stop loss or take profit when they are left empty', () => {
    expect(validateContractForm(form(), context).body).toMatchObject({ stopLoss: null, takeProfit: null });
  });

  it('refuses a buy stop loss at or above the price and a buy take profit at or below it', () => {
    expect(validateContractForm(form({ stopLoss: '52100.13' }), context).errors).toEqual({ stopLoss: 'validation.stopLossUnreasonable' });
    expect(validateContractForm(form({ stopLoss: '60000' }), context).errors).toEqual({ stopLoss: 'validation.stopLossUnreasonable' });
    expect(validateContractForm(form({ takeProfit: '50000' }), context).errors).toEqual({
      takeProfit: 'validation.takeProfitUnreasonable',
    });
    expect(validateContractForm(form({ stopLoss: '60000' }), context).body).toBeNull();
  });

  it('judges a sell the other way round', () => {
    const sell = (over: Partial<ContractFormValues>) => validateContractForm(form({ side: 'sell', ...over }), context).errors;
    expect(sell({ stopLoss: '60000', takeProfit: '50000' })).toEqual({});
    expect(sell({ stopLoss: '50000', takeProfit: '60000' })).toEqual({
      stopLoss: 'validation.stopLossUnreasonable',
      takeProfit: 'validation.takeProfitUnreasonable',
    });
  });

  it('follows the live price: a stop loss that was right becomes wrong when the price falls below it', () => {
    expect(validateContractForm(form({ stopLoss: '52000' }), context).errors).toEqual({});
    expect(validateContractForm(form({ stopLoss: '52000' }), { ...context, price: '51999.99' }).errors).toEqual({
      stopLoss: 'validation.stopLossUnreasonable',
    });
  });

  it('refuses a price that is not a positive decimal with the same message', () => {
    for (const stopLoss of ['abc', '-5', '0', '1,5']) {
      expect(validateContractForm(form({ stopLoss }), context).errors.stopLoss, stopLoss).toBe('validation.stopLossUnreasonable');
    }
  });

  it('names wrong lots and a leverage the instrument does not offer', () => {
    expect(validateContractForm(form({ lots: '' }), context).errors.lots).toBe('validation.enterQuantity');
    expect(validateContractForm(form({ lots: '0' }), context).errors.lots).toBe('validation.quantityInvalid');
    expect(validateContractForm(form({ lots: '1000000000001' }), context).errors.lots).toBe('validation.quantityInvalid');
    expect(validateContractForm(form({ leverage: 20 }), context).errors.leverage).toBe('errors.10104');
  });

  it('holds the lots to the instrument’s bounds (issue 31): below the minimum, off the step, above the maximum', () => {
    for (const lots of ['0.0000001', '0.005', '0.015', '100.01', '1000001']) {
      const { errors, body } = validateContractForm(form({ lots }), context);
      expect(errors.lots, lots).toBe('validation.lotsOutOfBounds');
      expect(body, lots).toBeNull();
    }
    for (const lots of ['0.01', '0.02', '99.99', '100']) {
      expect(validateContractForm(form({ lots }), context).body?.lots, lots).toBe(lots);
    }
  });

  it('a limit order needs a positive limit price; it waits when the price has not reached it, and SL/TP follow the limit', () => {
    const limit = (over: Partial<ContractFormValues>) => form({ orderType: 'limit', ...over });
    expect(validateContractForm(limit({ limitPrice: '' }), context).errors.limitPrice).toBe('validation.limitPriceInvalid');
    for (const limitPrice of ['abc', '0', '-5', '1,5']) {
      expect(validateContractForm(limit({ limitPrice }), context).errors.limitPrice, limitPrice).toBe('validation.limitPriceInvalid');
    }
    // A buy limit below the live price (52,100.13) waits; its stop loss must sit below the limit.
    expect(waitsForLimit(limit({ limitPrice: '50000' }), context.price)).toBe(true);
    expect(validateContractForm(limit({ limitPrice: '50000', stopLoss: '51000' }), context).errors).toEqual({
      stopLoss: 'validation.stopLossUnreasonable',
    });
    const { body } = validateContractForm(limit({ limitPrice: '50000', stopLoss: '49000' }), context);
    expect(body).toMatchObject({ limitPrice: '50000', stopLoss: '49000' });
    // A buy limit above the live price is reached already: it opens at once at the live price.
    expect(waitsForLimit(limit({ limitPrice: '53000' }), context.price)).toBe(false);
    expect(expectedOpenPrice(limit({ limitPrice: '53000' }), context.price)).toBe(context.price);
    // A sell limit waits above the price.
    expect(waitsForLimit(limit({ side: 'sell', limitPrice: '53000' }), context.price)).toBe(true);
    // A market order sends no limit.
    expect(validateContractForm(form({ limitPrice: '50000' }), context).body).not.toHaveProperty('limitPrice');
  });
});

describe('contractOrderForm', () => {
  const schema = (price: string) => contractOrderForm({ instrumentId: 7, leverages: terms.leverages, lots: terms.lots }, price);
  const issues = (values: ContractFormValues, price = context.price) => {
    const parsed = schema(price).safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('parses the values as typed to the body to send', () => {
    expect(schema(context.price).parse(form({ stopLoss: ' 50000 ', takeProfit: '' }))).toEqual({
      instrumentId: 7,
      side: 'buy',
      lots: '1.5',
      leverage: 10,
      stopLoss: '50000',
      takeProfit: null,
    });
  });

  it('puts each message key under its field, in the order the fields stand', () => {
    expect(issues(form({ orderType: 'limit', lots: '0.005', stopLoss: '60000' }))).toEqual([
      ['limitPrice', 'validation.limitPriceInvalid'],
      ['lots', 'validation.lotsOutOfBounds'],
    ]);
    expect(issues(form({ stopLoss: '60000', takeProfit: '50000' }))).toEqual([
      ['stopLoss', 'validation.stopLossUnreasonable'],
      ['takeProfit', 'validation.takeProfitUnreasonable'],
    ]);
  });

  it('judges stop loss and take profit against the reference price it is built with', () => {
    expect(issues(form({ stopLoss: '52000' }), '52100.13')).toEqual([]);
    expect(issues(form({ stopLoss: '52000' }), '51999.99')).toEqual([['stopLoss', 'validation.stopLossUnreasonable']]);
  });

  it('sends the first offered leverage when the chosen one is no longer offered', () => {
    expect(schema(context.price).parse(form({ leverage: 20 }))).toMatchObject({ leverage: 1 });
  });
});

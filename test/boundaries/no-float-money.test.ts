import { describe, expect, it } from 'vitest';
import { ruleMessages } from '../lint/lint-messages.ts';

const floatMoney = ruleMessages('meridian/no-float-money');

const FLOAT_CODE = [
  "const a = Number('1.5');",
  "const b = parseFloat('1.5');",
  "const c = Number.parseFloat('1.5');",
  "const d = parseInt('15', 10);",
  "const e = Number.parseInt('15', 10);",
  "const f = +'1.5';",
  "const g = ['1.5'].map(Number);",
  'export const all = [a, b, c, d, e, f, g];',
].join('\n');

const DECIMAL_CODE = [
  "import { money, toPay } from '@meridian/contracts';",
  "const margin = toPay(money('123456789012345678.12345678').div(3));",
  'const n = -1;',
  "const s = 'a' + 'b';",
  'const i = 1;',
  'let j = i;',
  'j += 1;',
  'export const all = [margin.toFixed(), n, s, j, Number.isFinite(j), Number.MAX_SAFE_INTEGER];',
].join('\n');

describe('meridian/no-float-money (money stays a decimal in every source file)', () => {
  it('reports every float conversion in a money path', async () => {
    const messages = await floatMoney('shared/contracts/src/trading-math.ts', FLOAT_CODE);
    expect(messages).toHaveLength(7);
    expect(messages.filter((m) => /^Number\(\)/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /^parseFloat\(\)/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /^Number\.parseFloat\(\)/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /^parseInt\(\)/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /^Number\.parseInt\(\)/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /^Unary \+/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /as a callback/.test(m))).toHaveLength(1);
  });

  it('covers each money path', async () => {
    for (const file of [
      'api/src/ledger/post-entry.ts',
      'api/src/trading/open-contract.ts',
      'shared/contracts/src/money.ts',
      'shared/contracts/src/trading.ts',
      'mfe-markets/src/features/trade/components/order-panel.tsx',
      'mfe-markets/src/features/trade-options/x.ts',
      'mfe-markets/src/features/orders/hooks/use-orders.ts',
      'mfe-account/src/features/profile/profile-page.tsx',
    ]) {
      expect(await floatMoney(file, "export const x = Number('1.5');\n"), file).toEqual([expect.stringMatching(/^Number\(\)/)]);
    }
  });

  it('allows decimal arithmetic, plain numbers and the Number namespace in a money path', async () => {
    expect(await floatMoney('shared/contracts/src/trading-math.ts', DECIMAL_CODE)).toEqual([]);
    expect(await floatMoney('mfe-markets/src/features/trade/x.ts', DECIMAL_CODE)).toEqual([]);
  });

  it('leaves the named exceptions alone (a chart draws with numbers)', async () => {
    for (const file of [
      'shared/ui/src/charts/chart-number.ts',
      'api/src/accounts/limits.ts',
      'mfe-help/src/features/notices/components/notices-page.tsx',
    ]) {
      expect(await floatMoney(file, FLOAT_CODE), file).toEqual([]);
    }
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wholeNumber } from '@meridian/contracts';
// @ts-expect-error -- the flat config is plain JavaScript without declarations.
import { NOT_MONEY } from '../../eslint.config.mjs';
import { root, ruleMessages } from './lint-messages.ts';

/**
 * The float-money lint covers every source folder by default (issue 23 item 9): the API's `src`, every
 * remote's and the shell's `src`, every shared package's `src` — including folders that do not exist yet —
 * and spares only the named exceptions, each with its reason.
 */
const exceptions = NOT_MONEY as Record<string, string>;
const floatMoney = ruleMessages('meridian/no-float-money');

const VIOLATION = "export const fee = Number('0.1') * 2;\n";

describe('meridian/no-float-money covers every source folder by default', () => {
  it('fails on a float in folders no list named before, and in folders still to be made', async () => {
    for (const file of [
      // Existing folders the old list of money paths left out.
      'api/src/reviews/reviews.ts',
      'api/src/routes/order/order-routes.ts',
      'api/src/live/live-server.ts',
      'api/src/market/feed.ts',
      'shared/contracts/src/schemas.ts',
      'shared/platform/src/format/x.ts',
      'shared/ui/src/x.tsx',
      'shell/src/x.tsx',
      'mfe-backoffice/src/features/queues/x.tsx',
      'mfe-account/src/features/settings/x.ts',
      'mfe-markets/src/features/market-list/x.ts',
      // Folders of the products to come: covered the day they are made.
      'api/src/funding/deposits.ts',
      'api/src/loans/interest.ts',
      'mfe-loans/src/features/repay/repay-form.tsx',
      'mfe-nfts/src/features/bid/bid-panel.tsx',
      'shared/newpackage/src/x.ts',
    ]) {
      expect(await floatMoney(file, VIOLATION), file).toEqual([expect.stringMatching(/^Number\(\)/)]);
    }
  });

  it('spares only the named exceptions, each an existing file with a one-line reason', async () => {
    expect(Object.keys(exceptions).length).toBeGreaterThan(0);
    for (const [file, reason] of Object.entries(exceptions)) {
      expect(existsSync(join(root, file)) || file === 'api/src/market/price-points.ts', file).toBe(true);
      expect(reason.trim().length, file).toBeGreaterThan(10);
      expect(reason, file).not.toMatch(/\n|TODO/);
      expect(await floatMoney(file, VIOLATION), file).toEqual([]);
    }
    // A file beside an exception is covered: exceptions are files, never folders.
    expect(await floatMoney('shared/ui/src/charts/x.ts', VIOLATION)).toHaveLength(1);
    expect(await floatMoney('mfe-backoffice/src/shared/review-kit/x.ts', VIOLATION)).toHaveLength(1);
  });

  it('leaves tests, end-to-end specs and benchmarks to their own rules', async () => {
    for (const file of ['e2e/x.spec.ts', 'bench/x.ts', 'api/test/x.test.ts']) expect(await floatMoney(file, VIOLATION), file).toEqual([]);
  });
});

describe('wholeNumber (whole numbers from text, the way around the lint for ids and pages)', () => {
  it('reads digits and refuses fractions, exponents, hex and empty text', () => {
    expect(wholeNumber('42')).toBe(42);
    expect(wholeNumber(' 7 ')).toBe(7);
    expect(wholeNumber('-3')).toBe(-3);
    for (const text of ['1.5', '0.1', '1e3', '0x10', '', '12abc', null, undefined, '1234567890123456']) {
      expect(wholeNumber(text), String(text)).toBeNaN();
    }
  });
});

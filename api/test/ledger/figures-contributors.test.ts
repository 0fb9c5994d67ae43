import { describe, expect, it } from 'vitest';
import { USER_ACCOUNT_KINDS, money, moneyString } from '@meridian/contracts';
import type { Money, UserAccountKind } from '@meridian/contracts';
import { FIGURES_CONTRIBUTORS, foldFigures, undeclaredKinds } from '../../src/ledger/figures-contributors.ts';

/** Balances where each kind holds a distinct power of ten, so a kind counted wrongly shows in the sum. */
function distinctBalances(): Record<UserAccountKind, Money> {
  return Object.fromEntries(USER_ACCOUNT_KINDS.map((kind, i) => [kind, money(`1${'0'.repeat(i)}`)])) as Record<UserAccountKind, Money>;
}

describe('figures contributors (ADR 008)', () => {
  it('every user account kind belongs to exactly one product', () => {
    expect(undeclaredKinds()).toEqual({ missing: [], twice: [] });
    expect(new Set(FIGURES_CONTRIBUTORS.map((c) => c.product)).size).toBe(FIGURES_CONTRIBUTORS.length);
  });

  it('total assets hold every kind but the debts, which make the loan amount; margin is the bond', () => {
    const balances = distinctBalances();
    const { held, owed, bond } = foldFigures(balances);
    const sum = (kinds: readonly UserAccountKind[]) => kinds.reduce((acc, kind) => acc.plus(balances[kind]), money('0'));
    // What a loan owes is its unpaid principal and its accrued, unpaid interest (ADR 008).
    const debts: readonly UserAccountKind[] = ['loan_principal', 'loan_interest_due'];
    expect(moneyString(owed)).toBe(moneyString(sum(debts)));
    expect(moneyString(held)).toBe(moneyString(sum(USER_ACCOUNT_KINDS.filter((kind) => !debts.includes(kind)))));
    expect(moneyString(bond)).toBe(moneyString(balances.margin));
  });
});

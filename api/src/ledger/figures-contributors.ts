import { USER_ACCOUNT_KINDS, money } from '@meridian/contracts';
import type { Money, UserAccountKind } from '@meridian/contracts';

/**
 * What one product contributes to a user's figures (ADR 008): the account kinds it holds the user's money
 * in (added to `totalAssets`), the kinds the user owes on (subtracted from it, and summed as `loanAmount`),
 * and the kind reported as `bondAmount`. Every user account kind belongs to exactly one contributor, so a
 * new kind cannot silently fall out of the figures (a test checks it).
 */
export interface FiguresContributor {
  product: string;
  holds: readonly UserAccountKind[];
  debts?: readonly UserAccountKind[];
  bond?: UserAccountKind;
}

/** One row per product; a product adds its row with its account kinds. */
export const FIGURES_CONTRIBUTORS: readonly FiguresContributor[] = [
  { product: 'funding', holds: ['cash', 'withdrawal_hold'] },
  { product: 'trading', holds: ['margin', 'options_escrow', 'order_hold'], bond: 'margin' },
  { product: 'plans', holds: ['plan_principal', 'plan_accrued'] },
  { product: 'loans', holds: [], debts: ['loan_principal', 'loan_interest_due'] },
  { product: 'nfts', holds: ['nft_bid_hold'] },
];

/** The user account kinds that are debts (counted against total assets). */
export const DEBT_KINDS: ReadonlySet<UserAccountKind> = new Set(FIGURES_CONTRIBUTORS.flatMap((c) => c.debts ?? []));

/** The user account kinds no contributor declares, or that more than one declares (both must be empty). */
export function undeclaredKinds(): { missing: UserAccountKind[]; twice: UserAccountKind[] } {
  const declared = FIGURES_CONTRIBUTORS.flatMap((c) => [...c.holds, ...(c.debts ?? [])]);
  return {
    missing: USER_ACCOUNT_KINDS.filter((kind) => !declared.includes(kind)),
    twice: USER_ACCOUNT_KINDS.filter((kind) => declared.filter((d) => d === kind).length > 1),
  };
}

/** Folds the contributors over one currency's balances: what the user holds, owes, and has in margin. */
export function foldFigures(balances: Record<UserAccountKind, Money>): { held: Money; owed: Money; bond: Money } {
  let held = money('0');
  let owed = money('0');
  let bond = money('0');
  for (const contributor of FIGURES_CONTRIBUTORS) {
    for (const kind of contributor.holds) held = held.plus(balances[kind]);
    for (const kind of contributor.debts ?? []) owed = owed.plus(balances[kind]);
    if (contributor.bond) bond = bond.plus(balances[contributor.bond]);
  }
  return { held, owed, bond };
}

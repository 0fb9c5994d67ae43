import type { Database } from '../db/database.ts';
import type { BalanceEvents } from '../ledger/account-figures.ts';
import type { AccountLimits } from './limits.ts';
import type { Mailer } from './mailer.ts';

/** What the account routes share: the database, mail, balance events and the abuse limits. */
export interface AccountsContext {
  db: Database;
  mailer: Mailer;
  balances: BalanceEvents;
  limits: AccountLimits;
  /** Multiplies the per-address allowances (1 in production). */
  limitScale: number;
  /** The site's public origin (wallet messages name it; social logins return to it). */
  siteOrigin: string;
}

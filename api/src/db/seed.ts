import { eq, sql } from 'drizzle-orm';
import { insertContent } from '../content/insert-content.ts';
import { sanitizeContent } from '../content/sanitize-content.ts';
import { seedDepositAddresses } from '../funding/deposit-addresses.ts';
import { DEV_PAYOUT_KEY, authAddressValue, namesKnownKey, payoutAddressesFromEnv } from '../settings/payout-addresses.ts';
import type { PayoutAddresses } from '../settings/payout-addresses.ts';
import type { Database } from './database.ts';
import { contents, faqs, notices, settings, smartProducts } from './schema.ts';
import { SEED_FAQ_EN, SEED_FAQ_ZH, SEED_NOTICES_EN, SEED_NOTICES_ZH } from './seed-help.ts';
import { SEED_CONTENT_EN, SEED_CONTENT_ZH, SEED_SETTINGS, SEED_SMART_PRODUCTS } from './seed-data.ts';

export interface SeedOptions {
  /**
   * The payout wallets the start checked (`payoutAddressesFromEnv`); without them the same check runs
   * here on the process environment, with development addresses made for this run only.
   */
  payout?: PayoutAddresses;
}

/**
 * The `auth_address` setting: set from the start's payout wallets when there is none yet, when it still
 * holds development addresses (a folder's made-up ones, which a configured start replaces) or when it
 * names an account whose key is public (an earlier built-in default). An operator's own value stays.
 */
async function seedPayoutAddresses(db: Database, payout: PayoutAddresses): Promise<void> {
  const value = authAddressValue(payout);
  await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(settings).where(eq(settings.key, 'auth_address')).for('update');
    const [devRow] = await tx.select().from(settings).where(eq(settings.key, DEV_PAYOUT_KEY));
    const replace = !stored || stored.value === devRow?.value || namesKnownKey(stored.value);
    if (replace && stored?.value !== value) {
      if (stored && namesKnownKey(stored.value)) console.warn(`auth_address named a wallet whose key is public; replaced with ${value}`);
      await tx
        .insert(settings)
        .values({ key: 'auth_address', value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    }
    const current = replace ? value : (stored?.value ?? value);
    if (payout.development && current === value) {
      await tx.insert(settings).values({ key: DEV_PAYOUT_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    } else if (devRow) {
      await tx.delete(settings).where(eq(settings.key, DEV_PAYOUT_KEY));
    }
  });
}

/** Seeds the demo content, the default settings and the smart plan products once (an empty table only), the payout wallets and the deposit addresses. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(SEED_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  const payout = options.payout ?? payoutAddressesFromEnv(process.env);
  await seedPayoutAddresses(db, payout);
  await seedDepositAddresses(db, process.env, payout);
  // Under a lock: two nodes starting on an empty database seed the products once.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:smart_products'))`);
    const [productCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(smartProducts);
    if ((productCount?.n ?? 0) === 0) await tx.insert(smartProducts).values([...SEED_SMART_PRODUCTS]);
  });
  const [faqCount] = await db.select({ n: sql<number>`count(*)::int` }).from(faqs);
  if ((faqCount?.n ?? 0) === 0) {
    await db
      .insert(faqs)
      .values(
        [
          ...SEED_FAQ_EN.map((f, i) => ({ ...f, languageId: 2, sortOrder: i })),
          ...SEED_FAQ_ZH.map((f, i) => ({ ...f, languageId: 1, sortOrder: i })),
        ].map((f) => ({ ...f, answer: sanitizeContent(f.answer) })),
      );
    await db.insert(notices).values(
      [...SEED_NOTICES_EN.map((n) => ({ ...n, languageId: 2 })), ...SEED_NOTICES_ZH.map((n) => ({ ...n, languageId: 1 }))].map((n) => ({
        ...n,
        body: sanitizeContent(n.body),
        publishedAt: new Date(n.publishedAt),
      })),
    );
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contents);
  if ((row?.n ?? 0) > 0) return;
  await insertContent(db, [
    ...SEED_CONTENT_EN.map((c, i) => ({ ...c, languageId: 2 as const, sortOrder: i })),
    ...SEED_CONTENT_ZH.map((c, i) => ({ ...c, languageId: 1 as const, sortOrder: i })),
  ]);
}

import { asc, eq } from 'drizzle-orm';
import {
  HALTED_INSTRUMENTS_KEY,
  OPERATOR_CODES,
  PARAM_KEYS,
  USER_FACING_SETTINGS,
  isAddressMapSetting,
  money,
  moneyString,
  parseLoanProducts,
} from '@meridian/contracts';
import type { OptionsProductView, ParamKey } from '@meridian/contracts';
import { SETTING_RULES } from '@meridian/contracts/schemas';
import { audit } from '../audit/audit.ts';
import { sanitizeContent } from '../content/sanitize-content.ts';
import type { Database, Transaction } from '../db/database.ts';
import { instruments, notices, optionsProducts, settings } from '../db/schema.ts';
import type { OperatorIdentity } from '../operators/operators.ts';
import { ApiFailure } from '../plugins/envelope.ts';
import { DEV_DEPOSIT_KEY, depositAddressProblem } from '../funding/deposit-addresses.ts';
import { DEV_PAYOUT_KEY, authAddressProblem, namesKnownKey } from './payout-addresses.ts';
import type { SettingsCache } from './settings-cache.ts';

/** How a user-facing setting is named in the public notice (content languages: 2 = en, 1 = zh). */
const TERM_NAMES: Record<(typeof USER_FACING_SETTINGS)[number], { en: string; zh: string; unit: string }> = {
  trading_fee_percent: { en: 'Trading fee', zh: '交易手续费', unit: '%' },
  withdrawal_fee_percent: { en: 'Withdrawal fee', zh: '提现手续费', unit: '%' },
  loan_interest_free_days: { en: 'Interest-free days on loans', zh: '贷款免息天数', unit: '' },
  early_exit_penalty_percent: { en: 'Early exit penalty on plans', zh: '理财提前赎回违约金', unit: '%' },
  invite_reward_usdt: { en: 'Invitation reward', zh: '邀请奖励', unit: ' USDT' },
  maintenance_margin_percent: { en: 'Maintenance margin (liquidation level)', zh: '维持保证金（强平线）', unit: '%' },
  flash_exchange_fee_percent: { en: 'Flash exchange fee', zh: '闪兑手续费', unit: '%' },
};

const isUserFacing = (key: string): key is (typeof USER_FACING_SETTINGS)[number] =>
  (USER_FACING_SETTINGS as readonly string[]).includes(key);

/** A notice in both content languages that a term changed, effective now, for everyone. */
async function publishTermNotice(
  tx: Transaction,
  key: (typeof USER_FACING_SETTINGS)[number],
  before: string,
  after: string,
  at: Date,
): Promise<void> {
  const name = TERM_NAMES[key];
  const when = at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  await tx.insert(notices).values([
    {
      languageId: 2,
      title: `${name.en}: ${before}${name.unit} → ${after}${name.unit}`,
      body: sanitizeContent(
        `<p>From ${when}, the ${name.en.toLowerCase()} is ${after}${name.unit} (before: ${before}${name.unit}). It applies to everyone from that moment; nothing already confirmed changes.</p>`,
      ),
      publishedAt: at,
    },
    {
      languageId: 1,
      title: `${name.zh}：${before}${name.unit} → ${after}${name.unit}`,
      body: sanitizeContent(
        `<p>自 ${when} 起，${name.zh}调整为 ${after}${name.unit}（原为 ${before}${name.unit}）。自该时刻起对所有用户生效，已确认的订单不受影响。</p>`,
      ),
      publishedAt: at,
    },
  ]);
}

/**
 * Settings and product tables as operators edit them: every change is validated by the setting's own
 * rule, applies to everyone at once (no setting names a user: SPEC §0 rule 3), is audited with before
 * and after, and a change of a term users read is published as a notice.
 */
export class SettingsAdmin {
  constructor(
    private readonly db: Database,
    private readonly cache: SettingsCache,
    private readonly now: () => number = Date.now,
  ) {}

  async list() {
    const rows = await this.db.select().from(settings).orderBy(asc(settings.key));
    // Development addresses (a start without configured payout wallets) are marked, so nobody takes them for real ones.
    const development = rows.find((r) => r.key === DEV_PAYOUT_KEY)?.value;
    const developmentDeposit = rows.find((r) => r.key === DEV_DEPOSIT_KEY)?.value;
    return rows
      .filter((r) => (PARAM_KEYS as readonly string[]).includes(r.key))
      .map((r) => ({
        key: r.key as ParamKey,
        value: r.value,
        updatedAt: r.updatedAt.toISOString(),
        userFacing: isUserFacing(r.key),
        ...(r.key === 'auth_address' ? { development: r.value === development } : {}),
        ...(r.key === 'deposit_address' ? { development: r.value === developmentDeposit } : {}),
      }));
  }

  async update(actor: OperatorIdentity, key: ParamKey, raw: string) {
    const parsed = SETTING_RULES[key].safeParse(raw.trim());
    if (!parsed.success) throw new ApiFailure(OPERATOR_CODES.settingInvalid, parsed.error.issues[0]?.message ?? 'validation.invalid', 400);
    // Numbers are kept in one plain form (0.10 → 0.1), so a notice never reports a change that is none.
    // JSON settings are kept in one plain form too: an address map as given, the loan products as parsed (sorted by term).
    const value = isAddressMapSetting(key)
      ? JSON.stringify(JSON.parse(parsed.data))
      : key === 'loan_products'
        ? JSON.stringify(parseLoanProducts(parsed.data))
        : moneyString(money(parsed.data));
    // A deposit address must pass its chain's checksum too: customers send real money to it.
    if (key === 'deposit_address' && depositAddressProblem(value))
      throw new ApiFailure(OPERATOR_CODES.settingInvalid, 'validation.depositAddressInvalid', 400);
    // A payout wallet must be a valid address of its network and not one whose private key is public.
    if (key === 'auth_address' && authAddressProblem(value)) {
      const message = namesKnownKey(value) ? 'validation.payoutAddressPublicKey' : 'validation.payoutAddressInvalid';
      throw new ApiFailure(OPERATOR_CODES.settingInvalid, message, 400);
    }
    const at = new Date(this.now());
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
      const before = row?.value ?? null;
      if (before === value) return;
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
      await audit(tx, actor, 'setting.change', { kind: 'setting', id: key }, { value: before }, { value });
      if (isUserFacing(key) && before !== null) await publishTermNotice(tx, key, before, value, at);
    });
    this.cache.invalidate();
    return (await this.list()).find((s) => s.key === key)!;
  }

  async products() {
    const options = await this.db
      .select({ product: optionsProducts, code: instruments.code })
      .from(optionsProducts)
      .innerJoin(instruments, eq(instruments.id, optionsProducts.instrumentId))
      .orderBy(asc(instruments.rank), asc(optionsProducts.period));
    const list = await this.db
      .select({ id: instruments.id, code: instruments.code, name: instruments.name, enabled: instruments.enabled })
      .from(instruments)
      .orderBy(asc(instruments.rank));
    const halted = await this.halted(this.db);
    return {
      options: options.map((o) => this.productView(o.product, o.code)),
      instruments: list.map((i) => ({ ...i, halted: halted.has(i.id) })),
    };
  }

  private async halted(db: Database | Transaction, lock = false): Promise<Set<number>> {
    const query = db.select().from(settings).where(eq(settings.key, HALTED_INSTRUMENTS_KEY));
    const [row] = lock ? await query.for('update') : await query;
    try {
      const ids = JSON.parse(row?.value ?? '[]') as unknown;
      return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : []);
    } catch {
      return new Set();
    }
  }

  /**
   * Halts or resumes new orders on an instrument, for everyone at once (closing positions stays
   * possible; stops, take-profits and liquidations keep running from the feed). Audited, and
   * published as a notice.
   */
  async updateInstrument(actor: OperatorIdentity, id: number, halt: boolean) {
    const [instrument] = await this.db.select().from(instruments).where(eq(instruments.id, id));
    if (!instrument) throw new ApiFailure('404', 'instrument not found', 404);
    const at = new Date(this.now());
    await this.db.transaction(async (tx) => {
      // The settings row is the lock: two operators halting two instruments at once both count.
      await tx.insert(settings).values({ key: HALTED_INSTRUMENTS_KEY, value: '[]', updatedAt: at }).onConflictDoNothing();
      const halted = await this.halted(tx, true);
      if (halted.has(id) === halt) return;
      if (halt) halted.add(id);
      else halted.delete(id);
      const value = JSON.stringify([...halted].sort((a, b) => a - b));
      await tx.update(settings).set({ value, updatedAt: at }).where(eq(settings.key, HALTED_INSTRUMENTS_KEY));
      await audit(
        tx,
        actor,
        'product.change',
        { kind: 'instrument', id: String(id) },
        { halted: !halt },
        { halted: halt, code: instrument.code },
      );
      const when = at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
      await tx.insert(notices).values([
        {
          languageId: 2,
          title: halt ? `${instrument.code}: new orders paused` : `${instrument.code}: trading resumed`,
          body: sanitizeContent(
            halt
              ? `<p>From ${when}, new contracts and options on ${instrument.code} are paused for everyone. Open positions can still be closed, and their stop loss, take profit and liquidation keep working from the price feed.</p>`
              : `<p>From ${when}, new contracts and options on ${instrument.code} can be placed again.</p>`,
          ),
          publishedAt: at,
        },
        {
          languageId: 1,
          title: halt ? `${instrument.code}：暂停新订单` : `${instrument.code}：恢复交易`,
          body: sanitizeContent(
            halt
              ? `<p>自 ${when} 起，所有用户暂停在 ${instrument.code} 上开立新的合约和期权。已有持仓仍可平仓，止损、止盈和强平继续按行情执行。</p>`
              : `<p>自 ${when} 起，${instrument.code} 恢复开立新的合约和期权。</p>`,
          ),
          publishedAt: at,
        },
      ]);
    });
    this.cache.invalidate();
    return (await this.products()).instruments.find((i) => i.id === id)!;
  }

  private productView(p: typeof optionsProducts.$inferSelect, code: string): OptionsProductView {
    return {
      id: p.id,
      instrumentId: p.instrumentId,
      instrumentCode: code,
      period: p.period,
      payoutPercent: moneyString(money(p.payoutPercent)),
      minStake: moneyString(money(p.minStake)),
      maxStake: moneyString(money(p.maxStake)),
      enabled: p.enabled,
    };
  }

  /** An options product's payout, stake bounds and availability; orders already placed keep their terms. */
  async updateOptionsProduct(
    actor: OperatorIdentity,
    id: number,
    body: { payoutPercent: string; minStake: string; maxStake: string; enabled: boolean },
  ): Promise<OptionsProductView> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ product: optionsProducts, code: instruments.code })
        .from(optionsProducts)
        .innerJoin(instruments, eq(instruments.id, optionsProducts.instrumentId))
        .where(eq(optionsProducts.id, id))
        .for('update', { of: optionsProducts });
      if (!row) throw new ApiFailure('404', 'product not found', 404);
      const before = this.productView(row.product, row.code);
      const [updated] = await tx
        .update(optionsProducts)
        .set({
          payoutPercent: money(body.payoutPercent).toFixed(),
          minStake: money(body.minStake).toFixed(),
          maxStake: money(body.maxStake).toFixed(),
          enabled: body.enabled,
        })
        .where(eq(optionsProducts.id, id))
        .returning();
      const after = this.productView(updated!, row.code);
      await audit(tx, actor, 'product.change', { kind: 'options_product', id: String(id) }, before, after);
      if (before.payoutPercent !== after.payoutPercent || before.enabled !== after.enabled) {
        const at = new Date(this.now());
        const state = (p: OptionsProductView, zh: boolean) => (p.enabled ? `${p.payoutPercent}%` : zh ? '停用' : 'off');
        await tx.insert(notices).values([
          {
            languageId: 2,
            title: `${row.code} ${row.product.period}s options payout: ${state(before, false)} → ${state(after, false)}`,
            body: sanitizeContent(
              `<p>New ${row.code} options orders of ${row.product.period} seconds pay ${state(after, false)} from ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC. Orders already placed keep the payout shown when they were confirmed.</p>`,
            ),
            publishedAt: at,
          },
          {
            languageId: 1,
            title: `${row.code} ${row.product.period}秒期权收益率：${state(before, true)} → ${state(after, true)}`,
            body: sanitizeContent(
              `<p>自 ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC 起，新的 ${row.code} ${row.product.period} 秒期权订单收益率为 ${state(after, true)}。已下单的订单保持确认时的收益率。</p>`,
            ),
            publishedAt: at,
          },
        ]);
      }
      return after;
    });
  }
}

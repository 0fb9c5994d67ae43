import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Decimal from 'decimal.js';
import { asc, sql } from 'drizzle-orm';
import { MARKET_TYPES } from '@meridian/contracts';
import type { MarketTypeId } from '@meridian/contracts';
import { lotTermsFor } from '@meridian/contracts/schemas';
import type { LotTerms } from '@meridian/contracts/schemas';
import type { Database } from '../../db/database.ts';
import { instruments } from '../../db/schema.ts';
import { CRYPTO_RANK, CRYPTO_REFERENCE } from './crypto-reference.ts';
import type { InstrumentSpec, TradingSession } from './instrument-spec.ts';
import { ETFS, FOREX, FUTURES, METALS, STOCKS } from './traditional-instruments.ts';

/** Where the site serves the crypto icons (static files from `cryptocurrency-icons`, long-cached). */
export const CRYPTO_ICON_PATH = '/static/crypto';

/** The folder of the colour SVG icons the site serves at `CRYPTO_ICON_PATH`. */
export function cryptoIconsDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/manifest.json')), 'svg', 'color');
}

interface ManifestEntry {
  symbol: string;
  name: string;
}

/** A tick size of about seven significant digits of the price: 65000 → 0.01, 0.0042 → 0.000000001. */
function cryptoTickSize(price: Decimal): string {
  const exponent = Math.max(-10, Math.min(0, price.abs().log(10).floor().toNumber() - 6));
  return new Decimal(10).pow(exponent).toFixed();
}

function cryptoLeverages(rank: number): number[] {
  if (rank < 10) return [1, 2, 5, 10, 20, 50, 100];
  if (rank < 40) return [1, 2, 5, 10, 20, 50];
  return [1, 2, 5, 10];
}

/** Every crypto of `cryptocurrency-icons` with a reference price, quoted against USDT, best known first. */
function cryptoSpecs(): InstrumentSpec[] {
  const manifest = createRequire(import.meta.url)('cryptocurrency-icons/manifest.json') as ManifestEntry[];
  const names = new Map(manifest.map((m) => [m.symbol, m.name]));
  const known = new Set(CRYPTO_RANK);
  const rest = Object.keys(CRYPTO_REFERENCE)
    .filter((s) => !known.has(s) && names.has(s))
    .sort((a, b) => new Decimal(CRYPTO_REFERENCE[b]!.dailyVolumeUsd).cmp(CRYPTO_REFERENCE[a]!.dailyVolumeUsd) || a.localeCompare(b));
  return [...CRYPTO_RANK.filter((s) => names.has(s) && CRYPTO_REFERENCE[s]), ...rest]
    .filter((symbol) => symbol !== 'USDT')
    .map((symbol, rank) => {
      const ref = CRYPTO_REFERENCE[symbol]!;
      const tickSize = cryptoTickSize(new Decimal(ref.price));
      const stable = new Decimal(ref.price).minus(1).abs().lt('0.02') && /USD|DAI|TUSD|PAX/.test(symbol);
      return {
        code: `${symbol}/USDT`,
        name: names.get(symbol)!,
        type: MARKET_TYPES.crypto,
        referencePrice: new Decimal(ref.price).toDecimalPlaces(new Decimal(tickSize).decimalPlaces(), Decimal.ROUND_HALF_UP).toFixed(),
        tickSize,
        contractSize: '1',
        leverages: cryptoLeverages(rank),
        session: 'always' as TradingSession,
        volatility: stable ? '0.01' : rank < 10 ? '0.6' : '0.9',
        dailyVolumeUsd: ref.dailyVolumeUsd,
        icon: symbol,
      };
    });
}

/** The whole seeded catalogue in listing order: crypto, forex, stocks, ETFs, futures, metals. */
export function catalogueSpecs(): InstrumentSpec[] {
  return [...cryptoSpecs(), ...FOREX, ...STOCKS, ...ETFS, ...FUTURES, ...METALS];
}

/** One instrument as the market code keeps it in memory. */
export interface Instrument {
  readonly id: number;
  readonly code: string;
  readonly type: MarketTypeId;
  readonly name: string;
  readonly logo: string | null;
  readonly tickSize: Decimal;
  readonly contractSize: Decimal;
  readonly leverages: readonly number[];
  readonly session: TradingSession;
  readonly volatility: number;
  readonly dailyVolumeUsd: Decimal;
  readonly rank: number;
  /** The simulated history is generated back from this point (the instrument's first price). */
  readonly anchorPrice: Decimal;
  readonly anchorAt: number;
}

/**
 * The lot bounds of an instrument (issue 31): per market type, crypto scaled by its reference price
 * (`lotTermsFor` in @meridian/contracts, the same the order form states).
 */
export function lotTermsOf(instrument: Pick<Instrument, 'type' | 'anchorPrice'>): LotTerms {
  return lotTermsFor(instrument.type, instrument.anchorPrice.toFixed());
}

/** The decimals of a tick size: 0.001 → 3. */
export function decimalsOf(instrument: Pick<Instrument, 'tickSize'>): number {
  return instrument.tickSize.decimalPlaces();
}

/**
 * Adds the instruments a database does not have yet (a new install, or a catalogue that grew); the
 * ones it has keep their id, anchor and on/off state.
 */
export async function seedCatalogue(db: Database, now = Date.now()): Promise<void> {
  const specs = catalogueSpecs();
  const rows = specs.map((s, rank) => ({
    code: s.code,
    type: s.type,
    name: s.name,
    logo: s.icon ? `${CRYPTO_ICON_PATH}/${s.icon.toLowerCase()}.svg` : null,
    tickSize: s.tickSize,
    contractSize: s.contractSize,
    leverages: s.leverages,
    session: s.session,
    volatility: s.volatility,
    dailyVolumeUsd: s.dailyVolumeUsd,
    rank,
    anchorPrice: s.referencePrice,
    anchorAt: new Date(now),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(instruments)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: instruments.code });
  }
}

/** The enabled instruments, read once and kept in memory: every hot read is served from here. */
export class Catalogue {
  private readonly byIdMap: Map<number, Instrument>;
  private readonly byCodeMap: Map<string, Instrument>;
  private readonly byTypeMap = new Map<number, Instrument[]>();

  constructor(readonly all: readonly Instrument[]) {
    this.byIdMap = new Map(all.map((i) => [i.id, i]));
    this.byCodeMap = new Map(all.map((i) => [i.code.toUpperCase(), i]));
    for (const i of all) {
      const list = this.byTypeMap.get(i.type) ?? [];
      list.push(i);
      this.byTypeMap.set(i.type, list);
    }
  }

  static async load(db: Database): Promise<Catalogue> {
    const rows = await db
      .select()
      .from(instruments)
      .where(sql`${instruments.enabled}`)
      .orderBy(asc(instruments.rank), asc(instruments.id));
    return new Catalogue(
      rows.map((r) => ({
        id: r.id,
        code: r.code,
        type: r.type as MarketTypeId,
        name: r.name,
        logo: r.logo,
        tickSize: new Decimal(r.tickSize),
        contractSize: new Decimal(r.contractSize),
        leverages: r.leverages,
        session: r.session as TradingSession,
        volatility: new Decimal(r.volatility).toNumber(),
        dailyVolumeUsd: new Decimal(r.dailyVolumeUsd),
        rank: r.rank,
        anchorPrice: new Decimal(r.anchorPrice),
        anchorAt: r.anchorAt.getTime(),
      })),
    );
  }

  byId(id: number): Instrument | undefined {
    return this.byIdMap.get(id);
  }

  byCode(code: string): Instrument | undefined {
    return this.byCodeMap.get(code.trim().toUpperCase());
  }

  ofType(type: number): readonly Instrument[] {
    return this.byTypeMap.get(type) ?? [];
  }

  /** The home page list: the best known crypto, then the leading instrument of each other type. */
  homeIds(): number[] {
    const crypto = this.ofType(MARKET_TYPES.crypto).slice(0, 6);
    const others = [MARKET_TYPES.forex, MARKET_TYPES.metals, MARKET_TYPES.stocks, MARKET_TYPES.etfs, MARKET_TYPES.futures].flatMap((t) =>
      this.ofType(t).slice(0, t === MARKET_TYPES.forex || t === MARKET_TYPES.stocks ? 2 : 1),
    );
    return [...crypto, ...others].map((i) => i.id);
  }
}

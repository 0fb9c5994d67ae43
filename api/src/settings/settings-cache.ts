import { DatabaseUsedInTransaction, inOpenTransaction } from '../db/database.ts';
import type { Database, Transaction } from '../db/database.ts';
import { settings } from '../db/schema.ts';

/**
 * Operator settings read from memory (hot reads: every page asks for some). A value is at most
 * `ttlMs` old, so a change reaches every API node within that time.
 */
export class SettingsCache {
  private values: Map<string, string> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<string, string>> | null = null;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  private async all(tx?: Transaction): Promise<Map<string, string>> {
    if (this.values && this.now() - this.loadedAt < this.ttlMs) return this.values;
    // Inside a transaction the read goes through it (on PGlite a read through `db` would wait forever).
    if (tx) return this.loaded(await tx.select({ key: settings.key, value: settings.value }).from(settings));
    this.loading ??= this.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .then((rows) => this.loaded(rows))
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private loaded(rows: { key: string; value: string }[]): Map<string, string> {
    this.values = new Map(rows.map((r) => [r.key, r.value]));
    this.loadedAt = this.now();
    return this.values;
  }

  /** Forgets what was read, so this node's next read sees a change at once (others within `ttlMs`). */
  invalidate(): void {
    this.values = null;
  }

  /**
   * One setting. Inside a transaction pass it (`tx`): a call without it there fails at once where the
   * transaction guard is on (tests, development), not only when the cached values happen to be stale.
   */
  async get(key: string, tx?: Transaction): Promise<string | undefined> {
    if (!tx && inOpenTransaction()) throw new DatabaseUsedInTransaction('settings (SettingsCache.get without tx)');
    return (await this.all(tx)).get(key);
  }
}

import type { Database } from '../db/database.ts';
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

  private async all(): Promise<Map<string, string>> {
    if (this.values && this.now() - this.loadedAt < this.ttlMs) return this.values;
    this.loading ??= this.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .then((rows) => {
        this.values = new Map(rows.map((r) => [r.key, r.value]));
        this.loadedAt = this.now();
        return this.values;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** Forgets what was read, so this node's next read sees a change at once (others within `ttlMs`). */
  invalidate(): void {
    this.values = null;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.all()).get(key);
  }
}

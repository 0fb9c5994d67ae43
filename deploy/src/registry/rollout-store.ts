import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { RolloutDocument } from '@meridian/contracts';
import { rolloutDocument } from '@meridian/contracts/schemas';
import * as schema from './registry-schema.ts';
import { releaseTelemetry, releaseTelemetryNetworks, rollouts, rolloutHistory } from './registry-schema.ts';

type RegistryDb = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

const migrationsFolder = join(import.meta.dirname, '..', '..', 'drizzle');

/**
 * SPEC/ARCHITECTURE policy: a canary over this failure rate, over enough loads, rolls itself back.
 * Loads and failures are weighed per reporting network, each counting at most `maxLoadsPerNetwork`
 * loads and `maxFailuresPerNetwork` failures, so no single sender can force a rollback (it needs
 * `minFailingNetworks` networks) or hold one off by reporting many good loads.
 */
export interface RolloutPolicy {
  /** Weighed loads a canary needs before it is judged. */
  minLoads: number;
  maxFailureRate: number;
  /** The canary must also fail this many times more often than stable. */
  stableRatio: number;
  minFailingNetworks: number;
  maxLoadsPerNetwork: number;
  maxFailuresPerNetwork: number;
}
const DEFAULT_POLICY: RolloutPolicy = {
  minLoads: 50,
  maxFailureRate: 0.05,
  stableRatio: 2,
  minFailingNetworks: 5,
  maxLoadsPerNetwork: 20,
  maxFailuresPerNetwork: 5,
};

export class RevisionConflict extends Error {
  constructor(env: string, expected: number, actual: number) {
    super(`RELEASE-011: ${env} is at revision ${actual}, not ${expected}; read it again`);
  }
}

export interface HistoryEntry {
  revision: number;
  actor: string;
  action: string;
  at: string;
  before: RolloutDocument | null;
  after: RolloutDocument;
}

export interface TelemetryRow {
  remote: string;
  version: string;
  loads: number;
  loadFailures: number;
  mountFailures: number;
  failureRate: number;
  /** Distinct reporting networks that reported a failure. */
  failingNetworks: number;
  /** Loads and failures with each network's weight capped (what the rollback policy judges). */
  weighedLoads: number;
  weighedFailures: number;
  avgLoadMs: number;
}

export type TelemetryEvent = 'load' | 'load-failure' | 'mount-failure';

type RemoteEntry = RolloutDocument['remotes'][string];

/** A canary needs a stable version to fall back to, and cannot be the stable version itself. */
function canCanary(env: string, remote: string, version: string, entry: RemoteEntry | undefined): asserts entry is RemoteEntry {
  if (!entry) throw new Error(`RELEASE-021: ${remote} has no stable version in ${env}; publish and make one stable first`);
  if (entry.stable === version) throw new Error(`RELEASE-022: ${remote}@${version} is already stable`);
}

function checkEnv(env: string): void {
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(env)) throw new Error(`RELEASE-010: bad environment name ${env}`);
}

/**
 * Rollout documents per environment in the database. Every change is a compare-and-set on the
 * revision under a row lock, recorded in the audit history, so two registry processes (or two
 * release engineers) sharing one PostgreSQL never lose an update.
 */
export class RolloutStore {
  private constructor(
    private readonly db: RegistryDb,
    readonly artifactBase: string,
    readonly policy: RolloutPolicy,
  ) {}

  static async open(client: PGlite | pg.Pool, options: { artifactBase?: string; policy?: RolloutPolicy } = {}): Promise<RolloutStore> {
    let db: RegistryDb;
    if (client instanceof PGlite) {
      const d = drizzlePglite(client, { schema });
      await migratePglite(d, { migrationsFolder, migrationsTable: 'registry_migrations' });
      db = d;
    } else {
      const d = drizzlePg(client, { schema });
      await migratePg(d, { migrationsFolder, migrationsTable: 'registry_migrations' });
      db = d;
    }
    return new RolloutStore(db, options.artifactBase ?? '/artifacts', options.policy ?? DEFAULT_POLICY);
  }

  private empty(env: string): RolloutDocument {
    return { env, revision: 0, artifactBase: this.artifactBase, allowOverrides: env !== 'production', remotes: {} };
  }

  async read(env: string): Promise<RolloutDocument> {
    checkEnv(env);
    const [row] = await this.db.select().from(rollouts).where(eq(rollouts.env, env));
    return row ? rolloutDocument.parse(row.doc) : this.empty(env);
  }

  /** Applies `change` to the document at `expectedRevision`; a stale revision is refused. */
  async update(
    env: string,
    expectedRevision: number,
    actor: string,
    action: string,
    change: (doc: RolloutDocument) => void,
  ): Promise<RolloutDocument> {
    checkEnv(env);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(rollouts).where(eq(rollouts.env, env)).for('update');
      const current = row ? rolloutDocument.parse(row.doc) : this.empty(env);
      const actual = row?.revision ?? 0;
      if (actual !== expectedRevision) throw new RevisionConflict(env, expectedRevision, actual);
      const next = structuredClone(current);
      change(next);
      // Nothing changed (for example two reports crossing the rollback threshold together): no revision.
      if (row && JSON.stringify(next) === JSON.stringify(current)) return current;
      next.revision = actual + 1;
      const valid = rolloutDocument.parse(next);
      if (row) {
        const updated = await tx
          .update(rollouts)
          .set({ doc: valid, revision: valid.revision, updatedAt: new Date() })
          .where(and(eq(rollouts.env, env), eq(rollouts.revision, expectedRevision)))
          .returning();
        if (updated.length !== 1) throw new RevisionConflict(env, expectedRevision, -1);
      } else {
        const inserted = await tx.insert(rollouts).values({ env, revision: valid.revision, doc: valid }).onConflictDoNothing().returning();
        if (inserted.length !== 1) throw new RevisionConflict(env, expectedRevision, -1);
      }
      await tx.insert(rolloutHistory).values({ env, revision: valid.revision, actor, action, before: row ? current : null, after: valid });
      return valid;
    });
  }

  /** Read, change, compare-and-set; on a conflict read again and re-apply (bounded). */
  async mutate(env: string, actor: string, action: string, change: (doc: RolloutDocument) => void): Promise<RolloutDocument> {
    for (let attempt = 0; ; attempt += 1) {
      const doc = await this.read(env);
      try {
        return await this.update(env, doc.revision, actor, action, change);
      } catch (error) {
        const conflict = error instanceof RevisionConflict || /could not serialize|deadlock|duplicate key/i.test(String(error));
        if (!conflict || attempt >= 20) throw error;
      }
    }
  }

  /** Makes `version` stable (no-op when it already is); used by `npm start` for local builds. */
  async setStable(env: string, remote: string, version: string, integrity: string, actor = 'start'): Promise<RolloutDocument> {
    const doc = await this.read(env);
    if (doc.remotes[remote]?.stable === version) return doc;
    return this.mutate(env, actor, `stable ${remote}@${version}`, (d) => {
      const prev = d.remotes[remote];
      d.remotes[remote] = {
        stable: version,
        previous: prev && prev.stable !== version ? prev.stable : (prev?.previous ?? null),
        canary: null,
        autoRolledBack: null,
        integrity: { ...(prev?.integrity ?? {}), [version]: integrity },
      };
    });
  }

  async canary(env: string, remote: string, version: string, weight: number, integrity: string, actor: string): Promise<RolloutDocument> {
    if (!Number.isInteger(weight) || weight < 0 || weight > 100) throw new Error('RELEASE-020: weight must be an integer from 0 to 100');
    // The shell is chosen before any script runs, so a new shell is staged (weight 0) and promoted,
    // alone or in a release set with the remotes that need it.
    if (remote === 'shell' && weight !== 0)
      throw new Error('RELEASE-028: the shell is staged with --weight 0 and promoted; it has no partial canary');
    // Refused requests must not wipe anything: check before clearing the counts.
    canCanary(env, remote, version, (await this.read(env)).remotes[remote]);
    // A (re-)started canary is judged on its own loads only.
    await this.db.transaction(async (tx) => {
      await tx
        .delete(releaseTelemetry)
        .where(and(eq(releaseTelemetry.env, env), eq(releaseTelemetry.remote, remote), eq(releaseTelemetry.version, version)));
      await tx
        .delete(releaseTelemetryNetworks)
        .where(
          and(
            eq(releaseTelemetryNetworks.env, env),
            eq(releaseTelemetryNetworks.remote, remote),
            eq(releaseTelemetryNetworks.version, version),
          ),
        );
    });
    return this.mutate(env, actor, `canary ${remote}@${version} weight ${weight}`, (d) => {
      const entry = d.remotes[remote];
      canCanary(env, remote, version, entry);
      entry.canary = { version, weight };
      entry.autoRolledBack = null;
      entry.integrity[version] = integrity;
    });
  }

  /** The canary of each remote becomes its stable version, in one revision. */
  async promote(env: string, remotes: string[], actor: string, force = false): Promise<RolloutDocument> {
    return this.mutate(env, actor, `promote ${remotes.join(', ')}${force ? ' (forced)' : ''}`, (d) => {
      for (const remote of remotes) {
        const entry = d.remotes[remote];
        if (!entry?.canary) throw new Error(`RELEASE-023: ${remote} has no canary to promote in ${env}`);
        if (!force && entry.autoRolledBack?.version === entry.canary.version) {
          throw new Error(
            `RELEASE-029: ${remote}@${entry.canary.version} was rolled back automatically; promote it with --force if you really mean it`,
          );
        }
        entry.previous = entry.stable;
        entry.stable = entry.canary.version;
        entry.canary = null;
        entry.autoRolledBack = null;
      }
    });
  }

  /** Each remote drops its canary, or without one returns to its previous stable, in one revision. */
  async rollback(env: string, remotes: string[], actor: string): Promise<RolloutDocument> {
    return this.mutate(env, actor, `rollback ${remotes.join(', ')}`, (d) => {
      for (const remote of remotes) {
        const entry = d.remotes[remote];
        if (!entry) throw new Error(`RELEASE-024: ${remote} is not in ${env}`);
        if (entry.canary) {
          entry.canary = null;
        } else {
          if (!entry.previous) throw new Error(`RELEASE-025: ${remote} has no previous stable version to return to`);
          const current = entry.stable;
          entry.stable = entry.previous;
          entry.previous = current;
        }
      }
    });
  }

  async history(env: string, remote?: string): Promise<HistoryEntry[]> {
    checkEnv(env);
    const rows = await this.db
      .select()
      .from(rolloutHistory)
      .where(eq(rolloutHistory.env, env))
      .orderBy(desc(rolloutHistory.revision))
      .limit(500);
    return rows
      .map((r) => ({
        revision: r.revision,
        actor: r.actor,
        action: r.action,
        at: r.at.toISOString(),
        before: r.before ? rolloutDocument.parse(r.before) : null,
        after: rolloutDocument.parse(r.after),
      }))
      .filter((h) => !remote || JSON.stringify(h.before?.remotes[remote] ?? null) !== JSON.stringify(h.after.remotes[remote] ?? null));
  }

  /** Makes the document as it was after `revision` current again (as a new revision). */
  async restore(env: string, revision: number, actor: string): Promise<RolloutDocument> {
    const [row] = await this.db
      .select()
      .from(rolloutHistory)
      .where(and(eq(rolloutHistory.env, env), eq(rolloutHistory.revision, revision)))
      .orderBy(asc(rolloutHistory.id))
      .limit(1);
    if (!row) throw new Error(`RELEASE-026: ${env} has no revision ${revision}`);
    const target = rolloutDocument.parse(row.after);
    return this.mutate(env, actor, `restore revision ${revision}`, (d) => {
      d.remotes = target.remotes;
      d.allowOverrides = target.allowOverrides;
    });
  }

  async telemetry(env: string, remote?: string): Promise<TelemetryRow[]> {
    const where = remote ? and(eq(releaseTelemetry.env, env), eq(releaseTelemetry.remote, remote)) : eq(releaseTelemetry.env, env);
    const rows = await this.db
      .select()
      .from(releaseTelemetry)
      .where(where)
      .orderBy(asc(releaseTelemetry.remote), asc(releaseTelemetry.version));
    const n = releaseTelemetryNetworks;
    const { maxLoadsPerNetwork, maxFailuresPerNetwork } = this.policy;
    const perVersion = await this.db
      .select({
        remote: n.remote,
        version: n.version,
        failingNetworks: sql<number>`count(*) filter (where ${n.failures} > 0)`.mapWith(Number),
        weighedLoads: sql<number>`coalesce(sum(least(${n.loads}, ${maxLoadsPerNetwork})), 0)`.mapWith(Number),
        weighedFailures: sql<number>`coalesce(sum(least(${n.failures}, ${maxFailuresPerNetwork})), 0)`.mapWith(Number),
      })
      .from(n)
      .where(remote ? and(eq(n.env, env), eq(n.remote, remote)) : eq(n.env, env))
      .groupBy(n.remote, n.version);
    const weighed = new Map(perVersion.map((v) => [`${v.remote}@${v.version}`, v]));
    return rows.map((r) => ({
      remote: r.remote,
      version: r.version,
      loads: r.loads,
      loadFailures: r.loadFailures,
      mountFailures: r.mountFailures,
      failureRate: r.loads ? (r.loadFailures + r.mountFailures) / r.loads : 0,
      failingNetworks: weighed.get(`${r.remote}@${r.version}`)?.failingNetworks ?? 0,
      weighedLoads: weighed.get(`${r.remote}@${r.version}`)?.weighedLoads ?? 0,
      weighedFailures: weighed.get(`${r.remote}@${r.version}`)?.weighedFailures ?? 0,
      avgLoadMs: r.loads - r.loadFailures > 0 ? Math.round(r.totalLoadMs / (r.loads - r.loadFailures)) : 0,
    }));
  }

  /**
   * Counts one outcome a shell reported, in all and for the reporting network (`network`, an opaque
   * digest). `loads` counts every attempt; a failed load or mount adds to its failure counter. Then
   * the canary policy is checked for the environment.
   */
  async recordTelemetry(
    env: string,
    remote: string,
    version: string,
    event: TelemetryEvent,
    options: { ms?: number | undefined; network: string },
  ): Promise<void> {
    const ms = options.ms ?? 0;
    const inc = {
      loads: event === 'mount-failure' ? 0 : 1,
      loadFailures: event === 'load-failure' ? 1 : 0,
      mountFailures: event === 'mount-failure' ? 1 : 0,
      totalLoadMs: event === 'load' ? Math.max(0, Math.min(Math.round(ms), 600_000)) : 0,
    };
    await this.db
      .insert(releaseTelemetry)
      .values({ env, remote, version, ...inc })
      .onConflictDoUpdate({
        target: [releaseTelemetry.env, releaseTelemetry.remote, releaseTelemetry.version],
        set: {
          loads: sql`${releaseTelemetry.loads} + ${inc.loads}`,
          loadFailures: sql`${releaseTelemetry.loadFailures} + ${inc.loadFailures}`,
          mountFailures: sql`${releaseTelemetry.mountFailures} + ${inc.mountFailures}`,
          totalLoadMs: sql`${releaseTelemetry.totalLoadMs} + ${inc.totalLoadMs}`,
        },
      });
    const failures = event === 'load' ? 0 : 1;
    await this.db
      .insert(releaseTelemetryNetworks)
      .values({ env, remote, version, network: options.network, loads: inc.loads, failures })
      .onConflictDoUpdate({
        target: [
          releaseTelemetryNetworks.env,
          releaseTelemetryNetworks.remote,
          releaseTelemetryNetworks.version,
          releaseTelemetryNetworks.network,
        ],
        set: {
          loads: sql`${releaseTelemetryNetworks.loads} + ${inc.loads}`,
          failures: sql`${releaseTelemetryNetworks.failures} + ${failures}`,
        },
      });
    if (event !== 'load') await this.enforcePolicy(env, remote);
  }

  private async enforcePolicy(env: string, remote: string): Promise<void> {
    const doc = await this.read(env);
    const entry = doc.remotes[remote];
    if (!entry?.canary || entry.canary.weight === 0) return;
    const rows = await this.telemetry(env, remote);
    const canary = rows.find((r) => r.remote === remote && r.version === entry.canary!.version);
    const stable = rows.find((r) => r.remote === remote && r.version === entry.stable);
    if (!canary || canary.weighedLoads < this.policy.minLoads || canary.failingNetworks < this.policy.minFailingNetworks) return;
    const rate = (t: TelemetryRow | undefined) => (t?.weighedLoads ? t.weighedFailures / t.weighedLoads : 0);
    const canaryRate = rate(canary);
    if (canaryRate <= this.policy.maxFailureRate || canaryRate <= this.policy.stableRatio * rate(stable)) return;
    const version = entry.canary.version;
    await this.mutate(
      env,
      'registry (automatic rollback)',
      `auto-rollback ${remote}@${version} failure rate ${(canaryRate * 100).toFixed(1)}% (weighed per network)`,
      (d) => {
        const e = d.remotes[remote];
        if (!e?.canary || e.canary.version !== version || e.canary.weight === 0) return;
        e.canary.weight = 0;
        e.autoRolledBack = { version, at: new Date().toISOString(), failureRate: canaryRate };
      },
    );
  }
}

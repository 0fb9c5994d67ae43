import { bigint, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One rollout document per environment; `revision` is the compare-and-set counter. */
export const rollouts = pgTable('registry_rollouts', {
  env: text('env').primaryKey(),
  revision: integer('revision').notNull(),
  doc: jsonb('doc').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Audit history: every change, who made it, and the document before and after. */
export const rolloutHistory = pgTable('registry_rollout_history', {
  id: serial('id').primaryKey(),
  env: text('env').notNull(),
  revision: integer('revision').notNull(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  before: jsonb('before'),
  after: jsonb('after').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Load and mount outcomes the shells report, per environment and remote version. */
export const releaseTelemetry = pgTable(
  'registry_telemetry',
  {
    env: text('env').notNull().default('production'),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    loads: integer('loads').notNull().default(0),
    loadFailures: integer('load_failures').notNull().default(0),
    mountFailures: integer('mount_failures').notNull().default(0),
    totalLoadMs: bigint('total_load_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.env, t.remote, t.version] })],
);

/**
 * What each reporting network said of a remote version: an opaque keyed digest of the network (never
 * the address), its loads and its failures. The rollback policy caps what one network can weigh, so
 * one sender can neither force a rollback nor hold one off by reporting a lot.
 */
export const releaseTelemetryNetworks = pgTable(
  'registry_telemetry_networks',
  {
    env: text('env').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    network: text('network').notNull(),
    loads: integer('loads').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.env, t.remote, t.version, t.network] })],
);

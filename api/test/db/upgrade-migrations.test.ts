import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';

const FOLDER = join(import.meta.dirname, '..', '..', 'drizzle');

/** The migrations folder as it was when the last migration was `last` (the journal cut there). */
function folderUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-migrations-'));
  cpSync(FOLDER, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const tableExists = async (db: ReturnType<typeof drizzle>, name: string) =>
  (await db.execute<{ found: string | null }>(sql`select to_regclass(${name})::text as found`)).rows[0]?.found != null;

/**
 * Upgrades (issue 25): a database migrated by an earlier release takes every later migration. 0016 was
 * recorded with an earlier time than 0015, so a database at 0015 skipped it; 0019 makes its table.
 */
describe('upgrading a database migrated by an earlier release', () => {
  it('a database at 0015 gets the deposits table and everything after', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderUpTo(15), migrationsTable: 'api_migrations' });
    expect(await tableExists(db, 'deposits')).toBe(false);
    // Up to 0018 the skipped 0016 stays missing: the defect 0019 repairs.
    await migrate(db, { migrationsFolder: folderUpTo(18), migrationsTable: 'api_migrations' });
    expect(await tableExists(db, 'deposits')).toBe(false);
    await migrate(db, { migrationsFolder: FOLDER, migrationsTable: 'api_migrations' });
    expect(await tableExists(db, 'deposits')).toBe(true);
    expect(await tableExists(db, 'withdrawals')).toBe(true);
    expect(await tableExists(db, 'exchanges')).toBe(true);
    const indexes = await db.execute<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'deposits' order by 1`);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['deposits_pkey', 'deposits_tx_hash_idx', 'deposits_user_idx']);
    await client.close();
  }, 120_000);

  it('a fresh database runs 0019 without changing the deposits table 0016 made', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: FOLDER, migrationsTable: 'api_migrations' });
    const fks = await db.execute<{ conname: string }>(
      sql`select conname from pg_constraint where conrelid = 'deposits'::regclass and contype <> 'n' order by 1`,
    );
    expect(fks.rows.map((r) => r.conname)).toEqual([
      'deposits_amount_positive',
      'deposits_pkey',
      'deposits_proof_id_uploads_id_fk',
      'deposits_user_id_users_id_fk',
    ]);
    await client.close();
  }, 120_000);
});

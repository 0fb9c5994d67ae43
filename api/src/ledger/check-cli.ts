// `npm run ledger:check`: rebuilds every balance from the ledger's transfers and checks that each mode
// and currency sums to zero (the site's database: DATABASE_URL, else the embedded one in
// MERIDIAN_DATA_DIR or .data). Exits 1 when the check fails. Run it while the site is stopped when the
// database is the embedded one (PGlite allows one process at a time).
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import { checkLedger } from './ledger-check.ts';

const dataDir = process.env.MERIDIAN_DATA_DIR ?? join(process.cwd(), '.data');
const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: join(dataDir, 'db') });
try {
  const check = await checkLedger(database.db);
  console.log(
    check.ok
      ? `ledger check: ok (${check.accounts} accounts, ${check.transfers} transfers; every balance rebuilt, every currency sums to zero)`
      : `ledger check: FAILED ${JSON.stringify(check, null, 2)}`,
  );
  process.exitCode = check.ok ? 0 : 1;
} finally {
  await database.close();
}

import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STATEMENT_PAGE_SIZE, money, moneyString } from '@meridian/contracts';
import type { AccountModeName, CurrencyCode, StatementLine, StatementResult, TransferType, UserAccountKind } from '@meridian/contracts';
import type { Database } from '../db/database.ts';
import { ledgerAccounts, ledgerTransfers } from '../db/schema.ts';
import { spreadsheetCell } from '../csv/spreadsheet-cell.ts';

const debit = alias(ledgerAccounts, 'debit');
const credit = alias(ledgerAccounts, 'credit');

/** Rows read at a time by the CSV export (keyset pages, so a long statement never sits in memory whole). */
const EXPORT_BATCH = 500;

interface Owner {
  userId: string;
  mode: AccountModeName;
  currency?: CurrencyCode | undefined;
}

/** The caller's transfers: the movement's user is the caller, in their mode (and currency); both sides' owners read. */
function lines(db: Database, owner: Owner) {
  const where = and(
    eq(ledgerTransfers.userId, owner.userId),
    eq(ledgerTransfers.mode, owner.mode),
    owner.currency ? eq(ledgerTransfers.currency, owner.currency) : undefined,
  );
  const query = db
    .select({
      id: ledgerTransfers.id,
      at: ledgerTransfers.createdAt,
      type: ledgerTransfers.type,
      currency: ledgerTransfers.currency,
      amount: ledgerTransfers.amount,
      referenceKind: ledgerTransfers.referenceKind,
      referenceId: ledgerTransfers.referenceId,
      fromOwner: debit.ownerId,
      fromKind: debit.kind,
      toOwner: credit.ownerId,
      toKind: credit.kind,
    })
    .from(ledgerTransfers)
    .innerJoin(debit, eq(debit.id, ledgerTransfers.debitAccountId))
    .innerJoin(credit, eq(credit.id, ledgerTransfers.creditAccountId));
  return { query, where };
}

type Row = Awaited<ReturnType<ReturnType<typeof lines>['query']['execute']>>[number];

/** A side of a line as its owner may read it: their own account's kind, or the platform (never another owner's). */
const side = (owner: string, kind: string, userId: string): StatementLine['from'] =>
  owner === userId ? (kind as UserAccountKind) : 'platform';

function lineOf(row: Row, userId: string): StatementLine {
  return {
    id: row.id,
    at: row.at.toISOString(),
    type: row.type as TransferType,
    currency: row.currency,
    amount: moneyString(money(row.amount)),
    from: side(row.fromOwner, row.fromKind, userId),
    to: side(row.toOwner, row.toKind, userId),
    referenceKind: row.referenceKind,
    referenceId: row.referenceId,
  };
}

/** One page of the caller's statement, newest first (issue 25 item 5). */
export async function statementPage(db: Database, owner: Owner, page: number): Promise<StatementResult> {
  const { query, where } = lines(db, owner);
  const [rows, [total]] = await Promise.all([
    query
      .where(where)
      .orderBy(desc(ledgerTransfers.id))
      .limit(STATEMENT_PAGE_SIZE)
      .offset((page - 1) * STATEMENT_PAGE_SIZE),
    db.select({ n: count() }).from(ledgerTransfers).where(where),
  ]);
  return { items: rows.map((row) => lineOf(row, owner.userId)), total: total?.n ?? 0, page };
}

const COLUMNS = ['id', 'time', 'type', 'currency', 'amount', 'from', 'to', 'reference_kind', 'reference_id'];

/**
 * The caller's whole statement as CSV, streamed: read in keyset pages of EXPORT_BATCH (newest first) and
 * written as they come, so the answer starts at once and memory stays flat however long the history.
 * Cells a spreadsheet could run as a formula are defused.
 */
export function statementCsv(db: Database, owner: Owner): Readable {
  const csv = stringify({ header: true, columns: COLUMNS });
  async function* batches(): AsyncGenerator<StatementLine[]> {
    let before: number | null = null;
    for (;;) {
      const { query, where } = lines(db, owner);
      const rows: Row[] = await query
        .where(before === null ? where : and(where, lt(ledgerTransfers.id, before)))
        .orderBy(desc(ledgerTransfers.id))
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => lineOf(row, owner.userId));
      before = rows[rows.length - 1]!.id;
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  void (async () => {
    try {
      for await (const batch of batches()) {
        for (const l of batch) {
          const record = [l.id, l.at, l.type, l.currency, l.amount, l.from, l.to, l.referenceKind, l.referenceId].map(spreadsheetCell);
          if (!csv.write(record)) await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}

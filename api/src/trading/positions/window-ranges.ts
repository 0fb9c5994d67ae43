import { asc, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { money } from '@meridian/contracts';
import { contractOrders } from '../../db/schema.ts';
import type { Reader } from '../../ledger/ledger.ts';
import type { Quote } from '../../market/market-book.ts';
import { orderKeyColumns } from './order-rows.ts';

/**
 * The windows' price ranges as SQL rows `(instrument id, low, high)`, to join as `(values …) as p(id, low,
 * high)`: the instruments whose window has ticks, each with its lowest and highest price. Null when no
 * window has any.
 */
function windowRanges(windows: ReadonlyMap<number, readonly Quote[]>): SQL | null {
  const ranges = [...windows].filter(([, quotes]) => quotes.length > 0);
  if (ranges.length === 0) return null;
  return sql.join(
    ranges.map(([id, quotes]) => {
      let low = money(quotes[0]!.price);
      let high = low;
      for (const q of quotes) {
        if (low.gt(q.price)) low = money(q.price);
        if (high.lt(q.price)) high = money(q.price);
      }
      return sql`(${id}::int, ${low.toFixed()}::numeric, ${high.toFixed()}::numeric)`;
    }),
    sql`, `,
  );
}

/**
 * The orders in `status` on the windows' instruments whose levels a tick of the window may have crossed:
 * `reached` says which, in SQL over the window's range `p.low` and `p.high`. Each comes with its key
 * columns, its open time and `columns`, by id; none when no window has ticks.
 */
export async function ordersInWindows<C extends Record<string, AnyPgColumn>>(
  db: Reader,
  windows: ReadonlyMap<number, readonly Quote[]>,
  status: 'pending' | 'holding',
  columns: C,
  reached: SQL,
) {
  const values = windowRanges(windows);
  if (!values) return [];
  return db
    .select({ ...orderKeyColumns, openTime: contractOrders.openTime, ...columns })
    .from(contractOrders)
    .innerJoin(sql`(values ${values}) as p(id, low, high)`, sql`p.id = ${contractOrders.instrumentId}`)
    .where(sql`${contractOrders.status} = ${status} and (${reached})`)
    .orderBy(asc(contractOrders.id));
}

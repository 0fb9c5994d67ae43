import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { money } from '@meridian/contracts';
import type { Quote } from '../../market/market-book.ts';

/**
 * The windows' price ranges as SQL rows `(instrument id, low, high)`, to join as `(values …) as p(id, low,
 * high)`: the instruments whose window has ticks, each with its lowest and highest price. Null when no
 * window has any.
 */
export function windowRanges(windows: ReadonlyMap<number, readonly Quote[]>): SQL | null {
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

import { and, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AccountModeName } from '@meridian/contracts';
import { contractOrders } from '../../db/schema.ts';

/** The owner of an order: one user's account of one mode. */
export interface Owner {
  userId: string;
  mode: AccountModeName;
}

/** The columns that say whose an order is and what it trades; the feed's scans select them with their own. */
export const orderKeyColumns = {
  id: contractOrders.id,
  userId: contractOrders.userId,
  mode: contractOrders.mode,
  instrumentId: contractOrders.instrumentId,
  side: contractOrders.side,
};

/** The owner's order `orderId` while it is in `status` (and whatever `also` asks). */
export function ownOrder(orderId: number, owner: Owner, status: 'pending' | 'holding', also?: SQL): SQL {
  return and(
    eq(contractOrders.id, orderId),
    eq(contractOrders.userId, owner.userId),
    eq(contractOrders.mode, owner.mode),
    eq(contractOrders.status, status),
    also,
  )!;
}

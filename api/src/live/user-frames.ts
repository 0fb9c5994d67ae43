import type { AccountFigures, AccountModeName, ServerFrame } from '@meridian/contracts';

/** One user's live PnL of one tick, as the feed's leader publishes it (`PnlPush`). */
interface UserPnl {
  userId: string;
  mode: AccountModeName;
  data: Extract<ServerFrame, { type: 'REAL_TIME_PNL' }>['data'];
}

/**
 * The live frames of one user's own changes (SPEC §6). One change that touches several of the user's
 * orders at once (a tick moving several positions, a settlement or close of several orders) goes out as
 * one batch frame keyed by that user's own id — the only id a socket ever sees (SPEC §0 rule 7); a
 * change of one order keeps the single frame.
 */
export function pnlFrame(push: UserPnl): ServerFrame {
  return Object.keys(push.data).length > 1
    ? { type: 'BATCH_REAL_TIME_PNL', mode: push.mode, data: { [push.userId]: push.data } }
    : { type: 'REAL_TIME_PNL', mode: push.mode, data: push.data };
}

/** The new figures of a user's account after a change of `orders` of their orders. */
export function balanceFrame(userId: string, figures: AccountFigures, orders = 1): ServerFrame {
  const { mode, ...rest } = figures;
  return orders > 1
    ? { type: 'BATCH_USER_BALANCE_UPDATE', mode, data: { [userId]: rest } }
    : { type: 'USER_BALANCE_UPDATE', userId, mode, ...rest };
}

/** Who a list of settled or closed orders belongs to: one entry per owner and mode, with how many orders it had. */
export function ownersOf<T extends { userId: string; mode: AccountModeName }>(
  items: readonly T[],
): { userId: string; mode: AccountModeName; orders: number }[] {
  const owners = new Map<string, { userId: string; mode: AccountModeName; orders: number }>();
  for (const { userId, mode } of items) {
    const key = `${userId}:${mode}`;
    const owner = owners.get(key) ?? { userId, mode, orders: 0 };
    owner.orders += 1;
    owners.set(key, owner);
  }
  return [...owners.values()];
}

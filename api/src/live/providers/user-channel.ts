import { z } from 'zod';
import { accountFigures, pnlEntry } from '@meridian/contracts/schemas';
import type { AccountFigures, AccountModeName } from '@meridian/contracts';
import type { BalanceEvents } from '../../ledger/account-figures.ts';
import { PNL_CHANNEL } from '../live-fabric.ts';
import { parseMessage } from '../fabric-message.ts';
import { balanceFrame, pnlFrame } from '../user-frames.ts';
import { USER_EVENT_CHANNEL, userEventFrame, userEventMessage } from '../user-events.ts';
import type { LiveHub, OwnUserChannel } from '../topic-provider.ts';

const BALANCE_CHANNEL = 'balance';
const balanceMessage = z.object({ userId: z.string(), figures: accountFigures });
const CHANGED_CHANNEL = 'balance-changed';
/** `orders`: how many of the user's orders the change touched (several: a batch frame). */
const changedMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']), orders: z.number().int().positive().optional() });
/** Account-mode switches (`{ userId, mode }`), for every node's sockets of that user. */
const MODE_CHANNEL = 'account-mode';
const modeMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']) });
const pnlMessage = z.object({ userId: z.string(), mode: z.enum(['demo', 'real']), data: z.record(z.string(), pnlEntry) });

interface UserChannelOptions {
  /** Balance changes and mode switches of this node, published to every node. */
  balances?: BalanceEvents;
  /** Reads an account's figures, for a `changed` balance event of a user connected to this node. */
  figures?: (userId: string, mode: AccountModeName) => Promise<AccountFigures>;
}

/**
 * The signed-in user's own channel (SPEC §0 rule 7): balance figures, live PnL, account-mode switches
 * and user events (`USER_EVENT`: which queries to read again), each published on the fabric by the node
 * where it happened and pushed by every node to its own sockets of that user, and of no one else.
 */
export function userChannel(options: UserChannelOptions): OwnUserChannel {
  return {
    name: 'user',
    audience: 'own-user',
    async start(hub) {
      await subscribeChannels(hub, options);
      return publishBalanceEvents(hub, options.balances);
    },
  };
}

async function subscribeChannels(hub: LiveHub, options: UserChannelOptions): Promise<void> {
  const { fabric } = hub;
  await fabric.subscribe(BALANCE_CHANNEL, (payload) => {
    const message = parseMessage(balanceMessage, payload);
    if (!message) return;
    const { mode, ...rest } = message.figures;
    hub.toUser(message.userId, { type: 'USER_BALANCE_UPDATE', userId: message.userId, mode, ...rest });
  });
  // Live PnL of open positions (the feed's leader publishes it after each tick).
  await fabric.subscribe(PNL_CHANNEL, (payload) => {
    const message = parseMessage(pnlMessage, payload);
    if (message) hub.toUser(message.userId, pnlFrame(message));
  });
  // A change without figures: the nodes where the owner is connected read and push them.
  await fabric.subscribe(CHANGED_CHANNEL, (payload) => {
    const message = parseMessage(changedMessage, payload);
    if (!message || !options.figures || !hub.hasUser(message.userId)) return;
    options
      .figures(message.userId, message.mode)
      .then((figures) => hub.toUser(message.userId, balanceFrame(message.userId, figures, message.orders)))
      .catch((error: unknown) => hub.log.warn({ err: error }, 'live: figures of a changed account could not be read'));
  });
  await fabric.subscribe(MODE_CHANNEL, (payload) => {
    const message = parseMessage(modeMessage, payload);
    if (message) hub.toUser(message.userId, { type: 'ACCOUNT_MODE', mode: message.mode });
  });
  await fabric.subscribe(USER_EVENT_CHANNEL, (payload) => {
    const message = parseMessage(userEventMessage, payload);
    if (message) hub.toUser(message.userId, userEventFrame(message.userId, message.refresh));
  });
}

/** This node's balance events, published to every node; the returned function stops listening. */
function publishBalanceEvents(hub: LiveHub, balances: BalanceEvents | undefined): () => void {
  if (!balances) return () => undefined;
  const publish = (channel: string, message: object, what: string) => {
    hub.fabric.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
      hub.log.error({ err: error }, `live: ${what} could not be published`);
    });
  };
  const onChanged = (userId: string, mode: AccountModeName, orders = 1) =>
    publish(CHANGED_CHANNEL, { userId, mode, orders }, 'a balance change');
  const onBalance = (userId: string, figures: AccountFigures) => publish(BALANCE_CHANNEL, { userId, figures }, 'a balance change');
  const onMode = (userId: string, mode: AccountModeName) => publish(MODE_CHANNEL, { userId, mode }, 'a switch of account mode');
  balances.on('changed', onChanged);
  balances.on('balance', onBalance);
  balances.on('mode', onMode);
  return () => {
    balances.off('balance', onBalance);
    balances.off('changed', onChanged);
    balances.off('mode', onMode);
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ACCOUNT_MODES, MAX_REFRESH_KEYS, USER_EVENT_KEYS, USER_EVENT_VERSION } from '@meridian/contracts';
import type { RefreshRequest, ServerFrame } from '@meridian/contracts';
import type { LiveFabric } from './live-fabric.ts';

/** The fabric channel of user events: every node delivers them to its own sockets of that user. */
export const USER_EVENT_CHANNEL = 'user-event';

const refreshRequest = z.object({ key: z.enum(USER_EVENT_KEYS), mode: z.enum(ACCOUNT_MODES).optional() });
/** A user event as it crosses the fabric. */
export const userEventMessage = z.object({ userId: z.string(), refresh: z.array(refreshRequest).min(1).max(MAX_REFRESH_KEYS) });

/** The `USER_EVENT` frame of one user's event (sent to that user's own connections only). */
export function userEventFrame(userId: string, refresh: readonly RefreshRequest[]): ServerFrame {
  return { type: 'USER_EVENT', version: USER_EVENT_VERSION, userId, refresh: [...refresh] };
}

/** Tells a user's open pages which of their queries to read again. */
export type NotifyUser = (userId: string, refresh: readonly RefreshRequest[]) => void;

/**
 * The one way a domain tells a user's open pages that their data changed (ARCHITECTURE: a user-event
 * frame names the query keys to refresh): called once the domain's transaction has committed (before,
 * the page would read the old data). Published on the fabric, so the user's sockets on every API node
 * get it; a failed publish is logged, never thrown (the change itself is done, the page catches up on
 * its next read).
 */
export function userNotifier(fabric: LiveFabric, log: FastifyBaseLogger): NotifyUser {
  return (userId, refresh) => {
    if (refresh.length === 0) return;
    const payload = JSON.stringify({ userId, refresh: refresh.slice(0, MAX_REFRESH_KEYS) });
    fabric.publish(USER_EVENT_CHANNEL, payload).catch((error: unknown) => {
      log.error({ err: error }, 'live: a user event could not be published');
    });
  };
}

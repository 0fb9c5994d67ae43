import type { QueryKey } from '@tanstack/react-query';
import type { UserEventFrame, UserEventKey } from '@meridian/contracts';
import { sharedQueryKeys } from './shared-keys.ts';

type RefreshEntry = UserEventFrame['refresh'][number];

/** Each key a `USER_EVENT` may name, as the signed-in user's query key (one entry per contract key). */
const KEY_FACTORIES: Record<UserEventKey, (userId: string, entry: RefreshEntry) => QueryKey> = {
  user: (userId) => sharedQueryKeys.user(userId),
  userFigures: (userId, { mode }) => (mode ? sharedQueryKeys.userFiguresOf(userId, mode) : sharedQueryKeys.userFigures(userId)),
  userNotifications: (userId) => sharedQueryKeys.userNotifications(userId),
  userFunding: (userId) => sharedQueryKeys.userFunding(userId),
  userLoans: (userId) => sharedQueryKeys.userLoans(userId),
  userKyc: (userId) => sharedQueryKeys.userKyc(userId),
  userPlans: (userId) => sharedQueryKeys.userPlans(userId),
  userNfts: (userId) => sharedQueryKeys.userNfts(userId),
};

const isKnownKey = (key: string): key is UserEventKey => Object.hasOwn(KEY_FACTORIES, key);

/** The query keys a `USER_EVENT` names for `userId`; keys this page does not know (a newer server's) are skipped. */
export function queryKeysOf(refresh: UserEventFrame['refresh'], userId: string): QueryKey[] {
  return refresh.flatMap((entry) => (isKnownKey(entry.key) ? [KEY_FACTORIES[entry.key](userId, entry)] : []));
}

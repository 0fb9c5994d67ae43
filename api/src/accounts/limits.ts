import { isIP, isIPv6 } from 'node:net';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { ApiFailure } from '../plugins/envelope.ts';
import { sha256 } from './secrets.ts';

/**
 * One password sign-in try (issue 14): who is tried, from where, and whether the browser is one the
 * account already signed in from.
 */
export interface LoginAttempt {
  /** The account: the user's id, or the typed email when no such account exists. */
  account: string;
  /** The account's current password hash (null without one): a new password starts fresh counts. */
  passwordHash: string | null;
  /** The caller's address (request.ip). */
  address: string;
  /** The device (its cookie's hash) when the browser is one this account signed in from before, else null. */
  knownDevice: string | null;
}

/** Tries from one address (one IPv4 address, one IPv6 /64) on one account before it is refused there. */
const LOGIN_TRIES_PER_ADDRESS = 10;
/** Tries on one account from every address together (distributed guessing); known devices are exempt. */
const LOGIN_TRIES_PER_ACCOUNT = 100;
/**
 * Tries on one operator account from every address together, per window (issue 31). Far fewer than a
 * customer's: operators are few, sign in with a password and a code, and have no remembered devices.
 */
export const OPERATOR_TRIES_PER_ACCOUNT = 20;
/** The window of the per-account counts (sign-in tries), in seconds. */
const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * The caller's address as the API uses and stores it: `request.ip` when it is an IP address (the site
 * server already keeps only addresses of `X-Forwarded-For`), else the connection's own.
 */
export function clientAddress(request: { ip: string; socket?: { remoteAddress?: string | undefined } | null }): string {
  if (isIP(request.ip) !== 0) return request.ip;
  return request.socket?.remoteAddress ?? '';
}

/** The network an address stands for: IPv4 as it is, IPv6 by its /64 (one subscriber's prefix). */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Per-account abuse limits (issue 4 §9), beside the per-address limits on the routes. `scale`
 * multiplies every allowance (a test server that signs in many users from one address). With a Redis
 * connection the counts are shared by every API node; otherwise each process keeps its own.
 */
export class AccountLimits {
  private readonly limiters;

  constructor(
    private readonly enabled: boolean,
    scale = 1,
    redis?: Redis,
    /** The window of the sign-in counts, in seconds (`LOGIN_WINDOW_SECONDS`; tests shorten it). */
    loginWindowSeconds = LOGIN_WINDOW_SECONDS,
  ) {
    const make = (points: number, minutes: number) => {
      const options = { points: Math.max(1, Math.round(points * scale)), duration: Math.max(1, Math.round(minutes * 60)) };
      if (!redis) return new RateLimiterMemory(options);
      // While Redis is unreachable, this process counts on its own.
      return new RateLimiterRedis({
        ...options,
        storeClient: redis,
        keyPrefix: 'meridian:limit',
        insuranceLimiter: new RateLimiterMemory(options),
      });
    };
    this.limiters = {
      login: make(LOGIN_TRIES_PER_ADDRESS, loginWindowSeconds / 60),
      loginAccount: make(LOGIN_TRIES_PER_ACCOUNT, loginWindowSeconds / 60),
      operatorAccount: make(OPERATOR_TRIES_PER_ACCOUNT, loginWindowSeconds / 60),
      sendCode: make(6, 60),
      register: make(10, 60),
      reset: make(10, 60),
      wallet: make(20, 15),
    };
  }

  /** Counts one try for the account; refuses with the translated 429 once it is over its allowance. */
  async consume(kind: keyof AccountLimits['limiters'], account: string): Promise<void> {
    if (!this.enabled) return;
    try {
      await this.limiters[kind].consume(`${kind}:${account}`);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new ApiFailure('429', 'too many requests', 429, Math.ceil(error.msBeforeNext / 1000));
      }
      throw error;
    }
  }

  /** Gives one try back (a success that must not wipe out others' failed tries). */
  async giveBack(kind: keyof AccountLimits['limiters'], account: string): Promise<void> {
    if (this.enabled) await this.limiters[kind].reward(`${kind}:${account}`, 1);
  }

  /** A successful sign-in clears the account's failed tries. */
  async reward(kind: keyof AccountLimits['limiters'], account: string): Promise<void> {
    if (this.enabled) await this.limiters[kind].delete(`${kind}:${account}`);
  }

  /**
   * Counts a password try (issue 14). Wrong passwords from one address lock only that address out of
   * the account, so nobody can lock the owner out from elsewhere; a much higher ceiling over every
   * address stops distributed guessing without touching the browsers the owner already signed in
   * from. The counts belong to the current password: a reset or a change lifts every lock.
   */
  async consumeLogin(attempt: LoginAttempt): Promise<void> {
    const { perAddress, perAccount } = loginKeys(attempt);
    await this.consume('login', perAddress);
    if (attempt.knownDevice === null) await this.consume('loginAccount', perAccount);
  }

  /** The right password clears the tries made from this address and gives back its own to the account. */
  async rewardLogin(attempt: LoginAttempt): Promise<void> {
    if (!this.enabled) return;
    const { perAddress, perAccount } = loginKeys(attempt);
    await this.reward('login', perAddress);
    if (attempt.knownDevice === null) await this.limiters.loginAccount.reward(`loginAccount:${perAccount}`, 1);
  }
}

/**
 * Operator sign-in (issue 31): the per-address allowance is the route's; this is the ceiling over every
 * address on one operator account, counted like a customer's (per current password, in the shared
 * store when there is one). Every try counts before the password is checked, so a locked account
 * refuses even the right password until the window has passed; a sign-in that succeeds gives its try back.
 */
export class OperatorSignInLimit {
  constructor(private readonly limits: AccountLimits) {}

  private static key(account: string, passwordHash: string | null): string {
    return `operator:${account}:${sha256(passwordHash ?? '').slice(0, 16)}`;
  }

  async consume(account: string, passwordHash: string | null): Promise<void> {
    await this.limits.consume('operatorAccount', OperatorSignInLimit.key(account, passwordHash));
  }

  async giveBack(account: string, passwordHash: string | null): Promise<void> {
    await this.limits.giveBack('operatorAccount', OperatorSignInLimit.key(account, passwordHash));
  }
}

function loginKeys(attempt: LoginAttempt): { perAddress: string; perAccount: string } {
  const perAccount = `${attempt.account}:${sha256(attempt.passwordHash ?? '').slice(0, 16)}`;
  // The owner's own browser counts on its own: strangers sharing its address (an office, a café, CGNAT)
  // cannot lock it out.
  const where = attempt.knownDevice === null ? addressKey(attempt.address) : `device:${attempt.knownDevice}`;
  return { perAccount, perAddress: `${perAccount}:${where}` };
}

/** Per-address limits of the account routes, in @fastify/rate-limit's route config form. */
export function ipLimit(max: number, minutes: number, scale: number) {
  return { rateLimit: { max: Math.max(1, Math.round(max * scale)), timeWindow: minutes * 60_000 } };
}

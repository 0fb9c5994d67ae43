import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { ApiFailure } from '../plugins/envelope.ts';

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
  ) {
    const make = (points: number, minutes: number) => {
      const options = { points: Math.max(1, Math.round(points * scale)), duration: minutes * 60 };
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
      login: make(10, 15),
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

  /** A successful sign-in clears the account's failed tries. */
  async reward(kind: keyof AccountLimits['limiters'], account: string): Promise<void> {
    if (this.enabled) await this.limiters[kind].delete(`${kind}:${account}`);
  }
}

/** Per-address limits of the account routes, in @fastify/rate-limit's route config form. */
export function ipLimit(max: number, minutes: number, scale: number) {
  return { rateLimit: { max: Math.max(1, Math.round(max * scale)), timeWindow: minutes * 60_000 } };
}

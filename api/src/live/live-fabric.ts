import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis, createRedis } from '../redis.ts';

/** The fabric channel of live PnL pushes (every node delivers them to its own sockets of the user). */
export const PNL_CHANNEL = 'pnl';

/**
 * What the live connection shares between API nodes (ARCHITECTURE: fan-out through a pub/sub
 * interface, in-process by default, Redis when configured): messages on channels, a leader for work
 * that must run on one node of many (the market feed), and small shared values (the market snapshot a
 * node that starts later begins from).
 */
export interface LiveFabric {
  /** False when this node is alone (nothing to agree on with other nodes). */
  readonly shared: boolean;
  /** Delivers `payload` to every subscriber of `channel` on every node, this one included. */
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: (payload: string) => void): Promise<void>;
  /**
   * Whether this node holds `role`: taken when free, kept by calling again within `ttlMs`. A node
   * that stops calling (or crashes) loses it after `ttlMs`, and another takes it over.
   */
  lead(role: string, ttlMs: number): Promise<boolean>;
  read(key: string): Promise<string | null>;
  write(key: string, value: string, ttlMs: number): Promise<void>;
  /** Leaves any role this node holds and disconnects. */
  close(): Promise<void>;
}

/** One node: channels are an event emitter, every role is this node's. */
export class InProcessFabric implements LiveFabric {
  readonly shared = false;
  private readonly events = new EventEmitter();
  private readonly values = new Map<string, string>();

  constructor() {
    this.events.setMaxListeners(0);
  }

  async publish(channel: string, payload: string): Promise<void> {
    this.events.emit(channel, payload);
  }

  async subscribe(channel: string, handler: (payload: string) => void): Promise<void> {
    this.events.on(channel, handler);
  }

  async lead(_role: string, _ttlMs: number): Promise<boolean> {
    return true;
  }

  async read(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }

  /** Values are kept for the process's life: `ttlMs` only matters when other nodes may take over. */
  async write(key: string, value: string, _ttlMs: number): Promise<void> {
    this.values.set(key, value);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

/** Take the role when it is free, or renew it when this node holds it. */
const LEAD_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/** Give the role up, only if this node still holds it. */
const RESIGN_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Several nodes over Redis (`REDIS_URL`): pub/sub on one connection, commands on another (a
 * subscribed connection can do nothing else). Keys and channels share one prefix per deployment.
 */
export class RedisFabric implements LiveFabric {
  readonly shared = true;
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, ((payload: string) => void)[]>();
  private readonly roles = new Set<string>();
  /** This node's name in the roles it holds. */
  readonly nodeId = randomUUID();

  constructor(
    url: string,
    private readonly prefix = 'meridian:live:',
  ) {
    // A command that hangs would stall the feed's tick: commands give up after 2 s (the tick tries again).
    this.commands = createRedis(url);
    this.subscriber = createRedis(url);
    this.subscriber.on('message', (channel: string, payload: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(payload);
    });
  }

  /** Connects both connections; when Redis does not answer, gives up at once with a clear error. */
  async connect(): Promise<this> {
    await connectRedis(this.commands, this.subscriber);
    return this;
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.commands.publish(this.prefix + channel, payload);
  }

  async subscribe(channel: string, handler: (payload: string) => void): Promise<void> {
    const name = this.prefix + channel;
    const list = this.handlers.get(name);
    if (list) {
      list.push(handler);
      return;
    }
    this.handlers.set(name, [handler]);
    await this.subscriber.subscribe(name);
  }

  async lead(role: string, ttlMs: number): Promise<boolean> {
    const held = (await this.commands.eval(LEAD_SCRIPT, 1, `${this.prefix}lead:${role}`, this.nodeId, String(ttlMs))) === 1;
    if (held) this.roles.add(role);
    else this.roles.delete(role);
    return held;
  }

  /** Whether this node held `role` at its last `lead` call. */
  holds(role: string): boolean {
    return this.roles.has(role);
  }

  async read(key: string): Promise<string | null> {
    return this.commands.get(this.prefix + key);
  }

  async write(key: string, value: string, ttlMs: number): Promise<void> {
    await this.commands.set(this.prefix + key, value, 'PX', ttlMs);
  }

  async close(): Promise<void> {
    for (const role of this.roles) {
      await this.commands.eval(RESIGN_SCRIPT, 1, `${this.prefix}lead:${role}`, this.nodeId).catch(() => undefined);
    }
    this.roles.clear();
    this.subscriber.disconnect();
    this.commands.disconnect();
  }
}

/** The fabric `REDIS_URL` asks for (connected), or the in-process one. */
export async function liveFabricFromEnv(env: NodeJS.ProcessEnv): Promise<LiveFabric> {
  const url = env.REDIS_URL?.trim();
  if (!url) return new InProcessFabric();
  return new RedisFabric(url, env.MERIDIAN_REDIS_PREFIX || 'meridian:live:').connect();
}

import { MAX_MARKET_TOPICS } from '@meridian/contracts';
import type { ClientFrame, MarketItem, ServerFrame } from '@meridian/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as pageQueryClient } from '../query/query-client.ts';
import { applyFrame } from './live-bus.ts';
import type { LiveBus } from './live-bus.ts';
import { refreshOnUserEvents } from './refresh-on-user-event.ts';

/** SPEC §8 timings. */
export const LIVE_TIMINGS = { retryMs: 5_000, livenessMs: 30_000, afterNavigationMs: 1_000 } as const;

/** The subset of WebSocket the connection uses (so tests can hand in a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; wasClean?: boolean }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface LiveConnectionOptions {
  url: string;
  bus: LiveBus;
  getToken: () => string | null;
  getUserId: () => string | null;
  /** Where `USER_EVENT` frames refresh the queries they name; the page's shared QueryClient by default. */
  queryClient?: QueryClient;
  /** A ready parser; without one the contract's schema is loaded lazily and early frames wait for it. */
  parseFrame?: FrameParser;
  createSocket?: (url: string) => SocketLike;
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
    setInterval: (fn: () => void, ms: number) => unknown;
    clearInterval: (id: unknown) => void;
  };
}

/** Turns a decoded JSON frame into a valid server frame, or null. */
export type FrameParser = (raw: unknown) => ServerFrame | null;

/** The contract's zod schema, loaded off the critical path (the validator is not needed to paint). */
export const loadFrameParser = (): Promise<FrameParser> =>
  import('@meridian/contracts/schemas').then(({ serverFrame }) => (raw: unknown) => {
    const parsed = serverFrame.safeParse(raw);
    return parsed.success ? parsed.data : null;
  });

/** Instruments of a MARKETS frame checked per task (see `deliverInSlices`). */
export const FRAME_SLICE = 50;

interface LongMarketsFrame {
  type: 'MARKETS';
  data: unknown[];
}

function isLongMarketsFrame(raw: unknown): raw is LongMarketsFrame {
  const frame = raw as { type?: unknown; data?: unknown } | null;
  return (
    typeof frame === 'object' && frame !== null && frame.type === 'MARKETS' && Array.isArray(frame.data) && frame.data.length > FRAME_SLICE
  );
}

function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

/**
 * The shell-owned live connection (SPEC §4): opens at start, authenticates with the token,
 * retries 5 s after an abnormal close, checks liveness every 30 s, and reopens 1 s after a
 * navigation when a logged-in user finds it down. Market data flows to visitors too, so a visitor's
 * dropped connection is retried the same way. While it runs, the user's `USER_EVENT` frames refresh
 * the queries they name.
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private retryTimer: unknown = null;
  private livenessTimer: unknown = null;
  private stopped = true;
  private parser: FrameParser | null;
  private parserLoading: Promise<void> | null = null;
  private readonly waiting: unknown[] = [];
  private draining = false;
  /** Bumped by stop(): frames of a stopped connection, queued or being checked, are never applied. */
  private generation = 0;
  private topicsSent: string | null = null;
  private topicsSub: { unsubscribe(): void } | null = null;
  private userEventsSub: { unsubscribe(): void } | null = null;
  private readonly opts: Required<Pick<LiveConnectionOptions, 'createSocket' | 'timers'>> & LiveConnectionOptions;

  constructor(options: LiveConnectionOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      timers: {
        setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
        clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
        setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
        clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
      },
      ...options,
    };
    this.parser = options.parseFrame ?? null;
  }

  /** Frames go to the bus in the order they came, each once the validator has checked it. */
  private deliver(raw: unknown): void {
    this.waiting.push(raw);
    if (!this.parser) {
      this.parserLoading ??= loadFrameParser().then((parser) => {
        this.parser = parser;
        // A task of its own: loading the validator and checking the first frames are not one long task.
        this.opts.timers.setTimeout(() => this.drain(), 0);
      });
      return;
    }
    this.drain();
  }

  private drain(): void {
    const parser = this.parser;
    if (this.draining || !parser) return;
    while (this.waiting.length > 0) {
      const raw = this.waiting.shift();
      if (isLongMarketsFrame(raw)) {
        this.draining = true;
        void this.deliverInSlices(parser, raw).finally(() => {
          this.draining = false;
          this.drain();
        });
        return;
      }
      const frame = parser(raw);
      if (frame) applyFrame(this.opts.bus, frame, this.opts.getUserId());
    }
  }

  /**
   * A long MARKETS frame (a market type's hundreds of instruments, each with its last 100 prices) is
   * checked FRAME_SLICE instruments per task, so the page stays responsive while it arrives. The frame
   * is valid exactly when its header and every instrument are; an invalid one is dropped whole.
   */
  private async deliverInSlices(parser: FrameParser, raw: LongMarketsFrame): Promise<void> {
    const generation = this.generation;
    const head = parser({ ...raw, data: [] });
    if (head?.type !== 'MARKETS') return;
    const data: MarketItem[] = [];
    for (let start = 0; start < raw.data.length; start += FRAME_SLICE) {
      // A hidden tab paints nothing and its timers are throttled (down to one a minute): checked at once.
      if (!pageHidden()) await new Promise<void>((resolve) => this.opts.timers.setTimeout(resolve, 0));
      if (generation !== this.generation) return;
      const part = parser({ ...raw, data: raw.data.slice(start, start + FRAME_SLICE) });
      if (part?.type !== 'MARKETS') return;
      data.push(...part.data);
    }
    applyFrame(this.opts.bus, { ...head, data }, this.opts.getUserId());
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  start(): void {
    this.stopped = false;
    // What the page watches follows it: a new set is sent as soon as it changes (and on every open).
    this.topicsSub ??= this.opts.bus.topics$.subscribe(() => this.sendTopics());
    this.userEventsSub ??= refreshOnUserEvents(this.opts.bus, this.opts.queryClient ?? pageQueryClient);
    this.open();
    if (this.livenessTimer === null) {
      this.livenessTimer = this.opts.timers.setInterval(() => this.checkLiveness(), LIVE_TIMINGS.livenessMs);
    }
  }

  /** Closes for good (for example at logout, before restarting as a visitor). */
  stop(): void {
    this.stopped = true;
    // What the stopped connection received and has not applied yet is dropped (a signed-out user's
    // frames never reach the visitor's page).
    this.generation += 1;
    this.waiting.length = 0;
    this.clearRetry();
    this.topicsSub?.unsubscribe();
    this.topicsSub = null;
    this.userEventsSub?.unsubscribe();
    this.userEventsSub = null;
    if (this.livenessTimer !== null) this.opts.timers.clearInterval(this.livenessTimer);
    this.livenessTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(NORMAL_CLOSURE, 'stop');
    }
    this.opts.bus.connection$.next('closed');
  }

  /** Re-sends USER_AUTH on an open socket (after login or a token refresh). */
  authenticate(): void {
    const token = this.opts.getToken();
    if (token && this.isOpen) this.send({ type: 'USER_AUTH', token });
  }

  /** Called by the shell after every navigation. */
  onNavigation(): void {
    if (this.stopped || this.isOpen || !this.opts.getToken()) return;
    this.scheduleOpen(LIVE_TIMINGS.afterNavigationMs);
  }

  /** Sends the watched topics when they differ from what this socket was last told (nothing watched: the home list). */
  private sendTopics(force = false): void {
    if (!this.isOpen) return;
    const topics = this.opts.bus.topics$.value;
    const key = topics.join(',');
    if (!force && key === this.topicsSent) return;
    if (topics.length === 0 && this.topicsSent === null) return;
    this.topicsSent = key;
    // The server takes at most MAX_MARKET_TOPICS; a page never shows more at once.
    this.send({ type: 'SUBSCRIBE', topics: topics.length > 0 ? topics.slice(0, MAX_MARKET_TOPICS) : ['home'] });
  }

  private checkLiveness(): void {
    if (!this.stopped && !this.isOpen && this.retryTimer === null && this.socket === null) this.open();
  }

  private send(frame: ClientFrame): void {
    this.socket?.send(JSON.stringify(frame));
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.opts.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private scheduleOpen(ms: number): void {
    if (this.retryTimer !== null) return;
    this.retryTimer = this.opts.timers.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped && !this.isOpen) this.open();
    }, ms);
  }

  private open(): void {
    if (this.socket) return;
    const { bus } = this.opts;
    bus.connection$.next('connecting');
    const socket = this.opts.createSocket(this.opts.url);
    this.socket = socket;
    socket.onopen = () => {
      bus.connection$.next('open');
      this.topicsSent = null;
      this.sendTopics(true);
      this.authenticate();
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      this.deliver(raw);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket === socket) this.socket = null;
      bus.connection$.next('closed');
      if (!this.stopped && event.code !== NORMAL_CLOSURE) this.scheduleOpen(LIVE_TIMINGS.retryMs);
    };
  }
}

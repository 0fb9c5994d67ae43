import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketItem } from '@meridian/contracts';
import { serverFrame } from '@meridian/contracts/schemas';
import { createLiveBus } from './live-bus.ts';
import { QueryClient } from '@tanstack/react-query';
import { FRAME_SLICE, LIVE_TIMINGS, LiveConnection } from './live-connection.ts';
import { rereadOwnDataOnReconnect } from './reread-on-reconnect.ts';
import { sharedQueryKeys } from '../query/shared-keys.ts';
import type { SocketLike } from './live-connection.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const ids: Record<string, number> = { 'BTC/USDT': 1, 'ETH/USDT': 2, 'EUR/USD': 3 };
const item = (code: string, price: string): MarketItem => ({
  id: ids[code]!,
  code,
  type: 2,
  name: code,
  logo: null,
  nowPrice: price,
  zdf: '0.10',
  hundred: [price],
});

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const bus = createLiveBus();
  let currentToken = token;
  const connection = new LiveConnection({
    url: 'ws://x/ws',
    bus,
    getToken: () => currentToken,
    getUserId: () => (currentToken ? 'u1' : null),
    parseFrame: (raw) => {
      const parsed = serverFrame.safeParse(raw);
      return parsed.success ? parsed.data : null;
    },
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  return { sockets, bus, connection, setToken: (t: string | null) => (currentToken = t) };
}

describe('live connection (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('authenticates with the token once open', () => {
    const { sockets, connection, bus } = setup();
    connection.start();
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: 'USER_AUTH', token: 'tok' });
    sockets[0]!.receive({ type: 'AUTH_SUCCESS', message: 'ok' });
    expect(bus.connection$.value).toBe('authenticated');
  });

  it('sends nothing for a visitor but still receives market frames', () => {
    const { sockets, connection, bus } = setup(null);
    connection.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.receive({ type: 'MARKETS', full: true, simulated: true, data: [item('BTC/USDT', '1'), item('ETH/USDT', '2')] });
    sockets[0]!.receive({ type: 'MARKETS', full: false, simulated: true, data: [item('ETH/USDT', '3')] });
    expect(bus.markets$.value.get(1)?.nowPrice).toBe('1');
    expect(bus.markets$.value.get(2)?.nowPrice).toBe('3');
    expect(bus.simulated$.value).toBe(true);
  });

  it('checks a long MARKETS frame a slice per task, and frames that came after it wait their turn', async () => {
    const { sockets, connection, bus } = setup(null);
    connection.start();
    sockets[0]!.open();
    const many = Array.from({ length: FRAME_SLICE * 2 + 1 }, (_, i) => ({ ...item('BTC/USDT', '1'), id: i + 1, code: `C${i}` }));
    sockets[0]!.receive({ type: 'MARKETS', full: true, simulated: true, data: many });
    sockets[0]!.receive({ type: 'TICKS', simulated: true, time: 1, data: [[1, '5', '0.5']] });
    // One task: the timers due now run, then the promise continuations they started.
    const nextTask = async () => {
      vi.advanceTimersByTime(0);
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    };
    // Three slices (50 + 50 + 1), each in a task of its own: nothing reaches the page before the last.
    for (let slice = 0; slice < 3; slice += 1) {
      expect(bus.markets$.value.size).toBe(0);
      await nextTask();
    }
    expect(bus.markets$.value.size).toBe(FRAME_SLICE * 2 + 1);
    // The tick that arrived meanwhile is applied after the list it updates.
    expect(bus.markets$.value.get(1)?.nowPrice).toBe('5');
  });

  it('applies nothing a stopped connection received: a list being checked and the frames behind it are dropped', async () => {
    const { sockets, connection, bus } = setup(null);
    connection.start();
    sockets[0]!.open();
    const many = Array.from({ length: FRAME_SLICE * 2 }, (_, i) => ({ ...item('BTC/USDT', '1'), id: i + 1, code: `C${i}` }));
    sockets[0]!.receive({ type: 'MARKETS', full: true, simulated: true, data: many });
    sockets[0]!.receive({ type: 'MARKETS', full: false, simulated: true, data: [item('ETH/USDT', '2')] });
    // Sign-out: the shell stops the connection and starts it again as a visitor's.
    connection.stop();
    await vi.advanceTimersByTimeAsync(10);
    expect(bus.markets$.value.size).toBe(0);
  });

  it('drops a long MARKETS frame whole when one instrument in it is invalid', async () => {
    const { sockets, connection, bus } = setup(null);
    connection.start();
    sockets[0]!.open();
    const many = Array.from({ length: FRAME_SLICE + 10 }, (_, i) => ({ ...item('BTC/USDT', '1'), id: i + 1, code: `C${i}` }));
    many[FRAME_SLICE + 5] = { ...many[FRAME_SLICE + 5]!, nowPrice: 'NaN' };
    sockets[0]!.receive({ type: 'MARKETS', full: true, simulated: true, data: many });
    sockets[0]!.receive({ type: 'MARKETS', full: true, simulated: true, data: [item('ETH/USDT', '2')] });
    await vi.advanceTimersByTimeAsync(10);
    expect([...bus.markets$.value.keys()]).toEqual([2]);
  });

  it('applies tick frames to the instruments it holds and extends their series', () => {
    const { sockets, connection, bus } = setup(null);
    connection.start();
    sockets[0]!.open();
    sockets[0]!.receive({
      type: 'MARKETS',
      full: true,
      simulated: true,
      data: [item('BTC/USDT', '1'), { ...item('ETH/USDT', '2'), hundred: [] }],
    });
    sockets[0]!.receive({
      type: 'TICKS',
      simulated: true,
      time: 1,
      data: [
        [1, '1.5', '0.20'],
        [2, '2.5', '-0.10'],
        [99, '7', '0'],
      ],
    });
    expect(bus.markets$.value.get(1)).toMatchObject({ nowPrice: '1.5', zdf: '0.20', hundred: ['1', '1.5'] });
    // An instrument listed without its series keeps none; an unknown id is ignored.
    expect(bus.markets$.value.get(2)).toMatchObject({ nowPrice: '2.5', hundred: [] });
    expect(bus.markets$.value.has(99)).toBe(false);
  });

  it('subscribes to what the page watches, on open and whenever it changes, and again after a reconnect', () => {
    vi.useFakeTimers();
    const { sockets, connection, bus } = setup(null);
    const stopHome = bus.watch(['home']);
    connection.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s))).toEqual([{ type: 'SUBSCRIBE', topics: ['home'] }]);
    const stopType = bus.watch(['type:2']);
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toEqual({ type: 'SUBSCRIBE', topics: ['home', 'type:2'] });
    stopHome();
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toEqual({ type: 'SUBSCRIBE', topics: ['type:2'] });
    sockets[0]!.close(1006);
    vi.advanceTimersByTime(5_000);
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!)).toEqual({ type: 'SUBSCRIBE', topics: ['type:2'] });
    stopType();
    connection.stop();
    vi.useRealTimers();
  });

  it('retries 5 s after an abnormal close, not before', () => {
    const { sockets, connection } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(LIVE_TIMINGS.retryMs - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('does not reconnect after stop (logout)', () => {
    const { sockets, connection } = setup();
    connection.start();
    sockets[0]!.open();
    connection.stop();
    vi.advanceTimersByTime(LIVE_TIMINGS.livenessMs * 3);
    expect(sockets).toHaveLength(1);
  });

  it('reopens 1 s after a navigation when logged in and down', () => {
    const { sockets, connection } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.close(1000); // a clean close from the server: no automatic retry
    vi.advanceTimersByTime(LIVE_TIMINGS.retryMs);
    expect(sockets).toHaveLength(1);
    connection.onNavigation();
    vi.advanceTimersByTime(LIVE_TIMINGS.afterNavigationMs);
    expect(sockets).toHaveLength(2);
  });

  it('the 30 s liveness check reopens a closed connection', () => {
    const { sockets, connection } = setup();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.close(1000);
    vi.advanceTimersByTime(LIVE_TIMINGS.livenessMs);
    expect(sockets).toHaveLength(2);
  });

  it('passes on only the own user balance updates', () => {
    const { sockets, connection, bus } = setup();
    const seen: string[] = [];
    bus.balance$.subscribe((b) => seen.push(`${b.userId}:${b.totalAssets}`));
    connection.start();
    sockets[0]!.open();
    const figures = { baseBalance: '1', floatingPnL: '0', totalAssets: '1', loanAmount: '0', bondAmount: '0', profit: '0', timestamp: 1 };
    sockets[0]!.receive({ type: 'USER_BALANCE_UPDATE', userId: 'someone-else', ...figures });
    sockets[0]!.receive({ type: 'BATCH_USER_BALANCE_UPDATE', data: { u1: { ...figures, totalAssets: '7' }, u2: figures } });
    expect(seen).toEqual(['u1:7']);
  });

  it("after a reconnect, the user's figures are read again over HTTP (a balance moved while it was down reached nobody)", async () => {
    const { sockets, connection, bus } = setup();
    const client = new QueryClient();
    let reads = 0;
    const figures = () =>
      client.fetchQuery({ queryKey: sharedQueryKeys.userFiguresOf('u1', 'demo'), queryFn: () => ++reads, staleTime: Infinity });
    rereadOwnDataOnReconnect(bus, client, () => 'u1');
    await figures();
    connection.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'AUTH_SUCCESS', message: 'ok' });
    // The first authentication of the page reads nothing extra.
    expect(client.getQueryState(sharedQueryKeys.userFiguresOf('u1', 'demo'))?.isInvalidated).toBe(false);
    sockets[0]!.drop();
    vi.advanceTimersByTime(LIVE_TIMINGS.retryMs);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'AUTH_SUCCESS', message: 'ok' });
    expect(client.getQueryState(sharedQueryKeys.userFiguresOf('u1', 'demo'))?.isInvalidated).toBe(true);
    await figures();
    expect(reads).toBe(2);
  });
});

describe('live connection without a ready parser', () => {
  it('loads the contract schema lazily and delivers the frames that arrived meanwhile, in order', async () => {
    const bus = createLiveBus();
    const sockets: FakeSocket[] = [];
    const connection = new LiveConnection({
      url: 'ws://x/ws',
      bus,
      getToken: () => null,
      getUserId: () => null,
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    });
    connection.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'MARKETS', full: true, simulated: true, data: [item('BTC/USDT', '1')] });
    sockets[0]!.receive({ type: 'MARKETS', full: false, simulated: true, data: [item('BTC/USDT', '2')] });
    sockets[0]!.receive({ type: 'NOT_A_FRAME' });
    await vi.waitFor(() => expect(bus.markets$.value.get(1)?.nowPrice).toBe('2'));
    connection.stop();
  });
});

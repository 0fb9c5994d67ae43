/**
 * The API killed (SIGKILL) in the middle of a burst of money calls, many times, on one store (PGlite folder or
 * PostgreSQL database). Each round:
 *  1. a burst of demo-account calls, each with its own Idempotency-Key, all in flight at once: positions opened
 *     (buyContracts), options bought (buyOptions), positions of earlier rounds closed (closeContracts);
 *  2. SIGKILL once a seeded share of the burst has answered (so the kill lands mid-burst however fast the machine);
 *  3. with the API down, the store is opened from here and checked: the ledger check passes, no key was left
 *     claimed without its answer, every order and every close has the key whose stored answer names it and the
 *     other way round (so nothing of a transaction is visible without the rest), no transfer is repeated, and the
 *     orders counted are those confirmed so far plus at most the burst's unanswered ones;
 *  4. the API starts again on the same store and every call of the burst is retried with its key: a call that had
 *     answered gets the same answer again (a replay), one that had not is done now or replayed; a second retry
 *     replays every answer unchanged.
 * A last clean stop checks that the orders counted equal exactly the keys that succeeded.
 */
import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import { endpointPath, money } from '@meridian/contracts';
import { tradingEndpoints } from '@meridian/contracts/endpoints/trading';
import { marketEndpoints } from '@meridian/contracts/endpoints/market';
import { openDatabase } from '../../src/db/database.ts';
import { checkLedger } from '../../src/ledger/ledger-check.ts';
import type { LedgerCheck } from '../../src/ledger/ledger-check.ts';
import { FaultServer, call, seededRandom, signUpOver } from './fault-helpers.ts';
import type { CallResult, FaultStore, FaultUser } from './fault-helpers.ts';

export interface KillOptions {
  kills: number;
  seed: number;
  /** Calls per burst (buys, options and closes). */
  burst?: number;
  users?: number;
  log?: (line: string) => void;
}

type Kind = 'buy' | 'option' | 'close';
interface Request {
  kind: Kind;
  user: FaultUser;
  path: string;
  body?: unknown;
  key: string;
  /** For closes: the position closed. */
  positionId?: string;
}

export interface Inspection {
  ledger: LedgerCheck;
  unansweredKeys: number;
  contractOrders: number;
  optionsOrders: number;
  closedByUser: number;
  /** Every problem found (empty when the store is consistent). */
  problems: string[];
}

interface KillRound {
  round: number;
  killedAfterAnswers: number;
  burst: number;
  answeredBeforeKill: number;
  restartMs: number;
  /** Retries of unanswered calls that turned out to have been done before the kill (replayed). */
  doneBeforeKillUnanswered: number;
  /** Retries of unanswered calls done only by the retry. */
  doneByRetry: number;
  inspection: Inspection;
  problems: string[];
}

export interface KillResult {
  kind: FaultStore['kind'];
  seed: number;
  rounds: KillRound[];
  final: Inspection;
  confirmed: { buys: number; options: number; closes: number };
  problems: string[];
  seconds: number;
}

/** The store, opened from this process while the API is down, checked for partial or repeated work. */
export async function inspectStore(store: FaultStore): Promise<Inspection> {
  const database = await openDatabase(store.open);
  try {
    const ledger = await checkLedger(database.db);
    // Both drivers answer `query(text)` with `{ rows }`.
    const query = async <T>(text: string) =>
      (await (database.client as unknown as { query: (q: string) => Promise<{ rows: T[] }> }).query(text)).rows;
    const problems: string[] = [];
    if (!ledger.ok) problems.push(`ledger check failed: ${JSON.stringify(ledger)}`);
    const [unanswered] = await query<{ n: number }>('select count(*)::int as n from idempotency_keys where status_code = 0');
    if (unanswered!.n > 0) problems.push(`${unanswered!.n} idempotency keys claimed without an answer`);
    const opened = new Set<string>();
    const bought = new Set<string>();
    const closed = new Set<string>();
    for (const row of await query<{ response: string }>('select response from idempotency_keys where status_code = 200')) {
      const result = (JSON.parse(row.response) as { result: Record<string, unknown> }).result;
      if ('order' in result) closed.add((result.order as { id: string }).id);
      else if ('direction' in result) bought.add(result.id as string);
      else if ('side' in result) opened.add(result.id as string);
    }
    const orders = await query<{ id: string; status: string; close_reason: string | null }>(
      'select id::text as id, status, close_reason from contract_orders',
    );
    const options = await query<{ id: string }>('select id::text as id from options_orders');
    const sameSet = (what: string, inDb: string[], inKeys: Set<string>) => {
      const db = new Set(inDb);
      const withoutKey = inDb.filter((id) => !inKeys.has(id));
      const withoutRow = [...inKeys].filter((id) => !db.has(id));
      if (withoutKey.length) problems.push(`${what} without the key that answered them: ${withoutKey.join(',')}`);
      if (withoutRow.length) problems.push(`${what} answered by a key but not in the database: ${withoutRow.join(',')}`);
    };
    sameSet(
      'contract orders',
      orders.map((o) => o.id),
      opened,
    );
    sameSet(
      'options orders',
      options.map((o) => o.id),
      bought,
    );
    const closedByUser = orders.filter((o) => o.status === 'closed' && o.close_reason === 'user').map((o) => o.id);
    sameSet('user closes', closedByUser, closed);
    const repeated = await query<{ type: string; ref: string; n: number }>(
      `select type, reference_kind || ':' || reference_id as ref, count(*)::int as n from ledger_transfers
       group by type, reference_kind, reference_id having count(*) > 1`,
    );
    if (repeated.length) problems.push(`repeated transfers: ${JSON.stringify(repeated.slice(0, 5))}`);
    return {
      ledger,
      unansweredKeys: unanswered!.n,
      contractOrders: orders.length,
      optionsOrders: options.length,
      closedByUser: closedByUser.length,
      problems,
    };
  } finally {
    await database.close();
  }
}

const done = (r: CallResult | undefined): r is Extract<CallResult, { ok: true }> => r !== undefined && r.ok;

/** Runs `kills` rounds of burst → SIGKILL → check → restart → retries on one store. */
export async function runKillScenario(store: FaultStore, options: KillOptions): Promise<KillResult> {
  const started = performance.now();
  const random = seededRandom(options.seed);
  const log = options.log ?? (() => undefined);
  const burstSize = options.burst ?? 24;
  const problems: string[] = [];
  const rounds: KillRound[] = [];
  const confirmed = { buys: 0, options: 0, closes: 0 };

  let server = await FaultServer.start(store);
  let base = `http://127.0.0.1:${server.port}`;
  const users: FaultUser[] = [];
  for (let i = 0; i < (options.users ?? 3); i += 1) users.push(await signUpOver(base, `faults-${store.kind}`));
  const me = users[0]!;

  // Two instruments with a price, small positions (about 20 USDT of margin at leverage 1), the shortest option.
  const instruments: { id: number; lots: string; leverage: number }[] = [];
  let option: { instrumentId: number; period: number; amount: string } | null = null;
  for (const id of [1, 2]) {
    const info = await call(base, endpointPath(marketEndpoints.getMarketInfo, { id }), { method: 'GET' });
    const terms = await call(base, endpointPath(tradingEndpoints.getTradingTerms, { instrumentId: id }), {
      method: 'GET',
      token: me.token,
    });
    if (!done(info) || !done(terms)) throw new Error(`no market info or terms for ${id}: ${JSON.stringify([info, terms])}`);
    const price = money((info.body.result as { nowPrice: string }).nowPrice);
    const t = terms.body.result as {
      contractSize: string;
      leverages: number[];
      lots: { step: string };
      options: { period: number; minStake: string }[];
    };
    // A whole number of the instrument's lot steps (its lot bounds).
    const lots = money('20').div(price).div(money(t.contractSize)).div(t.lots.step).floor().times(t.lots.step);
    instruments.push({ id, lots: lots.toFixed(), leverage: Math.min(...t.leverages) });
    const product = [...t.options].sort((a, b) => a.period - b.period)[0];
    if (!option && product) option = { instrumentId: id, period: product.period, amount: money(product.minStake).toFixed() };
  }

  // Positions whose opening was confirmed and not closed yet, by owner.
  const holding: { user: FaultUser; id: string }[] = [];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

  for (let round = 1; round <= options.kills; round += 1) {
    const requests: Request[] = [];
    const closes = Math.min(holding.length, Math.floor(burstSize / 4));
    for (let i = 0; i < closes; i += 1) {
      const [position] = holding.splice(Math.floor(random() * holding.length), 1);
      requests.push({
        kind: 'close',
        user: position!.user,
        path: endpointPath(tradingEndpoints.closeContracts, { id: position!.id }),
        key: `close-${round}-${i}-${randomUUID()}`,
        positionId: position!.id,
      });
    }
    const optionCount = option ? Math.floor(burstSize / 6) : 0;
    for (let i = 0; i < optionCount; i += 1) {
      requests.push({
        kind: 'option',
        user: pick(users),
        path: endpointPath(tradingEndpoints.buyOptions),
        body: {
          instrumentId: option!.instrumentId,
          direction: random() < 0.5 ? 'up' : 'down',
          amount: option!.amount,
          period: option!.period,
        },
        key: `option-${round}-${i}-${randomUUID()}`,
      });
    }
    while (requests.length < burstSize) {
      const instrument = pick(instruments);
      requests.push({
        kind: 'buy',
        user: pick(users),
        path: endpointPath(tradingEndpoints.buyContracts),
        body: { instrumentId: instrument.id, side: random() < 0.5 ? 'buy' : 'sell', lots: instrument.lots, leverage: instrument.leverage },
        key: `buy-${round}-${requests.length}-${randomUUID()}`,
      });
    }
    // The kill lands after a seeded share of the burst has answered (0 … most of it).
    const killAfter = Math.floor(random() * burstSize * 0.9);
    const first: (CallResult | undefined)[] = new Array(requests.length);
    let answered = 0;
    let killing: Promise<void> | null = null;
    const victim = server;
    // …plus a seeded 0–20 ms, so some kills land between a commit and its answer.
    const killDelayMs = Math.floor(random() * 20);
    const kill = () => (killing ??= new Promise((resolve) => setTimeout(resolve, killDelayMs)).then(() => victim.kill()));
    if (killAfter === 0) void kill();
    await Promise.all(
      requests.map(async (r, i) => {
        const result = await call(base, r.path, { token: r.user.token, key: r.key, body: r.body });
        // Answers that arrive after the kill was decided still count: they were sent by the API before it died.
        first[i] = result;
        if (result.ok) {
          answered += 1;
          if (answered >= killAfter) void kill();
        }
      }),
    );
    await kill();
    const answeredBeforeKill = first.filter(done).length;

    const inspection = await inspectStore(store);
    const roundProblems = [...inspection.problems];
    const answeredOk = (kind: Kind) => requests.filter((r, i) => r.kind === kind && done(first[i]) && first[i].body.code === '200').length;
    const unanswered = (kind: Kind) => requests.filter((r, i) => r.kind === kind && !done(first[i])).length;
    const within = (what: string, actual: number, low: number, high: number) => {
      if (actual < low || actual > high) roundProblems.push(`${what}: ${actual} in the database, expected ${low}…${high}`);
    };
    within(
      'contract orders',
      inspection.contractOrders,
      confirmed.buys + answeredOk('buy'),
      confirmed.buys + answeredOk('buy') + unanswered('buy'),
    );
    within(
      'options orders',
      inspection.optionsOrders,
      confirmed.options + answeredOk('option'),
      confirmed.options + answeredOk('option') + unanswered('option'),
    );
    within(
      'user closes',
      inspection.closedByUser,
      confirmed.closes + answeredOk('close'),
      confirmed.closes + answeredOk('close') + unanswered('close'),
    );

    const restartStarted = performance.now();
    server = await FaultServer.start(store);
    const restartMs = Math.round(performance.now() - restartStarted);
    base = `http://127.0.0.1:${server.port}`;

    // Every call again with its key; then once more, which must replay every answer unchanged.
    const retry = await Promise.all(requests.map((r) => call(base, r.path, { token: r.user.token, key: r.key, body: r.body })));
    const again = await Promise.all(requests.map((r) => call(base, r.path, { token: r.user.token, key: r.key, body: r.body })));
    let doneBeforeKillUnanswered = 0;
    let doneByRetry = 0;
    requests.forEach((r, i) => {
      const before = first[i];
      const now = retry[i];
      const later = again[i];
      if (!done(now) || !done(later)) {
        roundProblems.push(`${r.kind} ${r.key}: the retry did not answer: ${JSON.stringify(now)} ${JSON.stringify(later)}`);
        return;
      }
      if (done(before)) {
        if (!now.replayed || !isDeepStrictEqual(now.body, before.body)) {
          roundProblems.push(
            `${r.kind} ${r.key}: answered ${JSON.stringify(before.body)}, the retry ${JSON.stringify(now.body)} (replayed ${now.replayed})`,
          );
        }
      } else if (now.replayed) doneBeforeKillUnanswered += 1;
      else doneByRetry += 1;
      if (!later.replayed || !isDeepStrictEqual(later.body, now.body)) {
        roundProblems.push(`${r.kind} ${r.key}: the second retry answered ${JSON.stringify(later.body)} after ${JSON.stringify(now.body)}`);
      }
      if (now.body.code !== '200') {
        // A refusal is a complete answer too (kept with its key); a close of a position closed otherwise is one.
        if (r.kind === 'close' && r.positionId) holding.push({ user: r.user, id: r.positionId });
        return;
      }
      if (r.kind === 'buy') {
        confirmed.buys += 1;
        holding.push({ user: r.user, id: (now.body.result as { id: string }).id });
      } else if (r.kind === 'option') confirmed.options += 1;
      else confirmed.closes += 1;
    });
    rounds.push({
      round,
      killedAfterAnswers: killAfter,
      burst: requests.length,
      answeredBeforeKill,
      restartMs,
      doneBeforeKillUnanswered,
      doneByRetry,
      inspection,
      problems: roundProblems,
    });
    problems.push(...roundProblems.map((p) => `round ${round}: ${p}`));
    log(
      `${store.kind} round ${round}: killed after ${answeredBeforeKill}/${requests.length} answers (seeded ${killAfter}); ` +
        `unanswered ones done before the kill ${doneBeforeKillUnanswered}, by the retry ${doneByRetry}; restart ${restartMs} ms; ` +
        `${inspection.contractOrders} contract orders, ${inspection.optionsOrders} options; problems ${roundProblems.length}`,
    );
  }

  await server.stop();
  const final = await inspectStore(store);
  const finalProblems = [...final.problems];
  if (final.contractOrders !== confirmed.buys)
    finalProblems.push(`${final.contractOrders} contract orders, ${confirmed.buys} keys succeeded`);
  if (final.optionsOrders !== confirmed.options)
    finalProblems.push(`${final.optionsOrders} options orders, ${confirmed.options} keys succeeded`);
  if (final.closedByUser !== confirmed.closes) finalProblems.push(`${final.closedByUser} user closes, ${confirmed.closes} keys succeeded`);
  problems.push(...finalProblems.map((p) => `final: ${p}`));
  return {
    kind: store.kind,
    seed: options.seed,
    rounds,
    final,
    confirmed,
    problems,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

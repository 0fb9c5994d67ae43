import { createContext, useContext, useEffect, useState } from 'react';

/** The current time in epoch ms. */
export type Clock = () => number;

const ClockContext = createContext<Clock>(() => Date.now());

/** Gives a remote's countdowns another clock (tests pass a fake one); the real time otherwise. */
export const ClockProvider = ClockContext.Provider;

/** The current time from the remote's clock, read again every `stepMs` while `active`: a clock for countdowns, not a poll. */
export function useClockNow(stepMs: number, active = true): number {
  const clock = useContext(ClockContext);
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (!active) return;
    setNow(clock());
    const timer = setInterval(() => setNow(clock()), stepMs);
    return () => clearInterval(timer);
  }, [clock, stepMs, active]);
  return now;
}

/**
 * How far the server's clock (a product's: the plans', the auctions') is ahead of this page's: an answer's
 * `now` against when it was received. A countdown then does not depend on the reader's own clock being
 * right (nor on a test site's moved one).
 */
export function clockSkew(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) || receivedAt <= 0 ? 0 : server - receivedAt;
}

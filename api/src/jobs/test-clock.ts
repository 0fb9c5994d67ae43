/**
 * A test site's movable clock (MERIDIAN_TEST_CLOCK=1, never in production mode): the site's time plus an
 * offset a journey moves forward (`POST /api/dev/clock`), so a plan's days can pass in seconds. It moves
 * the day-counted products only (the plans' next-profit times and their job); sessions, operators' codes
 * and the market keep the real time.
 */
export class TestClock {
  private offsetMs = 0;

  constructor(private readonly base: () => number) {}

  now = (): number => this.base() + this.offsetMs;

  /** Moves the clock forward (never back: what was booked stays in the past). */
  advance(ms: number): number {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new Error('the test clock only moves forward, by whole milliseconds');
    this.offsetMs += ms;
    return this.now();
  }
}

import type { NftState } from '@meridian/contracts';
import { useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { useClockNow } from '@meridian/ui/clock';

/** The time left until `endsAt` on the auctions' clock (this page's `now` moved by `skewMs`), never negative. */
export function msLeft(endsAt: string, now: number, skewMs: number): number {
  const end = Date.parse(endsAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - (now + skewMs));
}

/**
 * A time left as whole days and a clock ("h:mm:ss", or "m:ss" under an hour with no days), rounded up to
 * the second: an auction runs up to 30 days, so the days are said apart.
 */
export function splitTimeLeft(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const h = Math.floor(rest / 3600);
  const m = Math.floor((rest % 3600) / 60);
  const s = String(rest % 60).padStart(2, '0');
  const clock = days > 0 || h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  return { days, clock };
}

/**
 * The time left in an auction, ticking each second on the remote's clock moved to the auctions' one. At
 * its end the close is on its way (the live frame or the next read shows the result): "Closing…".
 */
export function AuctionCountdown({ endsAt, state, skewMs }: { endsAt: string; state: NftState; skewMs: number }) {
  const { t } = useT(NAMESPACE);
  const live = state === 'live';
  const now = useClockNow(1000, live);
  if (!live)
    return (
      <span data-testid="nft-countdown" data-left="0">
        {t('countdown.ended')}
      </span>
    );
  const left = msLeft(endsAt, now, skewMs);
  const { days, clock } = splitTimeLeft(left);
  return (
    <time dateTime={endsAt} data-testid="nft-countdown" data-left={Math.ceil(left / 1000)}>
      {left <= 0 ? t('countdown.closing') : days > 0 ? t('countdown.days', { count: days, clock }) : clock}
    </time>
  );
}

import { formatCountdown, useT } from '@meridian/platform';
import { NAMESPACE } from '../locales/load-namespace.ts';
import { useClockNow } from '@meridian/ui/clock';

/**
 * The time left until a plan's next day of income is credited, ticking each second (from the remote's
 * clock, moved by `skewMs` to the plans' clock). Once it has passed, the server's credit is on its way:
 * the live `userPlans` event reads the plan again.
 */
export function NextProfitCountdown({ at, skewMs = 0 }: { at: string | null; skewMs?: number }) {
  const { t } = useT(NAMESPACE);
  const due = at === null ? null : Date.parse(at);
  const now = useClockNow(1000, due !== null);
  if (due === null || Number.isNaN(due)) return <span data-testid="smart-countdown">—</span>;
  const left = due - (now + skewMs);
  return (
    <time dateTime={at ?? undefined} data-testid="smart-countdown" data-left={Math.max(0, Math.ceil(left / 1000))}>
      {left > 0 ? formatCountdown(left) : t('plan.crediting')}
    </time>
  );
}

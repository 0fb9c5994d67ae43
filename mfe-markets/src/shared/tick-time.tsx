import type { LanguageCode } from '@meridian/contracts';
import { localeOf, useLanguage } from '@meridian/platform';

/** A feed tick's time with seconds (options settle on the second). */
function formatTickTime(time: number, lang: LanguageCode): string {
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(time));
}

export function TickTime({ time, testId }: { time: number; testId?: string }) {
  const lang = useLanguage();
  return (
    <time dateTime={new Date(time).toISOString()} data-testid={testId} data-value={time}>
      {formatTickTime(time, lang)}
    </time>
  );
}

import { isAddressMapSetting, parseLoanProducts } from '@meridian/contracts';
import type { LanguageCode, ParamKey } from '@meridian/contracts';
import { formatDecimal, formatMoney, localeOf } from '@meridian/platform';

/** How a setting's value reads: a percentage, whole days, an amount of USDT, or the address map. */
export function settingText(key: ParamKey, value: string, lang: LanguageCode): string {
  if (isAddressMapSetting(key))
    return (
      authAddresses(value)
        .map(([chain, address]) => `${chain}: ${address}`)
        .join('\n') || value
    );
  if (key === 'loan_products') {
    const products = parseLoanProducts(value);
    const days = new Intl.NumberFormat(localeOf(lang), { style: 'unit', unit: 'day', unitDisplay: 'long' });
    return products
      ? products
          .map(
            (p) =>
              `${days.format(p.termDays)}: ${formatMoney(p.minAmount, 'USD', lang)} – ${formatMoney(p.maxAmount, 'USD', lang)}, ${formatDecimal(p.dailyRatePercent, lang)} %`,
          )
          .join('\n')
      : value;
  }
  if (key === 'loan_interest_free_days') {
    const days = Number(value);
    return Number.isFinite(days)
      ? new Intl.NumberFormat(localeOf(lang), { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days)
      : value;
  }
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  if (key === 'invite_reward_usdt') return formatMoney(value, 'USDT', lang);
  return `${formatDecimal(value, lang)} %`;
}

/** The deposit address per chain (`{"trc20":"T…"}`), or nothing when the value is not such a map. */
export function authAddresses(value: string): [string, string][] {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed).map(([chain, address]) => [chain, String(address)]);
  } catch {
    return [];
  }
}

/** The unit shown after the edit box. */
export function settingUnit(key: ParamKey): string {
  if (key === 'invite_reward_usdt') return 'USDT';
  if (key.endsWith('_percent')) return '%';
  return '';
}

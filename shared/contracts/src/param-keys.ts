/** Operator settings readable with `getParamByKey/{key}` (SPEC §5.9). */
export const PARAM_KEYS = [
  'withdrawal_fee_percent',
  'loan_interest_free_days',
  'early_exit_penalty_percent',
  'invite_reward_usdt',
  'trading_fee_percent',
  'maintenance_margin_percent',
  'auth_address',
  'deposit_address',
  'flash_exchange_fee_percent',
  'loan_products',
] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];

/** The settings whose value is a JSON map of network → address (edited as text, shown as a list). */
export const ADDRESS_MAP_SETTINGS = ['auth_address', 'deposit_address'] as const satisfies readonly ParamKey[];
export const isAddressMapSetting = (key: string): boolean => (ADDRESS_MAP_SETTINGS as readonly string[]).includes(key);

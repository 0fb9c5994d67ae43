/** Operator settings readable with `getParamByKey/{key}` (SPEC §5.9). */
export const PARAM_KEYS = [
  'withdrawal_fee_percent',
  'loan_interest_free_days',
  'early_exit_penalty_percent',
  'invite_reward_usdt',
  'trading_fee_percent',
  'maintenance_margin_percent',
  'auth_address',
] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];

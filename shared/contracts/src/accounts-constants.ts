// Zod-free constants of accounts and sessions, for the light entry of the contracts.

/** Phone area codes offered at sign-up (SPEC §3). */
export const AREA_CODES = ['+49', '+55', '+60', '+61', '+64', '+65', '+66', '+81', '+91', '+852', '+886'] as const;
export type AreaCode = (typeof AREA_CODES)[number];

/** Account modes (SPEC §4); the `virtually` header says which one a request is about. */
export const ACCOUNT_MODES = ['demo', 'real'] as const;
export type AccountModeName = (typeof ACCOUNT_MODES)[number];

/** The virtual balance a demo account starts with and returns to on reset (SPEC §4). */
export const DEMO_START_BALANCE = '100000';

/** Verification codes (issue 4): 6 digits, single use, 10 minutes, 5 tries, resend after 60 s. */
export const CODE_RULES = { length: 6, ttlSeconds: 600, maxAttempts: 5, resendSeconds: 60 } as const;

/** Wallet login (issue 4): a single-use server nonce that expires after 5 minutes. */
export const WALLET_RULES = { nonceTtlSeconds: 300 } as const;

export const WALLET_CHAINS = ['ethereum', 'tron'] as const;
export type WalletChain = (typeof WALLET_CHAINS)[number];

/** Kinds of notification the server creates; the client translates title and body by kind. */
export const NOTIFICATION_KINDS = [
  'welcome',
  'newDevice',
  'passwordChanged',
  'passwordReset',
  'providerLinked',
  'correction',
  'depositApproved',
  'depositRejected',
  'inviteReward',
  'withdrawalApproved',
  'withdrawalRejected',
  'withdrawalPaid',
  'withdrawalFailed',
  'walletLinked',
  'kycVerified',
  'kycRejected',
  'loanApproved',
  'loanRejected',
  'loanOverdue',
  'loanRepaid',
  'nftOutbid',
  'nftWon',
] as const;

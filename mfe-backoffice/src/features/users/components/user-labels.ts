import type { TFunction } from '@meridian/platform';

/** A customer's status, KYC status and account mode in words (an unknown value shows as stored). */
export const statusText = (t: TFunction, value: string) => t(`users.statuses.${value}`, { defaultValue: value });
export const kycText = (t: TFunction, value: string) => t(`users.kyc.${value}`, { defaultValue: value });
export const modeText = (t: TFunction, value: string) => t(`users.modes.${value}`, { defaultValue: value });
/** The name a customer goes by in the back-office: email, else phone, else wallet, else id. */
export const userName = (u: { email: string | null; phone: string | null; wallet: string | null; id: string }) =>
  u.email ?? u.phone ?? u.wallet ?? u.id;

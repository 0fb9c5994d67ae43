import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { balanceFigures } from './live.ts';
import type { LanguageCode } from './languages.ts';
import { emailField } from './validation.ts';
import { V } from './validation-keys.ts';
import { ACCOUNT_MODES, AREA_CODES, NOTIFICATION_KINDS, WALLET_CHAINS } from './accounts-constants.ts';
import { KYC_STATUSES } from './kyc-rules.ts';

const languageCode = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]);

/** SPEC §5.10: 8–64 characters with letters and digits. */
export const passwordField = z
  .string({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired })
  .min(8, { error: V.passwordRule })
  .max(64, { error: V.passwordRule })
  .regex(/[A-Za-z]/, { error: V.passwordRule })
  .regex(/\d/, { error: V.passwordRule });

/** The current password, as typed (never checked against the rule, which may have changed). */
export const currentPasswordField = z
  .string({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired })
  .max(128, { error: V.passwordRule });

export const codeField = z
  .string({ error: V.codeRequired })
  .trim()
  .min(1, { error: V.codeRequired })
  .regex(/^\d{6}$/, { error: V.codeFormat });

export const areaCodeField = z.enum(AREA_CODES, { error: V.phoneInvalid });
export const phoneField = z
  .string({ error: V.phoneRequired })
  .trim()
  .min(1, { error: V.phoneRequired })
  .regex(/^\d{4,15}$/, { error: V.phoneInvalid });

export const inviteCodeField = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6,12}$/i, { error: V.inviteInvalid });

export const checkUserNameOrPhoneQuery = z
  .object({ email: emailField.optional(), areaCode: areaCodeField.optional(), phone: phoneField.optional() })
  .refine((q) => q.email !== undefined || q.phone !== undefined, { error: V.usernameOrEmailRequired, path: ['email'] });
export const checkUserNameOrPhoneResult = z.object({ available: z.boolean() });

export const sendCodeBody = z.object({ email: emailField, purpose: z.enum(['register', 'reset']), language: languageCode.default('en') });
export const sendCodeResult = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });

const phonePair = {
  areaCode: areaCodeField.optional(),
  phone: phoneField.optional(),
};

export const registerBody = z
  .object({
    email: emailField,
    password: passwordField,
    code: codeField,
    ...phonePair,
    inviteCode: inviteCodeField.optional(),
    language: languageCode.default('en'),
  })
  .refine((b) => (b.phone === undefined) === (b.areaCode === undefined), { error: V.phoneInvalid, path: ['phone'] });

export const loginBody = z.object({
  loginType: z.literal('email').default('email'),
  email: z
    .string({ error: V.usernameOrEmailRequired })
    .trim()
    .min(1, { error: V.usernameOrEmailRequired })
    .max(254, { error: V.emailInvalid })
    .pipe(z.email({ error: V.emailInvalid }))
    .transform((e) => e.toLowerCase()),
  password: currentPasswordField,
});

export const resetPasswordBody = z.object({ email: emailField, code: codeField, password: passwordField });

export const publicUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  accountMode: z.enum(ACCOUNT_MODES),
  inviteCode: z.string(),
  kycStatus: z.enum(KYC_STATUSES),
  walletAddress: z.string().nullable(),
  walletChain: z.enum(WALLET_CHAINS).nullable(),
  language: languageCode,
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type PublicUserInfo = z.infer<typeof publicUser>;

/** What every way in answers: the short-lived access token (the refresh token rides in a cookie). */
export const sessionResult = z.object({ token: z.string(), expiresIn: z.number().int(), user: publicUser });
export type SessionResult = z.infer<typeof sessionResult>;

export const accountFigures = z.object({ mode: z.enum(ACCOUNT_MODES), ...balanceFigures });
export type AccountFigures = z.infer<typeof accountFigures>;

export const userInfoResult = z.object({ user: publicUser, account: accountFigures });
export type UserInfoResult = z.infer<typeof userInfoResult>;

export const setLanguageBody = z.object({ language: languageCode });
export const switchModeBody = z.object({ mode: z.enum(ACCOUNT_MODES) });
/** The result of a `10110` refusal (HTTP 409): the account mode in use, which the window should follow. */
export const accountModeChangedResult = z.object({ mode: z.enum(ACCOUNT_MODES) });
/** A call's refusal when a window names the other account mode than the stored one: the mode in use. */
export const accountModeRefused = { 409: accountModeChangedResult } as const;
export const repasswordBody = z
  .object({ oldPassword: currentPasswordField, password: passwordField })
  .refine((b) => b.oldPassword !== b.password, { error: V.passwordSame, path: ['password'] });

export const sessionItem = z.object({
  id: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export const listSessionsResult = z.array(sessionItem);
export type SessionItem = z.infer<typeof sessionItem>;
export const revokeSessionsBody = z.object({ scope: z.enum(['others', 'all']) });
/** How many sessions the call ended. */
export const revokeSessionsResult = z.object({ revoked: z.number().int() });

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const listNotificationsResult = z.object({ items: z.array(notificationItem), unread: z.number().int() });
export type ListNotificationsResult = z.infer<typeof listNotificationsResult>;
export const readNotificationsBody = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100).optional() });
/** The unread count once the notifications are marked read. */
export const readNotificationsResult = z.object({ unread: z.number().int() });

export const walletNonceQuery = z.object({ chain: z.enum(WALLET_CHAINS), language: languageCode.default('en') });
export const walletNonceResult = z.object({
  nonce: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  /** The host and origin the message must name (EIP-4361 domain and URI). */
  domain: z.string(),
  uri: z.string(),
  statement: z.string(),
});
export type WalletNonceResult = z.infer<typeof walletNonceResult>;
export const loginByWalletBody = z.object({
  chain: z.enum(WALLET_CHAINS),
  address: z.string().trim().min(26).max(64),
  message: z.string().min(1).max(2000),
  signature: z.string().min(1).max(400),
  language: languageCode.default('en'),
});

export const socialProvider = z.object({ id: z.string(), name: z.string() });
export const socialProvidersResult = z.array(socialProvider);
export const socialStartBody = z.object({
  provider: z.string().regex(/^[a-z0-9-]{2,32}$/),
  /** The sign-in page's language: a first sign-in makes the account in it. */
  language: languageCode.default('en'),
  /** Where the site goes once signed in: a local path. */
  returnTo: z
    .string()
    .max(300)
    .regex(/^\/(?![/\\])\S*$/)
    .default('/profile'),
});
/** `loginByGoogle` (SPEC §6): the same, for the provider named in the path. */
export const googleStartBody = socialStartBody.omit({ provider: true });
export const socialStartResult = z.object({ url: z.string() });
/** The provider a social login returns from (`/api/loginCallback/<provider>`). */
export const loginCallbackParams = z.object({ provider: z.string().max(32) });
/** What the provider sends the browser back with (OpenID Connect authorization response). */
export const loginCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(500).optional(),
});

export const outboxMessage = z.object({ to: z.string(), subject: z.string(), text: z.string(), time: z.string() });
export const outboxResult = z.array(outboxMessage);
export const outboxQuery = z.object({ to: emailField });

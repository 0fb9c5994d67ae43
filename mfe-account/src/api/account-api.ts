import { API_PATHS } from '@meridian/contracts';
import type { AccountModeName, LanguageCode, WalletChain } from '@meridian/contracts';
import {
  accountFigures,
  checkUserNameOrPhoneResult,
  listNotificationsResult,
  listSessionsResult,
  sendCodeResult,
  sessionResult,
  socialProvidersResult,
  socialStartResult,
  userInfoResult,
  walletNonceResult,
} from '@meridian/contracts/schemas';
import type { ApiClient } from '@meridian/platform';
import { z } from 'zod';

/** The account calls of SPEC §6 (login and user groups) this remote makes. */
export const accountApi = {
  checkEmail: (api: ApiClient, email: string, signal?: AbortSignal) =>
    api.get(API_PATHS.checkUserNameOrPhone, { query: { email }, result: checkUserNameOrPhoneResult, ...(signal ? { signal } : {}) }),
  sendCode: (api: ApiClient, body: { email: string; purpose: 'register' | 'reset'; language: string }) =>
    api.post(API_PATHS.sendCode, { body, result: sendCodeResult }),
  register: (api: ApiClient, body: Record<string, unknown>) => api.post(API_PATHS.register, { body, result: sessionResult }),
  login: (api: ApiClient, body: { email: string; password: string }) =>
    api.post(API_PATHS.login, { body: { loginType: 'email', ...body }, result: sessionResult }),
  resetPassword: (api: ApiClient, body: { email: string; code: string; password: string }) =>
    api.post(API_PATHS.resetPassword, { body, result: z.null() }),
  walletNonce: (api: ApiClient, chain: WalletChain, language: LanguageCode) =>
    api.get(API_PATHS.walletNonce, { query: { chain, language }, result: walletNonceResult }),
  loginByWallet: (
    api: ApiClient,
    body: { chain: WalletChain; address: string; message: string; signature: string; language: LanguageCode },
  ) => api.post(API_PATHS.loginByWallet, { body, result: sessionResult }),
  socialProviders: (api: ApiClient, signal?: AbortSignal) =>
    api.get(API_PATHS.socialProviders, { result: socialProvidersResult, ...(signal ? { signal } : {}) }),
  loginBySocial: (api: ApiClient, body: { provider: string; language: LanguageCode; returnTo: string }) =>
    api.post(API_PATHS.loginBySocial, { body, result: socialStartResult }),
  logout: (api: ApiClient) => api.post(API_PATHS.logout, { result: z.null() }),
  userInfo: (api: ApiClient, signal?: AbortSignal) =>
    api.post(API_PATHS.getUserInfo, { result: userInfoResult, ...(signal ? { signal } : {}) }),
  switchMode: (api: ApiClient, mode: AccountModeName) => api.post(API_PATHS.switchMode, { body: { mode }, result: userInfoResult }),
  setLanguage: (api: ApiClient, language: string) => api.post(API_PATHS.setLanguage, { body: { language }, result: z.null() }),
  resetDemo: (api: ApiClient) => api.post(API_PATHS.resetDemo, { result: accountFigures }),
  changePassword: (api: ApiClient, body: { oldPassword: string; password: string }) =>
    api.post(API_PATHS.repassword, { body, result: z.null() }),
  listSessions: (api: ApiClient, signal?: AbortSignal) =>
    api.get(API_PATHS.listSessions, { result: listSessionsResult, ...(signal ? { signal } : {}) }),
  revokeSessions: (api: ApiClient, scope: 'others' | 'all') =>
    api.post(API_PATHS.revokeSessions, { body: { scope }, result: z.object({ revoked: z.number() }) }),
  listNotifications: (api: ApiClient, signal?: AbortSignal) =>
    api.get(API_PATHS.listNotifications, { result: listNotificationsResult, ...(signal ? { signal } : {}) }),
  readNotifications: (api: ApiClient, ids?: number[]) =>
    api.post(API_PATHS.readNotifications, { body: ids ? { ids } : {}, result: z.object({ unread: z.number() }) }),
};

/** The message key of a failed call (a `common` namespace key). */
export function failureKey(error: unknown): string {
  return (error as { messageKey?: string })?.messageKey ?? 'errors.unknown';
}

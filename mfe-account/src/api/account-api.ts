import type { AccountModeName, LanguageCode, WalletChain } from '@meridian/contracts';
import { accountsEndpoints as accounts } from '@meridian/contracts/endpoints/accounts';
import type { ApiClient } from '@meridian/platform';
import type { z } from 'zod';

/** The account calls of SPEC §6 (login and user groups) this remote makes. */
export const accountApi = {
  checkEmail: (api: ApiClient, email: string, signal?: AbortSignal) =>
    api.call(accounts.checkUserNameOrPhone, { query: { email }, signal }),
  sendCode: (api: ApiClient, body: { email: string; purpose: 'register' | 'reset'; language: LanguageCode }) =>
    api.call(accounts.sendCode, { body }),
  register: (api: ApiClient, body: z.input<typeof accounts.register.body>) => api.call(accounts.register, { body }),
  login: (api: ApiClient, body: { email: string; password: string }) => api.call(accounts.login, { body: { loginType: 'email', ...body } }),
  resetPassword: (api: ApiClient, body: { email: string; code: string; password: string }) => api.call(accounts.resetPassword, { body }),
  walletNonce: (api: ApiClient, chain: WalletChain, language: LanguageCode) =>
    api.call(accounts.walletNonce, { query: { chain, language } }),
  loginByWallet: (
    api: ApiClient,
    body: { chain: WalletChain; address: string; message: string; signature: string; language: LanguageCode },
  ) => api.call(accounts.loginByWallet, { body }),
  socialProviders: (api: ApiClient, signal?: AbortSignal) => api.call(accounts.socialProviders, { signal }),
  loginBySocial: (api: ApiClient, body: { provider: string; language: LanguageCode; returnTo: string }) =>
    api.call(accounts.loginBySocial, { body }),
  logout: (api: ApiClient) => api.call(accounts.logout),
  userInfo: (api: ApiClient, signal?: AbortSignal) => api.call(accounts.getUserInfo, { signal }),
  switchMode: (api: ApiClient, mode: AccountModeName) => api.call(accounts.switchMode, { body: { mode } }),
  setLanguage: (api: ApiClient, language: LanguageCode) => api.call(accounts.setLanguage, { body: { language } }),
  resetDemo: (api: ApiClient) => api.call(accounts.resetDemo),
  changePassword: (api: ApiClient, body: { oldPassword: string; password: string }) => api.call(accounts.repassword, { body }),
  listSessions: (api: ApiClient, signal?: AbortSignal) => api.call(accounts.listSessions, { signal }),
  revokeSessions: (api: ApiClient, scope: 'others' | 'all') => api.call(accounts.revokeSessions, { body: { scope } }),
  listNotifications: (api: ApiClient, signal?: AbortSignal) => api.call(accounts.listNotifications, { signal }),
  readNotifications: (api: ApiClient, ids?: number[]) => api.call(accounts.readNotifications, { body: ids ? { ids } : {} }),
};

/** The message key of a failed call (a `common` namespace key). */
export function failureKey(error: unknown): string {
  return (error as { messageKey?: string })?.messageKey ?? 'errors.unknown';
}

import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Pages start with the introduction board already seen, unless a test asks for a first visit. */
export const test = base.extend<{ firstVisit: boolean }>({
  firstVisit: [false, { option: true }],
  page: async ({ page, firstVisit }, use) => {
    if (!firstVisit) await page.addInitScript(() => sessionStorage.setItem('meridian.introSeen', '1'));
    await use(page);
  },
});

export { expect };

export const isMobileProject = (name: string) => name === 'mobile';

/** The remote mounted in the outlet, by single-spa application name. */
export function remoteIn(page: Page, name: string) {
  // Once the part has drawn its own page there: not while the host shows what the first paint drew.
  return page.locator(`#outlet [data-remote="${name}"]:not(:has(> [data-first-paint]))`);
}

const API = '/api/swx/customer';

/** A PNG of one pixel: an image a customer attaches (a deposit's proof; the API re-encodes it). */
export const ONE_PIXEL_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082',
  'hex',
);

/** A new account registered through the API (code from the dev outbox), signed in through the login page. */
export async function signUpAndLogIn(
  page: Page,
  { inviteCode }: { inviteCode?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = `e2e-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = 'e2e pass 12';
  expect((await page.request.post(`${API}/login/sendCode`, { data: { email, purpose: 'register' } })).ok()).toBe(true);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).result as { text: string }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  expect(
    (await page.request.post(`${API}/login/register`, { data: { email, password, code, ...(inviteCode ? { inviteCode } : {}) } })).ok(),
  ).toBe(true);
  await page.goto('/pass/login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  return { email, password };
}

/** The first crypto instrument (trades around the clock on the simulated feed). */
export async function firstCrypto(page: Page): Promise<{ id: number; code: string }> {
  const list = await (await page.request.get('/api/swx/customer/index/listMarketByType?type=2&pageSize=1')).json();
  return list.result.items[0] as { id: number; code: string };
}

/** Opens an instrument's page and waits until its contract form can be sent. */
export async function openInstrument(page: Page, instrument: { id: number; code: string }): Promise<void> {
  await page.goto(`/cruuency?code=${encodeURIComponent(instrument.code)}&type=2&id=${instrument.id}`);
  await expect(page.getByTestId('order-panel')).toBeVisible();
  await expect(page.getByTestId('contract-submit')).toBeEnabled();
}

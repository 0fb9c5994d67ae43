import type { Page } from '@playwright/test';
import { expect, firstCrypto, openInstrument, signUpAndLogIn, test } from './fixtures.ts';

/**
 * Issue 31 item 1: the account mode is the server's. Two tabs of one signed-in user (one browser
 * context): tab B switches to the real account; tab A follows it live, or — when it missed the live
 * frame — its next order is refused with the translated notice naming the real account, and nothing
 * is done in the demo account.
 */
const SWITCHED_TO_REAL = 'Your account was switched to the real account in another window.';

/** Fills a small contract order and opens its confirmation (which names the account it goes to). */
async function prepareOrder(page: Page) {
  await page.getByTestId('contract-lots').fill('0.1');
  await page.getByTestId('contract-leverage').selectOption('10');
  await page.getByTestId('contract-submit').click();
  const confirm = page.getByTestId('contract-confirm');
  await expect(confirm).toBeVisible();
  return confirm;
}

/** Tab B: the same user in a second tab of the same browser, switching to the real account on /profile. */
async function switchToRealInOtherTab(page: Page): Promise<Page> {
  const tabB = await page.context().newPage();
  // A second tab of someone who has seen the introduction board already (as the first one).
  await tabB.addInitScript(() => sessionStorage.setItem('meridian.introSeen', '1'));
  await tabB.goto('/profile');
  await expect(tabB.getByTestId('profile-page')).toBeVisible();
  await expect(tabB.getByTestId('mode-demo')).toHaveAttribute('aria-pressed', 'true');
  await tabB.getByTestId('mode-real').click();
  await expect(tabB.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await expect(tabB.getByTestId('demo-badge')).toHaveCount(0);
  return tabB;
}

test('a tab that missed the switch: its order is refused with the notice, nothing is done in demo, and it shows the real account', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Tab A's live connection loses the ACCOUNT_MODE frames (as if it was down when the switch happened).
  const dropped: string[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (typeof message === 'string' && message.includes('"ACCOUNT_MODE"')) dropped.push(message);
      else ws.send(message);
    });
  });
  await signUpAndLogIn(page);
  const instrument = await firstCrypto(page);
  await openInstrument(page, instrument);
  await expect(page.getByTestId('demo-badge')).toBeVisible();

  const tabB = await switchToRealInOtherTab(page);
  await expect.poll(() => dropped.length).toBeGreaterThan(0);

  // Tab A still believes it is on demo; its order goes out with `virtually: NO` and is refused.
  await page.bringToFront();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  const confirm = await prepareOrder(page);
  await expect(confirm.getByTestId('confirm-account')).toHaveAttribute('data-mode', 'demo');
  const answer = page.waitForResponse((r) => r.url().includes('/order/buyContracts'));
  await confirm.getByTestId('confirm-submit').click();
  const refused = await answer;
  expect(refused.request().headers()['virtually']).toBe('NO');
  expect(refused.status()).toBe(409);
  await expect(page.getByRole('status').filter({ hasText: SWITCHED_TO_REAL })).toBeVisible();
  // Shown once, even though both the page and the order form heard of it.
  await expect(page.getByRole('status').getByText(SWITCHED_TO_REAL, { exact: true })).toHaveCount(1);

  // Tab A follows the server: the real account, no DEMO badge, and the next order would go to real.
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  await expect(page.getByTestId('position-row')).toHaveCount(0);
  const next = await prepareOrder(page);
  await expect(next.getByTestId('confirm-account')).toHaveAttribute('data-mode', 'real');
  await next.getByTestId('confirm-cancel').click();

  // Nothing happened in the demo account: back in demo (from tab B), no position and 100,000 untouched.
  await tabB.bringToFront();
  await tabB.getByTestId('mode-demo').click();
  await expect(tabB.getByTestId('demo-badge')).toBeVisible();
  await expect(tabB.getByTestId('figure-baseBalance')).toHaveText('$100,000.00');
  await expect(tabB.getByTestId('figure-bondAmount')).toHaveText('$0.00');
  await tabB.close();
});

test('a tab with its live connection follows a switch made in another tab at once, with the notice', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page);
  const instrument = await firstCrypto(page);
  await openInstrument(page, instrument);
  await expect(page.getByTestId('demo-badge')).toBeVisible();

  const tabB = await switchToRealInOtherTab(page);
  // Tab B's own switch says "Switched to your real account", never the other-window notice.
  await expect(tabB.getByRole('status').filter({ hasText: SWITCHED_TO_REAL })).toHaveCount(0);

  await page.bringToFront();
  await expect(page.getByRole('status').filter({ hasText: SWITCHED_TO_REAL })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  const confirm = await prepareOrder(page);
  await expect(confirm.getByTestId('confirm-account')).toHaveAttribute('data-mode', 'real');
  const answer = page.waitForResponse((r) => r.url().includes('/order/buyContracts'));
  await confirm.getByTestId('confirm-submit').click();
  // It went to the real account, which holds nothing yet: insufficient balance, not a refusal of the mode.
  expect((await answer).request().headers()['virtually']).toBe('YES');
  await expect(page.getByRole('status').filter({ hasText: 'Insufficient balance' })).toBeVisible();
  await tabB.close();
});

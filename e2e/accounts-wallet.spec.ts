import { readFileSync } from 'node:fs';
import { Wallet } from 'ethers';
import { expect, test } from './fixtures.ts';
import { injectEthereumWallet, injectTronLink, newTronAccount, walletCalls } from './test-wallets.ts';

const GERMAN = JSON.parse(readFileSync(new URL('../mfe-account/src/locales/de.json', import.meta.url), 'utf8')) as {
  wallet: { rejected: string };
};
const ALLOWED_ETHEREUM_CALLS = new Set(['eth_requestAccounts', 'eth_accounts', 'eth_chainId', 'personal_sign']);

test('an Ethereum wallet signs in with a real EIP-4361 signature; its nonce cannot be replayed', async ({ page }) => {
  const wallet = Wallet.createRandom();
  await injectEthereumWallet(page, wallet);
  await page.goto('/pass/login');
  const signedIn = page.waitForRequest((r) => r.url().endsWith('/login/loginByWallet'));
  await page.getByTestId('wallet-login').getByRole('button', { name: 'Test Wallet' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-identity')).toHaveText(wallet.address);
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.getByTestId('figure-baseBalance')).toHaveText('$100,000.00');

  // Nothing but accounts, the chain id and one message signature was asked of the wallet.
  const calls = await walletCalls(page);
  expect(calls).toContain('personal_sign');
  expect(calls.filter((c) => !ALLOWED_ETHEREUM_CALLS.has(c))).toEqual([]);

  // The same signed message sent again is refused: the nonce was spent.
  const body = (await signedIn).postDataJSON() as { message: string };
  expect(body.message).toContain('wants you to sign in with your Ethereum account:');
  const replay = await page.request.post('/api/swx/customer/login/loginByWallet', { data: (await signedIn).postDataJSON() });
  expect((await replay.json()).code).toBe('10095');
});

test('TronLink signs in with signMessageV2; the new demo account is told funding needs the real one', async ({ page }) => {
  const account = newTronAccount();
  await injectTronLink(page, account);
  await page.goto('/pass/login');
  await page.getByTestId('wallet-login').getByRole('button', { name: 'TronLink (Tron)' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-identity')).toHaveText(account.address);
  expect(await walletCalls(page)).toEqual(['tron_requestAccounts', 'signMessageV2']);

  // A new account is in demo: funding says the demo account cannot use it, and offers the switch.
  await page.goto('/profile/balance');
  await expect(page.getByTestId('demo-gate')).toContainText('The demo account cannot use this. Switch to your real account.');
  await page.getByTestId('demo-gate-switch').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await expect(page.getByTestId('demo-gate')).toHaveCount(0);
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  // The real balance page: each currency of the real account from getUserInfo (a new real account holds 0),
  // the funding promise, the deposit form, the flash exchange and the way to withdraw.
  const balance = page.getByTestId('balance-page');
  await expect(balance.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(balance.getByRole('heading', { name: 'Balances' })).toBeVisible();
  const usd = balance.getByTestId('currency-balances').locator('tr[data-currency="USD"]');
  await expect(usd.getByTestId('total')).toHaveAttribute('data-value', '0');
  await expect(usd.getByTestId('available')).toHaveText('$0.00');
  await expect(balance.getByTestId('funding-promise')).toHaveText(
    'We never ask you to approve token spending, pay a fee or make a deposit to withdraw.',
  );
  await expect(balance.getByTestId('deposit-form')).toBeVisible();
  await expect(balance.getByTestId('exchange-form')).toBeVisible();
  await expect(balance.getByTestId('to-withdraw')).toHaveAttribute('href', '/profile/withdraw');
});

test('without a wallet, and when the person declines, the page says so in the chosen language and signs nobody in', async ({ page }) => {
  await page.goto('/pass/login');
  await page.getByTestId('wallet-login').getByRole('button', { name: 'Ethereum wallet' }).click();
  await expect(page.getByTestId('wallet-login-error')).toHaveText(/No wallet found/);
  await page.getByTestId('wallet-login').getByRole('button', { name: 'TronLink (Tron)' }).click();
  await expect(page.getByTestId('wallet-login-error')).toHaveText(/No wallet found/);
  await expect(page).toHaveURL(/\/pass\/login$/);
});

test('a declined signature leaves the visitor signed out, with the message in German', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('meridian.lang', 'de'));
  await injectEthereumWallet(page, Wallet.createRandom(), { rejectSignature: true });
  await page.goto('/pass/login');
  await page.getByTestId('wallet-login').getByRole('button', { name: 'Test Wallet' }).click();
  const error = page.getByTestId('wallet-login-error');
  await expect(error).toBeVisible();
  await expect(error).toHaveText(GERMAN.wallet.rejected);
  await expect(page).toHaveURL(/\/pass\/login$/);
});

test('two tabs renewing the session at the same moment both stay signed in', async ({ page, context }) => {
  const wallet = Wallet.createRandom();
  await injectEthereumWallet(page, wallet);
  await page.goto('/pass/login');
  await page.getByTestId('wallet-login').getByRole('button', { name: 'Test Wallet' }).click();
  await expect(page.getByTestId('profile-identity')).toHaveText(wallet.address);
  const tabs = [page, await context.newPage(), await context.newPage()];
  // Every tab renews its in-memory token from the one rotating refresh cookie as it loads.
  for (let round = 0; round < 3; round += 1) {
    await Promise.all(tabs.map((tab) => tab.goto('/profile')));
    for (const tab of tabs) await expect(tab.getByTestId('profile-identity')).toHaveText(wallet.address);
  }
});

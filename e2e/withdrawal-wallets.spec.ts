import { expect, remoteIn, signUpAndLogIn, test } from './fixtures.ts';
import { injectTronLink, newTronAccount, walletCalls } from './test-wallets.ts';

/**
 * A withdrawal wallet on Tron (issue 25 item 3): TronLink is asked for its account and one signMessageV2
 * of the readable authorization, nothing else; the address shows linked, authorized and on its hold; a
 * revoke leaves it linked without authorization.
 */
test('a TronLink address is linked for withdrawals by one signMessageV2, then its authorization is revoked', async ({ page }) => {
  const tron = newTronAccount();
  await injectTronLink(page, tron);
  await signUpAndLogIn(page);
  const account = remoteIn(page, 'mfe-account');
  await account.getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await page.goto('/profile/withdraw');
  await account.getByTestId('link-wallet').click();
  const dialog = account.getByTestId('link-wallet-dialog');
  await dialog.getByRole('radio', { name: 'Tron' }).check();
  await dialog.getByTestId('link-tronlink').click();
  await expect(page.getByRole('status').filter({ hasText: 'Wallet linked' })).toBeVisible();
  const link = account.getByTestId('wallet-link');
  await expect(link).toHaveAttribute('data-chain', 'tron');
  await expect(link.getByTestId('wallet-address')).toHaveText(tron.address);
  await expect(link.getByTestId('wallet-authorization')).toHaveText('Authorized');
  expect(await walletCalls(page)).toEqual(['tron_requestAccounts', 'signMessageV2']);
  await link.getByTestId('wallet-revoke').click();
  await expect(link.getByTestId('wallet-authorization')).toHaveText('Authorization not completed');
  await expect(link.getByTestId('wallet-authorize')).toBeVisible();
});

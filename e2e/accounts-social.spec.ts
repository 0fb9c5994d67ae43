import { expect, test } from './fixtures.ts';

/**
 * Google sign-in end to end: `npm test` runs a local OpenID Connect provider on loopback and configures
 * it as the site's Google provider (code flow with PKCE, state and nonce; the real openid-client).
 */
test('Google sign-in through the local OpenID provider makes the account and signs it in', async ({ page }) => {
  const email = `social-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  await page.goto('/pass/login');
  await page.getByTestId('social-login').getByRole('button', { name: 'Continue with Google' }).click();

  // The provider's own pages: sign in, then allow Meridian to know the email.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-identity')).toHaveText(email);
  await expect(page.getByTestId('demo-badge')).toBeVisible();

  // The session is the server's (refresh cookie): it survives a reload.
  await page.reload();
  await expect(page.getByTestId('profile-identity')).toHaveText(email);
});

test('a provider return that this browser did not start is refused with a translated message', async ({ page }) => {
  await page.goto('/api/loginCallback/google?code=forged&state=forged');
  await expect(page).toHaveURL(/\/pass\/login\?social=failed&code=10096$/);
  await expect(page.getByRole('alert')).toHaveText('Signing in with the provider did not work. Please try again.');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/pass\/login\?redirect=%2Fprofile$/);
});

import type { Page, Request } from '@playwright/test';
import { ONE_PIXEL_PNG, expect, remoteIn, signUpAndLogIn, test } from './fixtures.ts';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;

/** The newest code mailed to an address, read from the development outbox as a developer would. */
async function mailedCode(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()).result as { text: string }[];
      code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The `virtually` header of the next account call the page makes. */
function nextVirtually(page: Page, path: string): Promise<string | undefined> {
  return page.waitForRequest((r: Request) => r.url().includes(path)).then((r) => r.headers()['virtually']);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/pass/login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-page')).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-link')).toBeVisible();
}

test('register with an emailed code, log in, switch real and back, change password, log out, log in again', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'first pass 1';
  const next = 'second pass 2';

  await page.goto('/pass/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Email').fill(email);
  await expect(page.getByTestId('email-availability')).toHaveText('This email is available.');
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toHaveText(/Send again in \d+ s/);
  await page.getByTestId('password-input').fill(password);
  await page.getByTestId('confirm-input').fill(password);
  await page.getByTestId('code-input').fill(await mailedCode(page, email));
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-identity')).toHaveText(email);
  await logOut(page);

  await logIn(page, email, password);
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.getByTestId('figure-baseBalance')).toHaveText('$100,000.00');

  // Real: the notice, no DEMO badge, `virtually: YES` on the next call, real balances (0).
  const realHeader = nextVirtually(page, '/user/getUserInfo');
  await page.getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  expect(await realHeader).toBe('YES');
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  await expect(page.getByTestId('figure-baseBalance')).toHaveText('$0.00');

  const demoHeader = nextVirtually(page, '/user/getUserInfo');
  await page.getByTestId('mode-demo').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your demo (virtual) account' })).toBeVisible();
  expect(await demoHeader).toBe('NO');
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.getByTestId('figure-baseBalance')).toHaveText('$100,000.00');

  // The mode survives a reload (stored locally and on the account); the session survives it too.
  await page.reload();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.getByTestId('mode-demo')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/profile/settings');
  await page.getByTestId('old-password').fill(password);
  await page.getByTestId('new-password').fill(next);
  await page.getByTestId('confirm-password').fill(next);
  await page.getByTestId('password-submit').click();
  // The server's 20005, translated: "modified successfully", and what it means here.
  await expect(page.getByRole('status').filter({ hasText: 'Modified successfully. Your other devices were signed out.' })).toBeVisible();

  await page.goto('/profile');
  await logOut(page);
  // Logged out: the account screens send the visitor to the login page.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/pass\/login\?redirect=%2Fprofile$/);

  await logIn(page, email, next);
  await expect(remoteIn(page, 'mfe-account')).toBeVisible();
});

test('a wrong password shows the translated message and signs nothing in', async ({ page }) => {
  await page.goto('/pass/login');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(uniqueEmail('nobody'));
  await form.getByLabel('Password', { exact: true }).fill('wrong pass 1');
  await page.getByTestId('login-submit').click();
  await expect(form.getByRole('alert')).toHaveText('The email or password is wrong.');
  await expect(page).toHaveURL(/\/pass\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('meridian.user'))).toBeNull();
});

test('the sign-up form checks every field before sending, in the chosen language', async ({ page }) => {
  await page.goto('/pass/register');
  await page.getByTestId('register-submit').click();
  const form = page.getByTestId('register-form');
  await expect(form.getByText('Please enter your email address.')).toBeVisible();
  await expect(form.getByText('Please enter your password.')).toBeVisible();
  await expect(form.getByText('Please enter the verification code.')).toBeVisible();
  await page.getByTestId('password-input').fill('abc');
  await page.getByTestId('confirm-input').fill('abd');
  await page.getByTestId('register-submit').click();
  await expect(form.getByText('The password must be 8 to 64 characters with letters and digits.')).toBeVisible();
  await expect(form.getByText('The two passwords are different.')).toBeVisible();
});

test('notifications: the bell counts unread ones and reading them clears it', async ({ page, request }) => {
  const email = uniqueEmail('bell');
  const password = 'bell pass 1';
  await request.post('/api/swx/customer/login/sendCode', { data: { email, purpose: 'register', language: 'en' } });
  const code = await mailedCode(page, email);
  await request.post('/api/swx/customer/login/register', { data: { email, password, code, language: 'en' } });
  await logIn(page, email, password);
  // A new browser (this page) after sign-up: a welcome and a new-device notification.
  await expect(page.getByTestId('unread-badge')).toHaveText('2');
  await page.getByTestId('notification-bell').click();
  await expect(page).toHaveURL(/\/profile\/notification$/);
  await expect(page.getByTestId('notification')).toHaveCount(2);
  await expect(page.getByTestId('notification').first()).toContainText('New sign-in to your account');
  // The end of the list says so.
  await expect(page.getByTestId('notifications-page').getByTestId('list-end')).toHaveText('No more data.');
  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});

test('the server’s 10001 and 10002 reach the login and sign-up pages translated (German)', async ({ page }) => {
  // German, chosen as a visitor does: the picker on a page with the top bar; the choice is kept.
  await page.goto('/market');
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);

  // The page checks the field itself, so the request is changed on its way: the server alone refuses it.
  await page.route('**/api/swx/customer/login/login', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: '' }) }),
  );
  await page.goto('/pass/login');
  const login = page.getByTestId('login-form');
  await login.getByLabel('E-Mail-Adresse').fill(uniqueEmail('de'));
  await login.getByLabel('Passwort', { exact: true }).fill('some pass 1');
  const noEmail = page.waitForResponse('**/api/swx/customer/login/login');
  await page.getByTestId('login-submit').click();
  expect((await (await noEmail).json()).code).toBe('10001');
  await expect(login.getByRole('alert')).toHaveText('Bitte geben Sie einen Benutzernamen oder eine E-Mail-Adresse ein.');

  await page.route('**/api/swx/customer/login/register', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'nicht-gueltig@' }) }),
  );
  await page.goto('/pass/register');
  const register = page.getByTestId('register-form');
  await register.getByLabel('E-Mail-Adresse').fill(uniqueEmail('de'));
  await page.getByTestId('password-input').fill('some pass 12');
  await page.getByTestId('confirm-input').fill('some pass 12');
  await page.getByTestId('code-input').fill('123456');
  const malformed = page.waitForResponse('**/api/swx/customer/login/register');
  await page.getByTestId('register-submit').click();
  expect((await (await malformed).json()).code).toBe('10002');
  await expect(register.getByRole('alert')).toHaveText('Die E-Mail-Adresse ist falsch.');
});

test('on the balance page an expired login first asks before going to the login page (SPEC §6)', async ({ page }) => {
  await signUpAndLogIn(page);
  const account = remoteIn(page, 'mfe-account');
  await account.getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await page.goto('/profile/balance');
  const form = account.getByTestId('deposit-form');
  const hash = 'ab'.repeat(32);
  await form.getByTestId('deposit-hash').fill(hash);
  await form.getByTestId('deposit-last6').fill(hash.slice(-6));
  await form.getByTestId('deposit-amount').fill('200');
  await form.getByTestId('deposit-proof').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  // The session ends on the server: every call answers 401, and so does the renewal.
  await page.route('**/api/swx/customer/**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: '401', message: 'login required', result: null }),
    }),
  );
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await form.getByTestId('deposit-review').click();
  await account.getByTestId('deposit-confirm').getByTestId('deposit-submit').click();
  await expect.poll(() => messages).toEqual(['Your login has expired. A withdrawal in progress may fail. Go to the login page?']);
  // Staying: still the balance page, with the form as it was. Accepting the next one: the login page.
  await expect(page).toHaveURL(/\/profile\/balance$/);
  page.once('dialog', (dialog) => void dialog.accept());
  await account.getByTestId('deposit-confirm').getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/pass\/login/);
});

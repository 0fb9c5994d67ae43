import { existsSync, readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Locator, Page } from '@playwright/test';
import { loanQuote, money } from '@meridian/contracts';
import type { LoanProductsResult } from '@meridian/contracts';
import { Wallet } from 'ethers';
import { ONE_PIXEL_PNG, expect, remoteIn, signUpAndLogIn, test } from './fixtures.ts';
import { readPdf } from './pdf-reader.ts';
import { injectEthereumWallet, walletCalls } from './test-wallets.ts';

/**
 * The back-office as operators use it, in order: the newcomer follows the set-up link `npm start`
 * printed, enrols TOTP (codes computed from the secret, as an authenticator app does), signs in,
 * invites operators; a support operator answers a /kf.html visitor; an admin changes the trading fee
 * and the audit log shows it; a correction needs a second operator and reaches the customer.
 */
test.describe.configure({ mode: 'serial' });

const code = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

interface Operator {
  email: string;
  password: string;
  secret: string;
}
const ops: Record<string, Operator> = {};
/** The admin's tab, signed in once and kept for the journey (a back-office session lives in its tab). */
let adminPage: Page;
const invited: Record<string, string> = {};
/** The customer whose USDT deposit the deposit journey credits: the withdrawal journey spends it. */
let depositor: { email: string; password: string } | undefined;
/** Finance B's signed-in tab, kept from the deposit journey for the withdrawal journey. */
let financeTab: Page | undefined;

/** Sets an operator up from their link in a fresh browser context; returns the signed-in page. */
async function setUp(browser: Browser, baseURL: string, link: string, who: { email?: string; name?: string; password: string }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`/admin/setup#${link.split('#')[1]}`);
  const bo = remoteIn(page, 'mfe-backoffice');
  const secret = (await bo.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  if (who.email) await bo.getByLabel('Email').fill(who.email);
  if (who.name) await bo.getByLabel('Your name').fill(who.name);
  await bo.getByLabel('New password').fill(who.password);
  await bo.getByLabel('Confirm the password').fill(who.password);
  await bo.getByLabel('Code from the authenticator app').fill(code(secret));
  await bo.getByTestId('setup-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(bo.getByTestId('admin-layout')).toBeVisible();
  return { page, secret };
}

async function invite(page: Page, email: string, name: string, roles: string[]): Promise<string> {
  await page.goto('/admin/operators');
  const bo = remoteIn(page, 'mfe-backoffice');
  const form = bo.getByTestId('invite-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill(name);
  for (const role of roles) await form.getByTestId(`invite-role-${role}`).check();
  await form.getByTestId('invite-submit').click();
  const link = (await bo.getByTestId('setup-link').textContent())!.trim();
  expect(link).toMatch(/\/admin\/setup#[A-Za-z0-9_-]{43}$/);
  return link;
}

test.beforeEach(({ page: _page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the back-office journey runs once, on desktop');
});

test('a newcomer follows the printed set-up link, enrols TOTP, signs out and in, and invites operators', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  adminPage = page;
  const file = process.env.MERIDIAN_SETUP_LINK_FILE ?? '';
  await expect.poll(() => file && existsSync(file)).toBe(true);
  const link = readFileSync(file, 'utf8').trim();
  const bo = remoteIn(page, 'mfe-backoffice');

  // Follow the link, enrol the authenticator with the secret shown, choose a password.
  await page.goto(`/admin/setup#${link.split('#')[1]}`);
  await expect(bo.getByTestId('totp-qr')).toBeVisible();
  const secret = (await bo.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  ops.admin = { email: 'root@ops.example', password: 'Admin-pass-1', secret };
  await bo.getByLabel('Email').fill(ops.admin.email);
  await bo.getByLabel('Your name').fill('Root');
  await bo.getByLabel('New password').fill(ops.admin.password);
  await bo.getByLabel('Confirm the password').fill(ops.admin.password);
  await bo.getByLabel('Code from the authenticator app').fill('000000');
  await bo.getByTestId('setup-submit').click();
  await expect(bo.getByTestId('setup-failure')).toBeVisible();
  const setupCode = code(secret);
  await bo.getByLabel('Code from the authenticator app').fill(setupCode);
  await bo.getByTestId('setup-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(bo.getByTestId('admin-operator')).toContainText(ops.admin.email);
  // The link works once.
  await page.goto(`/admin/setup#${link.split('#')[1]}`);
  await expect(bo.getByTestId('setup-invalid')).toBeVisible();

  // Sign out, then in with the next code of the app. The very code used at set-up is spent: replaying
  // it is refused even if its 30-second step is still current (a fresh code of a later step would not be).
  await page.goto('/admin');
  await bo.getByTestId('admin-sign-out').click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  const form = bo.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(ops.admin.email);
  await form.getByLabel('Password').fill(ops.admin.password);
  await form.getByLabel('Authenticator code').fill(setupCode);
  await form.getByTestId('sign-in-submit').click();
  await expect(bo.getByTestId('sign-in-failure')).toBeVisible();
  await form.getByLabel('Authenticator code').fill(code(secret, Date.now() + 30_000));
  await form.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(bo.getByTestId('queue-card-support')).toBeVisible();

  invited.support = await invite(page, 'help@ops.example', 'Helen', ['support']);
  await bo.getByTestId('invite-another').click();
  invited.financeA = await invite(page, 'fin-a@ops.example', 'Ana', ['finance']);
  await bo.getByTestId('invite-another').click();
  invited.financeB = await invite(page, 'fin-b@ops.example', 'Ben', ['finance']);
  await bo.getByTestId('invite-another').click();
  invited.reviewer = await invite(page, 'rev@ops.example', 'Rita', ['reviewer']);
  await expect(bo.getByTestId('operator-row')).toHaveCount(5);
});

test('a support operator answers a /kf.html conversation and the visitor sees the answer', async ({ browser, baseURL, page }) => {
  // A visitor writes to customer service.
  await page.goto('/kf.html');
  const open = page.getByTestId('kf-open-form');
  await open.getByLabel('Your email').fill('visitor@example.com');
  await open.getByLabel('Your message').fill('Where is my back-office answer?');
  await open.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('kf-message')).toHaveCount(1);
  const ticket = new URL(page.url()).searchParams.get('ticket')!;

  const { page: support, secret } = await setUp(browser, baseURL!, invited.support!, { password: 'Support-pass-1' });
  ops.support = { email: 'help@ops.example', password: 'Support-pass-1', secret };
  const bo = remoteIn(support, 'mfe-backoffice');
  await support.goto('/admin/support');
  await bo.locator(`[data-testid="support-link"][href$="${ticket}"]`).click();
  await expect(bo.getByTestId('support-message')).toHaveCount(1);
  await bo.getByRole('textbox', { name: 'Your reply' }).fill('It is here: we answered from the back-office.');
  await bo.getByRole('button', { name: 'Send reply' }).click();
  await expect(bo.getByTestId('support-message')).toHaveCount(2);
  await support.context().close();

  await page.reload();
  await expect(page.getByTestId('kf-message')).toHaveCount(2);
  await expect(page.getByTestId('kf-message').last()).toContainText('It is here: we answered from the back-office.');
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
});

test('an admin changes the trading fee for everyone and the audit log shows before and after', async () => {
  const page = adminPage;
  const bo = remoteIn(page, 'mfe-backoffice');
  await page.goto('/admin/settings');
  const row = bo.getByTestId('setting-trading_fee_percent');
  await row.getByTestId('edit-setting-trading_fee_percent').click();
  await row.getByTestId('setting-input').fill('150');
  await row.getByTestId('setting-save').click();
  await expect(row.getByTestId('setting-input')).toHaveAttribute('aria-invalid', 'true');
  await row.getByTestId('setting-input').fill('0.2');
  await row.getByTestId('setting-save').click();
  await bo.getByTestId('confirm-ok').click();
  await expect(row.getByTestId('setting-value')).toContainText('0.2');
  const param = await (await page.request.get('/api/swx/customer/index/getParamByKey/trading_fee_percent')).json();
  expect(param.result.value).toBe('0.2');

  // An options product's row is checked in place, with the contract's rule, before any confirmation.
  const product = bo.getByTestId('products-table').locator('tbody tr').first();
  await product.getByTestId('edit-product').click();
  await product.getByTestId('product-payoutPercent').fill('abc');
  await product.getByTestId('product-save').click();
  await expect(product.getByTestId('product-payoutPercent')).toHaveAttribute('aria-invalid', 'true');
  await expect(product).toContainText('Please enter a correct amount');
  await expect(bo.getByTestId('product-confirm')).toHaveCount(0);
  await product.getByTestId('product-cancel').click();
  await expect(product.getByTestId('product-payoutPercent')).toHaveCount(0);

  await page.goto('/admin/audit');
  await bo.getByTestId('audit-action').selectOption('setting.change');
  await bo.getByTestId('audit-search').click();
  const entry = bo.getByTestId('audit-row').first();
  await expect(entry).toContainText(ops.admin!.email);
  await expect(entry).toContainText('trading_fee_percent');
  await expect(entry).toContainText('0.1');
  await expect(entry).toContainText('0.2');
  await page.context().close();
});

test("a correction: A proposes and cannot approve; the next operator in A's tab sees nothing of A's; B approves and the dashboard counts it; the customer is notified", async ({
  browser,
  baseURL,
  page,
}) => {
  const customer = await signUpAndLogIn(page);

  const { page: a, secret: secretA } = await setUp(browser, baseURL!, invited.financeA!, { password: 'Finance-pass-1' });
  ops.financeA = { email: 'fin-a@ops.example', password: 'Finance-pass-1', secret: secretA };
  const boA = remoteIn(a, 'mfe-backoffice');
  await a.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await boA.getByTestId('user-link').first().click();
  await boA.getByTestId('propose-correction').click();
  await expect(boA.getByTestId('correction-user')).not.toHaveValue('');
  await boA.getByTestId('correction-mode-real').check();
  await boA.getByTestId('correction-direction-credit').check();
  await boA.getByTestId('correction-amount').fill('12.5');
  await boA.getByTestId('correction-reason').selectOption('compensation');
  await boA.getByTestId('correction-note').fill('Outage on the 20th');
  await boA.getByTestId('propose-submit').click();
  await boA.getByTestId('propose-dialog').getByTestId('confirm-submit').click();
  await expect(boA.getByTestId('proposal-sent')).toBeVisible();
  const mine = boA.getByTestId('pending-correction').first();
  await expect(mine.getByTestId('correction-approve')).toBeDisabled();
  await expect(mine.getByTestId('second-operator')).toBeVisible();

  // A opens the customer (the pending correction is among the items A may read) and signs out; the
  // support operator signs in in the same tab and lands on the same page. Nothing of A's is shown
  // before the server has answered the support operator's own request, and it never shows the
  // correction, which support may not read (issue 24 item 1).
  const userId = new URL(a.url()).searchParams.get('user')!;
  expect(userId).not.toBe('');
  await a.goto(`/admin/users/${userId}`);
  await expect(boA.getByTestId('user-reviews').getByTestId('review-row')).toHaveCount(1);
  await boA.getByTestId('admin-sign-out').click();
  await expect(a).toHaveURL(/\/admin\/sign-in/);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await a.route(`**/api/admin/users/${userId}`, async (route) => {
    await held;
    await route.continue();
  });
  const form = boA.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(ops.support!.email);
  await form.getByLabel('Password').fill(ops.support!.password);
  await form.getByLabel('Authenticator code').fill(code(ops.support!.secret, Date.now() + 30_000));
  await form.getByTestId('sign-in-submit').click();
  await expect(a).toHaveURL(new RegExp(`/admin/users/${userId}$`));
  await expect(boA.getByTestId('admin-operator')).toContainText(ops.support!.email);
  await expect(boA.getByTestId('user-page')).toBeVisible();
  await expect(boA.getByTestId('user-email')).toHaveCount(0);
  await expect(boA.getByTestId('review-row')).toHaveCount(0);
  release();
  await expect(boA.getByTestId('user-email')).toContainText(customer.email);
  await expect(boA.getByTestId('user-reviews')).toBeVisible();
  await expect(boA.getByTestId('review-row')).toHaveCount(0);
  await a.context().close();

  // The customer has their notifications open while B decides: the decision reaches the open page over the
  // live connection (a user event naming the queries to read again), without a reload (issue 24 item 6).
  await page.goto('/profile/notification');
  const customerPage = remoteIn(page, 'mfe-account');
  await expect(customerPage.getByTestId('notification').first().or(customerPage.getByText('No notifications yet.'))).toBeVisible();
  await expect(customerPage.getByText('Balance correction')).toHaveCount(0);

  // B reads the dashboard, decides in the corrections section and comes back through the nav: the
  // dashboard counts the decision without a reload.
  const { page: b, secret: secretB } = await setUp(browser, baseURL!, invited.financeB!, { password: 'Finance-pass-2' });
  ops.financeB = { email: 'fin-b@ops.example', password: 'Finance-pass-2', secret: secretB };
  const boB = remoteIn(b, 'mfe-backoffice');
  const correctionsPending = boB.getByTestId('queue-card-correction').getByTestId('queue-pending');
  await expect(correctionsPending).toHaveText(/^\d+$/);
  const before = Number(await correctionsPending.textContent());
  expect(before).toBeGreaterThan(0);
  await boB.getByTestId('nav-corrections').click();
  const pending = boB.getByTestId('pending-correction').first();
  await pending.getByTestId('correction-approve').click();
  await boB.getByTestId('correction-decide-dialog').getByTestId('confirm-submit').click();
  await expect(boB.getByTestId('pending-correction')).toHaveCount(0);
  await expect(boB.getByTestId('decided-correction').first()).toBeVisible();
  await boB.getByTestId('nav-dashboard').click();
  await expect(correctionsPending).toHaveText(String(before - 1));
  await b.context().close();

  await expect(customerPage.getByText('Balance correction').first()).toBeVisible();
  await expect(customerPage.getByText(/12\.50/).first()).toBeVisible();
});

/** An operator set up earlier signs in in a fresh context (the next code of their app); returns the page. */
async function signIn(browser: Browser, baseURL: string, op: Operator): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/admin/sign-in');
  const form = remoteIn(page, 'mfe-backoffice').getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(op.email);
  await form.getByLabel('Password').fill(op.password);
  // A code is spent once: signed in again within the same 30 s step, the operator waits for the next step's code.
  const step = () => Math.floor((Date.now() + 30_000) / 30_000);
  await expect.poll(step, { timeout: 35_000 }).toBeGreaterThan(lastStep.get(op.email) ?? 0);
  lastStep.set(op.email, step());
  await form.getByLabel('Authenticator code').fill(code(op.secret, Date.now() + 30_000));
  await form.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

/** The TOTP step each operator last signed in with through `signIn`. */
const lastStep = new Map<string, number>();

test('a deposit: USDT on TRC-20 with a proof; finance approves it from the queue with the proof in view; the balance and the timeline update live', async ({
  browser,
  baseURL,
  page,
}) => {
  // The customer signed up with a friend's invite code: their first approved deposit rewards the friend.
  const friendContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const friendPage = await friendContext.newPage();
  await signUpAndLogIn(friendPage);
  await friendPage.goto('/profile/invite');
  const friendAccount = remoteIn(friendPage, 'mfe-account');
  const inviteCode = (await friendAccount.getByTestId('invite-code').textContent())!.trim();
  await expect(friendAccount.getByTestId('invite-rule')).toContainText('10.00 USDT');
  await expect(friendAccount.getByTestId('invite-paid')).toHaveAttribute('data-value', '0');

  depositor = await signUpAndLogIn(page, { inviteCode });
  const account = remoteIn(page, 'mfe-account');
  await account.getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await page.goto('/profile/balance');
  const form = account.getByTestId('deposit-form');
  await expect(account.getByTestId('funding-promise')).toContainText('We never ask you to approve token spending');
  await expect(account.getByTestId('deposit-address-text')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(account.getByTestId('deposit-qr')).toBeVisible();
  await expect(account.getByTestId('deposit-minimum')).toContainText('120');

  // The rules are checked before anything is sent: a hash of the wrong shape, a last 6 that is not its
  // end, an amount under the minimum, no proof.
  const hash = Array.from({ length: 64 }, (_, i) => '0123456789abcdef'[(i * 7 + Date.now()) % 16]).join('');
  await form.getByTestId('deposit-hash').fill(`0x${hash}`);
  await form.getByTestId('deposit-last6').fill('000000');
  await form.getByTestId('deposit-amount').fill('119');
  await form.getByTestId('deposit-review').click();
  await expect(form.getByText('Enter the transaction hash as 64 hexadecimal characters (no 0x).')).toBeVisible();
  await expect(form.getByText('The minimum deposit for USDT is 120.')).toBeVisible();
  await expect(form.getByText('Please upload the required image of the receipt.')).toBeVisible();
  await expect(account.getByTestId('deposit-confirm')).toHaveCount(0);

  await form.getByTestId('deposit-hash').fill(hash);
  await form.getByTestId('deposit-review').click();
  await expect(form.getByText('The last 6 characters do not match the end of the transaction hash.')).toBeVisible();
  await form.getByTestId('deposit-last6').fill(hash.slice(-6));
  await form.getByTestId('deposit-amount').fill('150');
  await form.getByTestId('deposit-proof').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await form.getByTestId('deposit-review').click();
  const confirm = account.getByTestId('deposit-confirm');
  await expect(confirm.getByTestId('confirm-amount')).toContainText('150');
  await confirm.getByTestId('deposit-submit').click();
  await expect(account.getByTestId('deposit-sent')).toBeVisible();
  const record = account.getByTestId('deposit-record').first();
  await expect(record.getByTestId('deposit-state')).toHaveText('Waiting for review');
  const usdtTotal = account.getByTestId('currency-balances').locator('tr[data-currency="USDT"] [data-testid="total"]');
  await expect(usdtTotal).toHaveAttribute('data-value', '0');

  // Finance B takes it from the deposit queue, with the proof large and the hash linked to its explorer.
  const b = await signIn(browser, baseURL!, ops.financeB!);
  const bo = remoteIn(b, 'mfe-backoffice');
  await b.goto('/admin/queues?kind=deposit');
  await bo.getByTestId('review-link').first().click();
  await expect(bo.getByTestId('evidence-upload')).toBeVisible();
  await expect(bo.getByRole('link', { name: hash })).toHaveAttribute('href', `https://tronscan.org/#/transaction/${hash}`);
  await bo.getByTestId('decision-approve').check();
  await bo.getByTestId('decide-submit').click();
  await bo.getByTestId('decide-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText(/Completed/);
  // Finance B's tab stays open for the withdrawal journey (a second sign-in in the same 30 s would reuse a code).
  financeTab = b;

  // The customer's open page follows without a reload: credited, the timeline's last step done.
  await expect(record.getByTestId('deposit-state')).toHaveText('Credited');
  await expect(record.getByTestId('deposit-step-approved')).toHaveAttribute('data-done', 'true');
  await expect(usdtTotal).toHaveAttribute('data-value', '150');

  // The statement of USDT shows the credit, and its CSV export (streamed by the API) has the same row.
  await account.getByTestId('statement-currency').selectOption('USDT');
  const line = account.getByTestId('statement-line').first();
  await expect(line).toHaveAttribute('data-type', 'deposit_credit');
  await expect(line.locator('[data-value]')).toHaveAttribute('data-value', '150');
  const [download] = await Promise.all([page.waitForEvent('download'), account.getByTestId('statement-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^meridian-statement-real-USDT-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('id,time,type,currency,amount,from,to,reference_kind,reference_id');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(/^\d+,[^,]+,deposit_credit,USDT,150,platform,cash,deposit,\d+$/);

  // The friend's open invite page shows the reward, once, from the ledger.
  await expect(friendAccount.getByTestId('invite-paid')).toHaveAttribute('data-value', '10');
  await expect(friendAccount.getByTestId('invite-friend')).toHaveCount(1);
  await expect(friendAccount.getByTestId('invite-friend-reward')).toHaveText('+10.00 USDT');
  await friendContext.close();
});

/** The newest mail to an address whose subject matches, through the development outbox. */
async function mailTo(page: Page, email: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).result as {
        subject: string;
        text: string;
      }[];
      text = mails.find((mail) => subject.test(mail.subject))?.text ?? '';
      return text;
    })
    .toBeTruthy();
  return text;
}

test('a withdrawal: the customer links an Ethereum wallet by signing the authorization, withdraws with the e-mailed code; finance pays it with a hash, rejects another; revoking stops the next', async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(depositor, 'the deposit journey funded this customer').toBeDefined();
  expect(financeTab, "the deposit journey kept finance B's tab").toBeDefined();
  const wallet = Wallet.createRandom();
  await injectEthereumWallet(page, wallet);
  await page.goto('/pass/login');
  await page.getByTestId('login-form').getByLabel('Email').fill(depositor!.email);
  await page.getByTestId('login-form').getByLabel('Password', { exact: true }).fill(depositor!.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.goto('/profile/withdraw');
  const account = remoteIn(page, 'mfe-account');
  await expect(account.getByTestId('funding-promise')).toContainText('We never ask you to approve token spending');
  await expect(account.getByTestId('withdraw-no-address')).toBeVisible();

  // Linking: the wallet is asked for its account, its chain and one personal_sign — nothing else.
  await account.getByTestId('link-wallet').click();
  await account.getByTestId('link-wallet-dialog').getByTestId('link-ethereum-wallet').click();
  await expect(page.getByRole('status').filter({ hasText: 'Wallet linked' })).toBeVisible();
  const link = account.getByTestId('wallet-link');
  await expect(link.getByTestId('wallet-address')).toHaveText(wallet.address);
  await expect(link.getByTestId('wallet-authorization')).toHaveText('Authorized');
  expect(new Set(await walletCalls(page))).toEqual(new Set(['eth_requestAccounts', 'eth_chainId', 'personal_sign']));
  const linkedMail = await mailTo(page, depositor!.email, /withdrawal address was linked/);
  const cancelLink = /(\/pass\/wallet-cancel\?token=[A-Za-z0-9_-]+)/.exec(linkedMail)![1]!;
  // The test site's hold is 3 s; the countdown ends and the address becomes usable.
  await expect(link.getByTestId('wallet-hold')).toContainText('Usable for withdrawals since');

  const form = account.getByTestId('withdraw-form');
  await form.getByTestId('withdraw-network').selectOption('ERC-20');
  await expect(form.getByTestId('withdraw-address')).toHaveValue(wallet.address);
  await form.getByTestId('withdraw-amount').fill('5');
  await form.getByTestId('withdraw-review').click();
  await expect(form.getByText('The minimum withdrawal for USDT is 10.')).toBeVisible();
  await form.getByTestId('withdraw-amount').fill('20');
  await expect(form.getByTestId('withdraw-fee')).toHaveText(/0\.20/);
  await expect(form.getByTestId('withdraw-received')).toHaveText(/19\.80/);
  await form.getByTestId('withdraw-send-code').click();
  const mailed = /\b(\d{6})\b/.exec(await mailTo(page, depositor!.email, /withdrawal code/))![1]!;
  await form.getByTestId('withdraw-code').fill(mailed);
  await form.getByTestId('withdraw-review').click();
  const confirm = account.getByTestId('withdraw-confirm');
  await expect(confirm.getByTestId('confirm-received')).toContainText('19.80');
  await confirm.getByTestId('withdraw-submit').click();
  await expect(account.getByTestId('withdraw-sent')).toBeVisible();
  const record = account.getByTestId('withdrawal-record').first();
  await expect(record.getByTestId('withdrawal-state')).toHaveText('Waiting for review');

  // Finance B approves it from the withdrawal queue, then records the payout's hash.
  const b = financeTab!;
  const bo = remoteIn(b, 'mfe-backoffice');
  await b.goto('/admin/queues?kind=withdrawal');
  await bo.getByTestId('review-link').first().click();
  await expect(bo.getByTestId('review-evidence')).toContainText(wallet.address);
  await bo.getByTestId('decision-approve').check();
  await bo.getByTestId('decide-submit').click();
  await bo.getByTestId('decide-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText('Approved');
  await expect(record.getByTestId('withdrawal-state')).toHaveText('Approved, payout to come');
  const payout = `0x${'ab'.repeat(32)}`;
  await bo.getByTestId('payout-hash').fill(payout);
  await bo.getByTestId('pay-submit').click();
  await bo.getByTestId('step-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText('Paid');

  // The customer's open page follows: paid, with the hash on its explorer.
  await expect(record.getByTestId('withdrawal-state')).toHaveText('Paid');
  await expect(record.getByTestId('withdrawal-step-paid')).toHaveAttribute('data-done', 'true');
  await expect(record.getByTestId('withdrawal-payout')).toHaveAttribute('href', `https://etherscan.io/tx/${payout}`);

  // A second request, rejected: its held amount returns.
  await form.getByTestId('withdraw-amount').fill('20');
  await expect(form.getByText('available 130.00 USDT')).toBeVisible();
  // The first code was used: the next one may be asked for at once.
  await expect(form.getByTestId('withdraw-send-code')).toBeEnabled();
  await form.getByTestId('withdraw-send-code').click();
  await expect.poll(async () => /\b(\d{6})\b/.exec(await mailTo(page, depositor!.email, /withdrawal code/))![1]).not.toBe(mailed);
  await form.getByTestId('withdraw-code').fill(/\b(\d{6})\b/.exec(await mailTo(page, depositor!.email, /withdrawal code/))![1]!);
  await form.getByTestId('withdraw-review').click();
  await confirm.getByTestId('withdraw-submit').click();
  await expect(form.getByText('available 110.00 USDT')).toBeVisible();
  await b.goto('/admin/queues?kind=withdrawal');
  await bo.getByTestId('review-link').first().click();
  await bo.getByTestId('decision-reject').check();
  await bo.getByTestId('decision-reason').selectOption('securityHold');
  await bo.getByTestId('decide-submit').click();
  await bo.getByTestId('decide-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText('Rejected');
  await b.context().close();
  const rejected = account.getByTestId('withdrawal-record').first();
  await expect(rejected.getByTestId('withdrawal-state')).toHaveText('Rejected, funds returned');
  await expect(rejected.getByTestId('withdrawal-reason')).toHaveText('Held for a security check');
  await expect(form.getByText('available 130.00 USDT')).toBeVisible();

  // Revoking the authorization stops the next withdrawal: "authorization not completed".
  await link.getByTestId('wallet-revoke').click();
  await expect(link.getByTestId('wallet-authorization')).toHaveText('Authorization not completed');
  await expect(form.getByTestId('withdraw-unauthorized')).toContainText('Authorization not completed');
  await expect(form.getByTestId('withdraw-review')).toBeDisabled();

  // Flash exchange: the quote's countdown runs out (4 s on the test site) and it is refused; a new quote
  // is carried out, both currencies moving at once.
  await page.goto('/profile/balance');
  const exchange = account.getByTestId('exchange-form');
  await exchange.getByTestId('exchange-from').selectOption('USDT');
  await exchange.getByTestId('exchange-amount').fill('120');
  await exchange.getByTestId('exchange-quote-button').click();
  const quote = account.getByTestId('exchange-quote');
  await expect(quote.getByTestId('quote-fee')).toContainText('0.24');
  await expect(quote.getByTestId('quote-expiry')).toHaveText('This quote has expired. Please get a new quote.');
  await expect(quote.getByTestId('exchange-submit')).toHaveCount(0);
  await quote.getByTestId('exchange-requote').click();
  await expect(quote.getByTestId('quote-expiry')).toContainText('This quote holds for');
  const received = (await quote.getByTestId('quote-received').textContent())!;
  await quote.getByTestId('exchange-submit').click();
  await expect(page.getByRole('status').filter({ hasText: 'Exchanged' })).toBeVisible();
  await expect(account.getByTestId('exchange-record').first()).toContainText(received);
  const rows = account.getByTestId('currency-balances');
  await expect(rows.locator('tr[data-currency="USDT"] [data-testid="available"]')).toHaveAttribute('data-value', '10');
  await expect(rows.locator('tr[data-currency="USD"] [data-testid="available"]')).not.toHaveAttribute('data-value', '0');

  // The e-mailed cancel link: opening it changes nothing until the person confirms; then the address is gone.
  await page.goto(cancelLink);
  const cancelPage = page.getByTestId('wallet-cancel-page');
  await expect(cancelPage.getByTestId('wallet-cancel-confirm')).toBeVisible();
  await cancelPage.getByTestId('wallet-cancel-confirm').click();
  await expect(cancelPage.getByTestId('wallet-cancel-done')).toContainText(wallet.address);
  await page.goto('/profile/withdraw');
  await expect(account.getByText('No withdrawal wallet linked yet.')).toBeVisible();
});

/** The verification form's facts (the photos and the signature are picked and drawn beside them). */
async function fillIdentity(form: Locator): Promise<void> {
  await form.getByTestId('kyc-first-name').fill('Erika');
  await form.getByTestId('kyc-last-name').fill('Mustermann');
  await form.getByTestId('kyc-birthdate').fill('1988-04-12');
  await form.getByTestId('kyc-sex').selectOption('female');
  await form.getByTestId('kyc-country').selectOption('DE');
  await form.getByTestId('kyc-address').fill('Heidestraße 17, 51147 Köln');
  await form.getByTestId('kyc-phone').fill('15112345678');
}

/** Draws a signature stroke across a signature pad, as a mouse would. */
async function sign(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
  await page.mouse.up();
}

test('identity and a loan: sent to verification, KYC with photos and a drawn signature, rejected with a reason read in German, resubmitted and verified; the loan is signed, its agreement PDF carries the terms and the signature, approved, paid out, partly repaid', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page);
  const account = remoteIn(page, 'mfe-account');
  await account.getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();

  // A real account without verified identity is sent to verification.
  await page.goto('/loan');
  const loans = remoteIn(page, 'mfe-loans');
  await expect(loans.getByTestId('loan-gate')).toHaveAttribute('data-gate', 'kyc');
  await expect(loans.getByTestId('loan-gate')).toContainText('KYC first');
  await loans.getByTestId('loan-gate-kyc').click();
  await expect(page).toHaveURL(/\/profile\/verify$/);
  await expect(account.getByTestId('kyc-status')).toHaveAttribute('data-status', 'unverified');

  // The form checks itself first: nothing picked, nothing signed.
  const form = account.getByTestId('kyc-form');
  await form.getByTestId('kyc-submit').click();
  await expect(form.getByText('Enter your first name.')).toBeVisible();
  await expect(form.getByText('Not signed: draw your signature.')).toBeVisible();
  const photo = (name: string) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await fillIdentity(form);
  await form.getByTestId('kyc-photo-front').setInputFiles(photo('front'));
  await form.getByTestId('kyc-photo-back').setInputFiles(photo('back'));
  await form.getByTestId('kyc-photo-hand').setInputFiles(photo('hand'));
  await sign(page, form.getByTestId('kyc-signature'));
  await form.getByTestId('kyc-submit').click();
  await expect(account.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
  await expect(account.getByTestId('kyc-deadline')).toContainText('left');
  await expect(account.getByTestId('kyc-image-signature')).toBeVisible();

  // The reviewer sets up, opens the KYC queue and sees the photos and the signature side by side; rejects.
  const { page: reviewer } = await setUp(browser, baseURL!, invited.reviewer!, { password: 'Reviewer-pass-1' });
  const bo = remoteIn(reviewer, 'mfe-backoffice');
  await reviewer.goto('/admin/queues?kind=kyc');
  await bo.getByTestId('review-link').first().click();
  await expect(bo.getByTestId('evidence-uploads').getByTestId('evidence-upload')).toHaveCount(4);
  await expect(bo.getByTestId('review-evidence')).toContainText('Mustermann');
  await bo.getByTestId('decision-reject').check();
  await bo.getByTestId('decision-reason').selectOption('documentUnreadable');
  await bo.getByTestId('decide-submit').click();
  await bo.getByTestId('decide-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText('Rejected');

  // The customer reads the reason in German (their open page follows the decision live).
  await expect(account.getByTestId('kyc-status')).toHaveAttribute('data-status', 'failed');
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^de/);
  const german = JSON.parse(readFileSync(new URL('../mfe-account/src/locales/de.json', import.meta.url), 'utf8')) as {
    kyc: { reasons: Record<string, string> };
  };
  await expect(account.getByTestId('kyc-reason')).toContainText(german.kyc.reasons.documentUnreadable!);
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/);

  // Resubmitted with a passport (no back to photograph), then verified.
  await fillIdentity(form);
  await form.getByTestId('kyc-document').selectOption('passport');
  await expect(form.getByTestId('kyc-photo-back')).toHaveCount(0);
  await form.getByTestId('kyc-photo-front').setInputFiles(photo('passport'));
  await form.getByTestId('kyc-photo-hand').setInputFiles(photo('hand'));
  // Signed this time without a pointer: the typed name is written on the pad (keyboard access).
  await form.getByTestId('kyc-signature-typed').fill('Erika Mustermann');
  await form.getByTestId('kyc-signature-use-typed').press('Enter');
  await form.getByTestId('kyc-submit').click();
  await expect(account.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
  await expect(account.getByTestId('kyc-image-signature')).toBeVisible();
  await reviewer.goto('/admin/queues?kind=kyc');
  await bo.getByTestId('review-link').first().click();
  await expect(bo.getByTestId('evidence-uploads').getByTestId('evidence-upload')).toHaveCount(3);
  await bo.getByTestId('decision-approve').check();
  await bo.getByTestId('decide-submit').click();
  await bo.getByTestId('decide-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText('Approved');
  await expect(account.getByTestId('kyc-status')).toHaveAttribute('data-status', 'verified');

  // The loan: a product, an amount; the calculator states the cost before anything is sent.
  const terms = (await (await page.request.get('/api/swx/customer/index/listLoanProducts')).json()).result as LoanProductsResult;
  const product = terms.products.find((p) => money(p.minAmount).lte('1000') && money(p.maxAmount).gte('1000'))!;
  const quote = loanQuote('1000', product, terms.interestFreeDays);
  await page.goto('/loan');
  const apply = loans.getByTestId('loan-form');
  await apply.getByTestId(`loan-product-${product.termDays}`).click();
  await apply.getByTestId('loan-amount').fill('1000');
  await expect(apply.getByTestId('calc-interest')).toContainText(quote.totalInterest);
  // 1,0xx.xx: the repayment in the page's number format.
  await expect(apply.getByTestId('calc-repayment')).toContainText(`1,${quote.repaymentAmount.slice(1)}`);
  await apply.getByTestId('loan-review').click();
  await expect(apply.getByText('Not signed: draw your signature.')).toBeVisible();
  await sign(page, apply.getByTestId('loan-signature'));
  await apply.getByTestId('loan-review').click();
  const confirm = loans.getByTestId('loan-confirm');
  await expect(confirm.getByTestId('confirm-interest')).toContainText(quote.totalInterest);
  await confirm.getByTestId('loan-submit').click();
  await expect(page).toHaveURL(/\/loan\/\d+$/);
  await expect(loans.getByTestId('loan-state')).toHaveAttribute('data-state', 'pending');

  // The agreement: the terms in its text, the drawn signature as an image in it.
  const [download] = await Promise.all([page.waitForEvent('download'), loans.getByTestId('agreement-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^meridian-loan-\d+\.pdf$/);
  const pdf = await readPdf(new Uint8Array(readFileSync((await download.path())!)));
  expect(pdf.text).toContain('Erika Mustermann');
  for (const figure of ['1000.00', quote.totalInterest, quote.repaymentAmount, product.dailyRatePercent])
    expect(pdf.text).toContain(figure);
  expect(pdf.text).toContain(String(product.termDays));
  expect(pdf.images.length).toBeGreaterThanOrEqual(1);

  // The reviewer approves with the agreement in view; the principal reaches the balance.
  await reviewer.goto('/admin/queues?kind=loan');
  await bo.getByTestId('review-link').first().click();
  await expect(bo.getByTestId('review-document').locator('iframe')).toBeVisible();
  await expect(bo.getByTestId('evidence-upload')).toHaveCount(1);
  await bo.getByTestId('decision-approve').check();
  await bo.getByTestId('decide-submit').click();
  await bo.getByTestId('decide-dialog').getByTestId('confirm-submit').click();
  await expect(bo.getByTestId('review-state')).toContainText(/Completed/);
  await reviewer.context().close();
  await expect(loans.getByTestId('loan-state')).toHaveAttribute('data-state', 'repaying');
  await expect(loans.getByTestId('loan-owed')).toContainText('1,000.00');
  await page.goto('/profile');
  await expect(account.getByTestId('figure-baseBalance')).toHaveAttribute('data-value', '1000');
  await expect(account.getByTestId('figure-loanAmount')).toHaveAttribute('data-value', '1000');

  // A partial repayment, confirmed with how it is applied; the loan amount falls.
  await page.goBack();
  await expect(loans.getByTestId('loan-repay')).toBeVisible();
  await loans.getByTestId('repay-amount').fill('300');
  await loans.getByTestId('repay-review').click();
  const repay = loans.getByTestId('repay-confirm');
  await expect(repay.getByTestId('repay-confirm-principal')).toContainText('300.00');
  await repay.getByTestId('repay-submit').click();
  await expect(loans.getByTestId('loan-owed')).toContainText('700.00');
  await expect(loans.getByTestId('loan-event').first()).toHaveAttribute('data-kind', 'repayment');
  await page.goto('/profile');
  await expect(account.getByTestId('figure-loanAmount')).toHaveAttribute('data-value', '700');
  await expect(account.getByTestId('figure-baseBalance')).toHaveAttribute('data-value', '700');
});

/**
 * Real-account credits for customers: finance A proposes them, finance B approves them (two operators,
 * audited), each operator signed in once (a TOTP code is spent once).
 */
async function creditReal(browser: Browser, baseURL: string, emails: string | string[], amount: string): Promise<void> {
  const customers = typeof emails === 'string' ? [emails] : emails;
  const a = await signIn(browser, baseURL, ops.financeA!);
  const boA = remoteIn(a, 'mfe-backoffice');
  for (const email of customers) {
    await a.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await boA.getByTestId('user-link').first().click();
    await boA.getByTestId('propose-correction').click();
    await expect(boA.getByTestId('correction-user')).not.toHaveValue('');
    await boA.getByTestId('correction-mode-real').check();
    await boA.getByTestId('correction-direction-credit').check();
    await boA.getByTestId('correction-amount').fill(amount);
    await boA.getByTestId('correction-reason').selectOption('compensation');
    await boA.getByTestId('correction-note').fill('Funding for a journey');
    await boA.getByTestId('propose-submit').click();
    await boA.getByTestId('propose-dialog').getByTestId('confirm-submit').click();
    await expect(boA.getByTestId('proposal-sent')).toBeVisible();
  }
  await a.context().close();
  const b = await signIn(browser, baseURL, ops.financeB!);
  const boB = remoteIn(b, 'mfe-backoffice');
  await boB.getByTestId('nav-corrections').click();
  for (const email of customers) {
    const pending = boB.getByTestId('pending-correction').filter({ hasText: email }).first();
    await pending.getByTestId('correction-approve').click();
    await boB.getByTestId('correction-decide-dialog').getByTestId('confirm-submit').click();
    await expect(boB.getByTestId('pending-correction').filter({ hasText: email })).toHaveCount(0);
  }
  await b.context().close();
}

test('smart plans: the admin switches a product off; a demo customer is told to switch; a real customer buys a plan, days accrue live on the moved clock, a second purchase is refused, the early exit shows and applies the penalty', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const API = '/api/swx/customer';
  const listed = (await (await page.request.get(`${API}/index/listSmartProducts`)).json()).result.products as {
    id: number;
    name: string;
    termDays: number;
    dailyYieldPercent: string;
    profitSharingDays: number;
    earlyExitPenaltyPercent: string;
  }[];
  const balanced = listed.find((p) => p.name === 'Balanced 30')!;
  const long = listed.find((p) => p.name === 'Long 90')!;

  // The admin switches Long 90 off in the back-office: for new plans, audited.
  const admin = await signIn(browser, baseURL!, ops.admin!);
  const bo = remoteIn(admin, 'mfe-backoffice');
  await admin.goto('/admin/settings');
  const products = bo.getByTestId('smart-products-admin');
  await products.getByTestId(`smart-product-edit-${long.id}`).click();
  await bo.getByTestId('smart-product-enabled').uncheck();
  await bo.getByTestId('smart-product-save').click();
  await expect(products.getByTestId(`smart-product-admin-row-${long.id}`)).toContainText('Off');
  await admin.goto('/admin/audit');
  await bo.getByTestId('audit-action').selectOption('product.change');
  await bo.getByTestId('audit-search').click();
  const audited = bo.getByTestId('audit-row').first();
  await expect(audited).toContainText(`smart_product${long.id}`);
  await expect(audited).toContainText('enabled: true → false');
  await admin.context().close();

  // A new customer is in demo: the products and their terms show; buying tells them to switch to real.
  const customer = await signUpAndLogIn(page);
  await page.goto('/trading');
  const trading = remoteIn(page, 'mfe-trading');
  await expect(trading.getByTestId('smart-risk')).toContainText('capital is at risk');
  await expect(trading.getByTestId(`smart-product-${long.id}`).getByTestId('smart-product-off')).toBeVisible();
  await trading.getByTestId(`smart-product-choose-${balanced.id}`).click();
  await expect(trading.getByTestId('smart-switch-real')).toBeVisible();

  // Real account, credited 1,500 USD by two finance operators.
  await page.goto('/profile');
  await remoteIn(page, 'mfe-account').getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await creditReal(browser, baseURL!, customer.email, '1500');

  // A second tab keeps the profile's figures open: they follow the plan live.
  const profile = await page.context().newPage();
  await profile.goto('/profile');
  const figure = (key: string) => remoteIn(profile, 'mfe-account').getByTestId(`figure-${key}`);
  await expect(figure('baseBalance')).toHaveAttribute('data-value', '1500');

  // Balanced 30: 1,000 → 0.80 a day, 1,024.00 at term, 100.00 to leave early; confirmed, then bought (20004).
  await page.goto('/trading');
  await trading.getByTestId(`smart-product-choose-${balanced.id}`).click();
  await trading.getByTestId('smart-amount').fill('1000');
  await expect(trading.getByTestId('smart-preview-daily')).toHaveAttribute('data-value', '0.80');
  await expect(trading.getByTestId('smart-preview-total')).toHaveAttribute('data-value', '1024.00');
  await expect(trading.getByTestId('smart-preview-penalty')).toHaveAttribute('data-value', '100.00');
  await trading.getByTestId('smart-buy').click();
  const confirm = trading.getByTestId('smart-confirm-dialog');
  await expect(confirm.getByTestId('smart-confirm-total')).toContainText('1,024.00');
  await confirm.getByTestId('smart-confirm').click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase successful.' })).toBeVisible();
  // The plan's page: earning, the next profit a day from now, counting down.
  await expect(page).toHaveURL(/\/trading\/\d+$/);
  await expect(trading.getByTestId('smart-state')).toHaveAttribute('data-state', 'earning');
  await expect(trading.getByTestId('smart-countdown')).toHaveAttribute('data-left', /^(8[0-9]{4}|86400)$/);
  await expect(figure('baseBalance')).toHaveAttribute('data-value', '500');
  await expect(figure('totalAssets')).toHaveAttribute('data-value', '1500');

  // The same product again while it earns: the page says so, and the API refuses it (10024).
  await trading.getByTestId('smart-back').click();
  await trading.getByTestId(`smart-product-choose-${balanced.id}`).click();
  await expect(trading.getByTestId('smart-already-running')).toBeVisible();
  const login = await (await page.request.post(`${API}/login/login`, { data: customer })).json();
  const again = await page.request.post(`${API}/order/buySmart`, {
    headers: { authorization: login.result.token, virtually: 'YES', 'idempotency-key': crypto.randomUUID() },
    data: {
      productId: balanced.id,
      amount: '500',
      termDays: balanced.termDays,
      dailyYieldPercent: balanced.dailyYieldPercent,
      profitSharingDays: balanced.profitSharingDays,
      earlyExitPenaltyPercent: balanced.earlyExitPenaltyPercent,
    },
  });
  expect((await again.json()).code).toBe('10024');

  // Three days pass on the test site's clock: three days of 0.80 credited, not yet withdrawable; the
  // plan page and the profile's total assets follow live.
  await trading.getByTestId('smart-already-running').getByTestId('smart-running-link').click();
  await expect(trading.getByTestId('smart-accruals-table')).toBeVisible();
  await expect(trading.getByTestId('smart-accrual')).toHaveCount(0);
  expect((await page.request.post('/api/dev/clock', { data: { advanceMs: 3 * 86_400_000 + 60_000 } })).ok()).toBe(true);
  await expect(trading.getByTestId('smart-accrual')).toHaveCount(3);
  await expect(trading.getByTestId('smart-accrued')).toHaveAttribute('data-value', '2.40');
  // The countdown counts on the plans' clock: day 4 is due a day after day 3 (less the minute moved past it).
  await expect(trading.getByTestId('smart-countdown')).toHaveAttribute('data-left', /^8[0-9]{4}$/);
  await expect(figure('totalAssets')).toHaveAttribute('data-value', '1502.4');
  await expect(figure('baseBalance')).toHaveAttribute('data-value', '500');

  // Early exit: the 100.00 penalty takes the 2.40 of income first, then 97.60 of principal; 902.40 back.
  await trading.getByTestId('smart-exit').click();
  await expect(trading.getByTestId('smart-exit-penalty')).toHaveText(/100\.00/);
  await expect(trading.getByTestId('smart-exit-from-income')).toHaveText(/2\.40/);
  await expect(trading.getByTestId('smart-exit-from-principal')).toHaveText(/97\.60/);
  await expect(trading.getByTestId('smart-exit-receive')).toHaveText(/902\.40/);
  await trading.getByTestId('smart-exit-review').click();
  await trading.getByTestId('smart-exit-dialog').getByTestId('smart-exit-confirm').click();
  await expect(trading.getByTestId('smart-state')).toHaveAttribute('data-state', 'ended_early');
  await expect(trading.getByTestId('smart-plan-penalty')).toHaveText(/100\.00/);
  await expect(figure('baseBalance')).toHaveAttribute('data-value', '1402.4');
  await expect(figure('totalAssets')).toHaveAttribute('data-value', '1402.4');
  await profile.close();
});

test('charity NFTs: the admin adds a charity and lists an NFT (audited); a demo customer is told to switch; A bids, B outbids and A sees it at once with the hold back; a last-minute bid extends the end; the close makes A the owner and the donations rise; buy now', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(240_000);
  const API = '/api/swx/customer';
  type Nft = {
    id: number;
    name: string;
    endsAt: string;
    buyNowPrice: string | null;
    buyNowOpen: boolean;
    bidCount: number;
    reservePrice: string;
  };

  // The admin adds a charity and lists an NFT for it in the back-office: its auction starts at once (audited).
  const admin = await signIn(browser, baseURL!, ops.admin!);
  const bo = remoteIn(admin, 'mfe-backoffice');
  await admin.goto('/admin/settings');
  await bo.getByTestId('bo-charity-add').click();
  await bo.getByTestId('bo-charity-name').fill('River School Meals');
  await bo.getByTestId('bo-charity-url').fill('https://example.org/river-school');
  await bo.getByTestId('bo-charity-description').fill('Hot lunches for every pupil of the river villages.');
  await bo.getByTestId('bo-charity-save').click();
  await expect(bo.getByTestId('bo-charities')).toContainText('River School Meals');
  await bo.getByTestId('bo-nft-add').click();
  await bo.getByTestId('bo-nft-name').fill('River Glow');
  await bo.getByTestId('bo-nft-creator').fill('Pupils of River School');
  await bo.getByTestId('bo-nft-chain').selectOption('polygon');
  await bo.getByTestId('bo-nft-charity').selectOption({ label: 'River School Meals' });
  await bo.getByTestId('bo-nft-reserve').fill('40');
  await bo.getByTestId('bo-nft-increment').fill('5');
  await bo.getByTestId('bo-nft-duration').fill('24');
  await bo.getByTestId('bo-nft-review').click();
  await bo.getByTestId('bo-nft-confirm').getByTestId('bo-nft-confirm-ok').click();
  await expect(bo.getByTestId('bo-nft-row').filter({ hasText: 'River Glow' })).toBeVisible();
  await admin.goto('/admin/audit');
  await bo.getByTestId('audit-action').selectOption('product.change');
  await bo.getByTestId('audit-search').click();
  await expect(bo.getByTestId('audit-row').first()).toContainText('nft');
  await admin.context().close();

  const live = (await (await page.request.get(`${API}/index/listNft?status=live&sort=newest`)).json()).result.items as Nft[];
  // The auction: the NFT the admin listed; the purchase: one with buy now, bought before the clock moves (which
  // may end the auctions that end sooner).
  const auction = live.find((n) => n.name === 'River Glow')!;
  expect(auction).toMatchObject({ reservePrice: '40.00', buyNowPrice: null, bidCount: 0 });
  const forSale = live.find((n) => n.buyNowOpen && n.id !== auction.id)!;
  const donated = async () => money((await (await page.request.get(`${API}/index/listNft`)).json()).result.donatedTotal as string);
  const before = await donated();

  // A, still in demo: the auction shows, bidding tells them to switch to the real account.
  const a = await signUpAndLogIn(page);
  await page.goto(`/nfts/${auction.id}`);
  const nftsA = remoteIn(page, 'mfe-nfts');
  await expect(nftsA.getByTestId('nft-detail')).toContainText(auction.name);
  await expect(nftsA.getByTestId('nft-demo-gate')).toBeVisible();
  await page.goto('/profile');
  await remoteIn(page, 'mfe-account').getByTestId('mode-real').click();
  await expect(page.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();

  // B in a browser of their own, real and credited too.
  const bContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  await bContext.addInitScript(() => sessionStorage.setItem('meridian.introSeen', '1'));
  const pageB = await bContext.newPage();
  const b = await signUpAndLogIn(pageB);
  await pageB.goto('/profile');
  await remoteIn(pageB, 'mfe-account').getByTestId('mode-real').click();
  await expect(pageB.getByRole('status').filter({ hasText: 'Switched to your real account' })).toBeVisible();
  await creditReal(browser, baseURL!, [a.email, b.email], '1000');

  // B buys another NFT now, confirmed: B owns it, the price is paid, and the market's donated total shows it.
  await pageB.goto(`/nfts/${forSale.id}`);
  const nftsB = remoteIn(pageB, 'mfe-nfts');
  await nftsB.getByTestId('nft-buy-now').click();
  await nftsB.getByTestId('nft-buy-dialog').getByTestId('nft-confirm').click();
  await expect(nftsB.getByTestId('nft-owner')).toBeVisible();
  const afterSale = before.plus(forSale.buyNowPrice!);
  await pageB.goto('/nfts');
  await expect(remoteIn(pageB, 'mfe-nfts').getByTestId('nfts-donated-total')).toHaveAttribute('data-value', afterSale.toFixed(2));
  const balanceB = money('1000').minus(forSale.buyNowPrice!);

  // A bids the reserve (the form starts at the minimum), confirmed: A leads, and the amount is held.
  const bidOn = async (who: Page, amount?: string) => {
    const nfts = remoteIn(who, 'mfe-nfts');
    if (amount) await nfts.getByTestId('nft-bid-amount').fill(amount);
    await nfts.getByTestId('nft-bid-submit').click();
    await nfts.getByTestId('nft-confirm-dialog').getByTestId('nft-confirm').click();
  };
  await page.goto(`/nfts/${auction.id}`);
  await expect(nftsA.getByTestId('nft-bid-amount')).toHaveValue(auction.reservePrice);
  await bidOn(page);
  await expect(nftsA.getByTestId('nft-leading')).toBeVisible();
  const profileA = await page.context().newPage();
  await profileA.goto('/profile');
  const balanceA = remoteIn(profileA, 'mfe-account').getByTestId('figure-baseBalance');
  await expect(balanceA).toHaveAttribute('data-value', money('1000').minus(auction.reservePrice).toFixed());

  // B outbids: A's open page says "outbid" within 2 s, and A's held funds are back.
  await pageB.goto(`/nfts/${auction.id}`);
  const second = money(auction.reservePrice).plus(20).toFixed(2);
  await bidOn(pageB, second);
  await expect(nftsB.getByTestId('nft-leading')).toBeVisible();
  await expect(nftsA.getByTestId('nft-outbid')).toBeVisible({ timeout: 2_000 });
  await expect(nftsA.getByTestId('nft-current-bid')).toContainText(second.split('.')[0]!);
  await expect(balanceA).toHaveAttribute('data-value', '1000');

  // The clock moves to a minute before the end: A's bid then extends the auction, on both pages.
  const shown = (await (await page.request.get(`${API}/index/nfts/${auction.id}`)).json()).result as {
    nft: { endsAt: string };
    now: string;
  };
  const lastMinute = Date.parse(shown.nft.endsAt) - Date.parse(shown.now) - 60_000;
  expect((await page.request.post('/api/dev/clock', { data: { advanceMs: lastMinute } })).ok()).toBe(true);
  await bidOn(page, money(second).plus(10).toFixed(2));
  await expect(nftsA.getByTestId('nft-leading')).toBeVisible();
  await expect(nftsA.getByTestId('nft-extended')).toBeVisible();
  await expect(nftsB.getByTestId('nft-extended')).toBeVisible();
  await expect(nftsB.getByTestId('nft-outbid')).toBeVisible({ timeout: 2_000 });
  const extended = (await (await page.request.get(`${API}/index/nfts/${auction.id}`)).json()).result as {
    nft: { endsAt: string };
    now: string;
  };
  expect(Date.parse(extended.nft.endsAt) - Date.parse(extended.now)).toBeGreaterThan(4 * 60_000);

  // Past the new end the auction closes: A owns it, B's hold is back, the donations rise by the price.
  const price = money(second).plus(10);
  expect((await pageB.request.post('/api/dev/clock', { data: { advanceMs: 6 * 60_000 } })).ok()).toBe(true);
  await expect(nftsA.getByTestId('nft-owner')).toBeVisible();
  await expect(nftsB.getByTestId('nft-lost')).toBeVisible();
  await expect(balanceA).toHaveAttribute('data-value', money('1000').minus(price).toFixed());
  expect((await donated()).minus(afterSale).toFixed(2)).toBe(price.toFixed(2));
  const profileB = await bContext.newPage();
  await profileB.goto('/profile');
  await expect(remoteIn(profileB, 'mfe-account').getByTestId('figure-baseBalance')).toHaveAttribute('data-value', balanceB.toFixed());
  await page.goto('/nfts/mine');
  await remoteIn(page, 'mfe-nfts').getByTestId('my-nfts-tab-owned').click();
  await expect(remoteIn(page, 'mfe-nfts').getByTestId('my-nfts')).toContainText(auction.name);

  await bContext.close();
  await profileA.close();
});

test('a customer session gets 401 on every admin route', async ({ page }) => {
  const customer = await signUpAndLogIn(page);
  // The customer's own access token (the site keeps it in memory only): the same sign-in, by API.
  const login = await (await page.request.post('/api/swx/customer/login/login', { data: customer })).json();
  const token = login.result.token as string;
  expect(token).not.toBe('');
  const doc = await (await page.request.get('/api/openapi.json')).json();
  let checked = 0;
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { 'x-roles'?: unknown }>>)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (op['x-roles'] === 'public') continue;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await page.request.fetch(url, {
        method: method.toUpperCase(),
        headers: { authorization: token },
        data: method === 'get' ? undefined : {},
      });
      expect(res.status(), `${method} ${path}`).toBe(401);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(25);
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { routeFor } from '../shell/src/routes.ts';
import { expect, remoteIn, test } from './fixtures.ts';

/** The WCAG 2 A/AA violations axe finds on the page as it is now, each as `rule: the elements`. */
async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const PAGES = [
  '/',
  '/market',
  '/loan',
  '/trading',
  '/nfts',
  '/help/faq',
  '/help',
  '/pass/login',
  '/pass/register',
  '/pass/reset',
  '/admin/sign-in',
] as const;

for (const path of PAGES) {
  test(`${path} has no WCAG 2 A/AA violations (axe)`, async ({ page }) => {
    await page.goto(path);
    // The page is ready once the part the shell's route table gives the path has drawn its heading.
    await expect(remoteIn(page, routeFor(path)!.name).locator('h1').first()).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);
  });
}

test('/kf.html has no WCAG 2 A/AA violations (axe)', async ({ page }) => {
  await page.goto('/kf.html');
  await expect(page.getByTestId('kf-open-form')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});

test('the account screens of a signed-in user have no WCAG 2 A/AA violations (axe)', async ({ page }) => {
  const email = `axe-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  await page.request.post('/api/swx/customer/login/sendCode', { data: { email, purpose: 'register', language: 'en' } });
  const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).result as { text: string }[];
  const code = /\b(\d{6})\b/.exec(mails[0]!.text)![1]!;
  await page.goto('/pass/register');
  await page.request.post('/api/swx/customer/login/register', { data: { email, password: 'axe pass 1', code, language: 'en' } });
  // The register call set the refresh cookie in this browser: the shell renews the session on load.
  await page.evaluate((mail) => localStorage.setItem('meridian.user', JSON.stringify({ id: 'pending', email: mail, role: 'user' })), email);
  for (const [path, testId] of [
    ['/profile', 'balances'],
    ['/profile/settings', 'session-item'],
    ['/profile/notification', 'notification'],
    // Identity verification: the form with its photo pickers, camera buttons and signature pad.
    ['/profile/verify', 'kyc-form'],
    // The order panel and the order lists of an instrument.
    ['/cruuency?code=BTC%2FUSDT&type=2&id=1', 'order-lists'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId).first()).toBeVisible();
    expect((await wcagViolations(page)).map((v) => `${path} ${v}`)).toEqual([]);
  }
});

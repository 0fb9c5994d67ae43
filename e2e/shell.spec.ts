import type { Page } from '@playwright/test';
import { expect, isMobileProject, remoteIn, test } from './fixtures.ts';

const API = '/api/swx/customer';

/** How many instruments the API lists on /market's first tab (crypto): the real list shows exactly these. */
async function cryptoTotal(page: Page): Promise<number> {
  return (await (await page.request.get(`${API}/index/listMarketByType?type=2&pageSize=1`)).json()).result.total as number;
}

/** The first FAQ question the API gives in English: the real FAQ page shows it first. */
async function firstFaqQuestion(page: Page): Promise<string> {
  return ((await (await page.request.get(`${API}/index/listFaq/2`)).json()).result as { question: string }[])[0]!.question;
}

const ENTRIES = [
  { nav: 'market', path: '/market', remote: 'mfe-markets' },
  { nav: 'trading', path: '/trading', remote: 'mfe-trading' },
  { nav: 'loan', path: '/loan', remote: 'mfe-loans' },
  { nav: 'nfts', path: '/nfts', remote: 'mfe-nfts' },
  { nav: 'home', path: '/', remote: 'home' },
  { nav: 'profile', path: '/profile', remote: 'mfe-account' },
] as const;

test('each of the six entries navigates and mounts its remote in the outlet', async ({ page }, info) => {
  await page.goto('/');
  await expect(remoteIn(page, 'home').getByTestId('home-page')).toBeVisible();
  const navBar = isMobileProject(info.project.name) ? page.getByTestId('tab-bar') : page.getByTestId('main-nav');
  for (const entry of ENTRIES) {
    await navBar.locator(`[data-nav="${entry.nav}"]`).click();
    if (entry.nav === 'profile') {
      // A visitor's account entry leads to the full-screen login, which returns to /profile after.
      await expect(page).toHaveURL(/\/pass\/login\?redirect=%2Fprofile$/);
      await expect(remoteIn(page, entry.remote).getByTestId('login-page')).toBeVisible();
      continue;
    }
    await expect(page).toHaveURL(new RegExp(`${entry.path === '/' ? '/$' : entry.path}`));
    await expect(remoteIn(page, entry.remote)).toBeVisible();
    if (entry.remote === 'mfe-markets') {
      // The real market list, with as many rows as the API lists (a placeholder has none).
      await expect(remoteIn(page, entry.remote).getByTestId('market-list')).toHaveAttribute('data-rows', String(await cryptoTotal(page)));
    } else if (entry.remote === 'home') {
      // Home's live table has rows from the feed, and the seed's four feature cards.
      await expect(remoteIn(page, entry.remote).getByTestId('market-table').locator('tbody tr').first()).toBeVisible();
      await expect(remoteIn(page, entry.remote).locator('[data-feature]')).toHaveCount(4);
    } else {
      // Trading, loans and NFTs are still announced pages (their issues are open): their own heading.
      await expect(remoteIn(page, entry.remote).getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(navBar.locator(`[data-nav="${entry.nav}"]`)).toHaveAttribute('aria-current', 'page');
  }
});

test('the layout follows the user agent', async ({ page }, info) => {
  await page.goto('/market');
  await expect(remoteIn(page, 'mfe-markets')).toBeVisible();
  if (isMobileProject(info.project.name)) {
    await expect(page.getByTestId('mobile-top-bar')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    await expect(page.getByTestId('desktop-header')).toHaveCount(0);
    await expect(page.getByTestId('footer')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('desktop-header')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await expect(page.getByTestId('login-link')).toBeVisible();
    await expect(page.getByTestId('register-link')).toBeVisible();
  }
  const rootFont = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(rootFont).toBeGreaterThan(10);
  expect(rootFont).toBeLessThanOrEqual(100);
});

test('the root font size scales with the viewport and stays at or under 100px', async ({ page }) => {
  await page.goto('/');
  const size = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  await page.setViewportSize({ width: 1000, height: 800 });
  const small = await size();
  await page.setViewportSize({ width: 2000, height: 800 });
  const large = await size();
  expect(large).toBeGreaterThan(small);
  await page.setViewportSize({ width: 12000, height: 800 });
  expect(await size()).toBe(100);
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/this/does/not/exist?x=1');
  await expect(page).toHaveURL(/\/$/);
  await expect(remoteIn(page, 'home').getByTestId('home-page')).toBeVisible();
});

test('/pass/login is full screen: no nav, footer or tab bar', async ({ page }) => {
  await page.goto('/pass/login');
  await expect(remoteIn(page, 'mfe-account')).toBeVisible();
  await expect(page.getByTestId('desktop-header')).toHaveCount(0);
  await expect(page.getByTestId('mobile-top-bar')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);
  await expect(page.getByTestId('cs-button')).toBeVisible();
});

test('navigating scrolls to top, and navigating to the current location does nothing', async ({ page }, info) => {
  test.skip(isMobileProject(info.project.name), 'the desktop footer holds the product links');
  await page.goto('/');
  await expect(page.getByTestId('footer')).toBeVisible();
  await page.getByTestId('footer').getByRole('link', { name: 'Markets' }).click();
  await expect(remoteIn(page, 'mfe-markets')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const before = await page.evaluate(() => history.length);
  await page.getByTestId('main-nav').locator('[data-nav="market"]').click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test('a remote that fails to load shows the fallback while another remote still mounts', async ({ page }) => {
  await page.route('**/artifacts/mfe-loans/**', (route) => route.abort());
  await page.goto('/loan');
  const fallback = remoteIn(page, 'mfe-loans').getByTestId('remote-fallback');
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Another part still works with its real data: the FAQ from the API.
  await page.goto('/help/faq');
  await expect(remoteIn(page, 'mfe-help').getByTestId('faq-item').first()).toContainText(await firstFaqQuestion(page));
  await expect(page.getByTestId('cs-button')).toBeVisible();
});

test('Retry loads the remote once it is reachable again', async ({ page }) => {
  let blocked = true;
  await page.route('**/artifacts/mfe-markets/**', (route) => (blocked ? route.abort() : route.continue()));
  await page.goto('/market');
  const fallback = remoteIn(page, 'mfe-markets').getByTestId('remote-fallback');
  await expect(fallback).toBeVisible();
  blocked = false;
  await fallback.getByRole('button', { name: 'Retry' }).click();
  // The real market list, with every instrument the API lists.
  await expect(remoteIn(page, 'mfe-markets').getByTestId('market-list')).toHaveAttribute('data-rows', String(await cryptoTotal(page)));
  await expect(remoteIn(page, 'mfe-markets').getByTestId('remote-fallback')).toHaveCount(0);
});

test('the floating customer-service button leads to /kf.html on every page', async ({ page }) => {
  await page.goto('/trading');
  await page.getByTestId('cs-button').click();
  await expect(page).toHaveURL(/\/kf\.html$/);
  await expect(page.getByTestId('kf-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer service' })).toBeVisible();
});

test('home shows simulated live prices from the market feed, labelled as simulated', async ({ page }) => {
  await page.goto('/');
  const table = page.getByTestId('market-table');
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('simulated-badge')).toHaveText('Simulated prices');
  const first = await table.locator('tbody tr').first().getAttribute('data-code');
  expect(first).toBeTruthy();
});

test('the content list loads at start on every layout, and again for a new language (SPEC §6, §2)', async ({ page }, info) => {
  const english = page.waitForRequest((r) => r.url().endsWith(`${API}/index/listContents/2`));
  await page.goto('/market');
  await english;
  await expect(remoteIn(page, 'mfe-markets').getByTestId('market-list')).toBeVisible();
  if (isMobileProject(info.project.name)) await expect(page.getByTestId('footer')).toHaveCount(0);
  // Chinese content has its own list (id 1).
  const chinese = page.waitForRequest((r) => r.url().endsWith(`${API}/index/listContents/1`));
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: '简体中文' }).click();
  await chinese;
});

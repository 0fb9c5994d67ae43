import type { Page } from '@playwright/test';
import { expect, remoteIn, test } from './fixtures.ts';

test.use({ firstVisit: true });

/** Only the shell's first chunk (main.js) and its stylesheet load: no shared module, no remote. */
async function onlyFirstChunk(page: Page): Promise<void> {
  await page.route(/\/artifacts\/.*\.js$/, (route) =>
    /\/artifacts\/shell\/[^/]+\/main\.[0-9a-f]+\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
  );
}

test('a first visit sees the intro board and the home headline from the first chunk alone, and can skip the board', async ({ page }) => {
  await onlyFirstChunk(page);
  await page.goto('/');
  const board = page.getByRole('dialog', { name: 'Welcome to Meridian' });
  await expect(board).toBeVisible();
  await expect(board.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 1, name: 'Markets, trading and investing in one place' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore the markets' })).toHaveAttribute('href', '/market');
  // The board works before React: skipping is remembered for the session.
  await board.getByRole('button', { name: 'Skip' }).click();
  await expect(board).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('meridian.introSeen'))).toBe('1');
});

test('the first paint follows the stored language, and its chooser switches it (Arabic right-to-left)', async ({ page }) => {
  await onlyFirstChunk(page);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('lang-set')) {
      localStorage.setItem('meridian.lang', 'de');
      sessionStorage.setItem('lang-set', '1');
    }
  });
  await page.goto('/market');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  const board = page.getByRole('dialog');
  await expect(board.getByRole('button', { name: 'Weiter' })).toBeVisible();
  await board.getByRole('combobox').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(board.getByRole('heading', { level: 2 })).not.toHaveText('Welcome to Meridian');
  expect(await page.evaluate(() => localStorage.getItem('meridian.lang'))).toBe('ar');
});

test('a full-screen page shows the customer-service link from the first chunk, and the chrome keeps one', async ({ page }) => {
  await onlyFirstChunk(page);
  await page.goto('/pass/login');
  await expect(page.getByRole('link', { name: 'Customer service' })).toHaveAttribute('href', '/kf.html');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.unroute(/\/artifacts\/.*\.js$/);
  await page.reload();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('cs-button')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer service' })).toHaveCount(1);
});

test('the shell takes over the first paint in place: one board, one headline, nothing moved', async ({ page }) => {
  await page.goto('/');
  const headline = page.getByRole('heading', { level: 1 });
  await expect(remoteIn(page, 'home').getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('intro-board')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(headline).toHaveCount(1);
  // The page's layout shift so far (CLS budget 0.1), the React parts' takeover of the first paint included.
  const shift = await page.evaluate(() => {
    // observe() with `buffered` puts the entries recorded so far in the observer's buffer at once.
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
  });
  expect(shift).toBeLessThanOrEqual(0.1);
});

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, remoteIn, test } from './fixtures.ts';

type AccountStrings = { pages: { login: string; register: string; reset: string } };
const accountStrings = (language: string) =>
  JSON.parse(readFileSync(new URL(`../mfe-account/src/locales/${language}.json`, import.meta.url), 'utf8')) as AccountStrings;
const ARABIC = accountStrings('ar');
const SHELL_ARABIC = JSON.parse(readFileSync(new URL('../shell/src/locales/ar.json', import.meta.url), 'utf8')) as {
  startFailed: { title: string };
};
const LANGUAGE_CODES = ['en', 'zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'];

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

test('when the page cannot finish loading, the first paint says so in its language and reloads on request', async ({ page }) => {
  await onlyFirstChunk(page);
  await page.addInitScript(() => sessionStorage.setItem('meridian.introSeen', '1'));
  await page.goto('/market');
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Meridian could not finish loading.');
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeFocused();

  await page.evaluate(() => localStorage.setItem('meridian.lang', 'ar'));
  await page.reload();
  await expect(notice).toContainText(SHELL_ARABIC.startFailed.title);
  // Once the files can be downloaded again, the button brings the page back.
  await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
  await page.unroute(/\/artifacts\/.*\.js$/);
  await notice.getByRole('button').click();
  await expect(page.getByTestId('market-page')).toBeVisible();
  await expect(page.getByText('Meridian could not finish loading.')).toHaveCount(0);
});

/** The page's layout shift so far (CLS budget 0.1), without shifts that followed input. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => {
    // observe() with `buffered` puts the entries recorded so far in the observer's buffer at once.
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);
  });
}

test("a sign-in page is drawn from its remote's prerendered screen before any shared module loads, inert, in the stored language", async ({
  page,
}) => {
  await onlyFirstChunk(page);
  await page.goto('/pass/login');
  const screen = page.locator('[data-first-paint="screen"]');
  await expect(screen.locator('h1')).toHaveText('Log in');
  await expect(screen.getByText('Welcome back. Log in with your email and password.')).toBeVisible();
  // Nothing in it works before the remote does: no typing into a field that would lose its text.
  await expect(screen).toHaveAttribute('inert', '');
  await expect(screen.locator('input')).toHaveCount(2);
  await expect(screen.locator('input:enabled, button:enabled')).toHaveCount(0);
  await expect(screen.locator('[data-testid]')).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('meridian.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(screen.locator('h1')).toHaveText(ARABIC.pages.login);
});

test('the account remote publishes its three sign-in screens in all 11 languages, each with its translated title', async ({ page }) => {
  const rollout = (await (await page.request.get('/rollout.json')).json()) as {
    artifactBase: string;
    remotes: Record<string, { stable: string }>;
  };
  const folder = `${rollout.artifactBase}/mfe-account/${rollout.remotes['mfe-account']!.stable}`;
  const text = (html: string) =>
    html
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const language of LANGUAGE_CODES) {
    const answer = await page.request.get(`${folder}/first-paint.${language}.json`);
    expect(answer.ok(), language).toBe(true);
    const document = (await answer.json()) as { css: string; screens: Record<string, string> };
    expect(document.css.length, language).toBeGreaterThan(0);
    const strings = accountStrings(language).pages;
    const titles = Object.fromEntries(
      Object.entries(document.screens).map(([path, html]) => [path, text(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1] ?? '')]),
    );
    expect(titles, language).toEqual({ '/pass/login': strings.login, '/pass/register': strings.register, '/pass/reset': strings.reset });
  }
});

test('the account remote replaces its prerendered screen in place, and the form works', async ({ page }) => {
  // The remote's entry waits until the prerendered screen is on the page, so the takeover is what is measured.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/artifacts\/mfe-account\/[^/]+\/remoteEntry\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/pass/login');
  const drawn = page.locator('[data-first-paint="screen"] h1');
  await expect(drawn).toHaveText('Log in');
  const before = await drawn.boundingBox();
  release();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.locator('[data-first-paint="screen"]')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await page.locator('h1').boundingBox()).toEqual(before);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
  const email = page.getByLabel('Email');
  await email.fill('someone@example.com');
  await expect(email).toHaveValue('someone@example.com');
});

test('the shell takes over the first paint in place: one board, one headline, nothing moved', async ({ page }) => {
  await page.goto('/');
  const headline = page.getByRole('heading', { level: 1 });
  await expect(remoteIn(page, 'home').getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('intro-board')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(headline).toHaveCount(1);
  // The React parts' takeover of the first paint included.
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
});

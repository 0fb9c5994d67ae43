import { expect, isMobileProject, remoteIn, test } from './fixtures.ts';

test('switching to Arabic translates the chrome and flips it to right-to-left, without a reload', async ({ page }, info) => {
  await page.goto('/market');
  await expect(remoteIn(page, 'mfe-markets')).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await page.getByTestId('language-button').click();
  const picker = page.getByTestId('language-picker');
  await expect(picker.getByRole('button')).toHaveCount(12); // 11 languages + close
  await picker.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const nav = isMobileProject(info.project.name) ? page.getByTestId('tab-bar') : page.getByTestId('main-nav');
  await expect(nav.locator('[data-nav="market"]')).not.toHaveText(/Markets/);
  await expect(nav.locator('[data-nav="market"]')).toHaveText(/\p{Script=Arabic}/u);
  await expect(remoteIn(page, 'mfe-markets').locator('h1')).toHaveText(/\p{Script=Arabic}/u);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  // The layout mirrors: in RTL the first nav entry sits to the right of the last one.
  const first = await nav.locator('[data-nav="home"]').boundingBox();
  const last = await nav.locator('[data-nav="profile"]').boundingBox();
  expect(first!.x).toBeGreaterThan(last!.x);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('the footer content list follows the language (content language 1 for Chinese)', async ({ page }, info) => {
  test.skip(isMobileProject(info.project.name), 'the footer is part of the desktop layout');
  await page.goto('/');
  const footer = page.getByTestId('footer');
  await expect(footer.getByRole('link', { name: 'About Meridian' })).toBeVisible();
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: '简体中文' }).click();
  await expect(footer.getByRole('link', { name: '关于 Meridian' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'About Meridian' })).toHaveCount(0);
});

test('a footer content link opens /detail for that page', async ({ page }, info) => {
  test.skip(isMobileProject(info.project.name), 'the footer is part of the desktop layout');
  await page.goto('/');
  await page.getByTestId('footer').getByRole('link', { name: 'Risk disclosure' }).click();
  await expect(page).toHaveURL(/\/detail\?id=\d+&title=Risk%20disclosure/);
  await expect(remoteIn(page, 'mfe-help')).toBeVisible();
});

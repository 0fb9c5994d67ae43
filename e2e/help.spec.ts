import { expect, isMobileProject, remoteIn, test } from './fixtures.ts';

test('a footer link opens /detail with the seeded page', async ({ page }, info) => {
  test.skip(isMobileProject(info.project.name), 'the footer is part of the desktop layout');
  await page.goto('/');
  await page.getByTestId('footer').getByRole('link', { name: 'Risk disclosure' }).click();
  await expect(page).toHaveURL(/\/detail\?id=\d+&title=Risk%20disclosure/);
  const help = remoteIn(page, 'mfe-help');
  await expect(help.getByRole('heading', { level: 1, name: 'Risk disclosure' })).toBeVisible();
  await expect(help.getByTestId('content-body')).toContainText('can lose money');
});

test('/help/faq lists the seeded entries in English, and in Chinese after switching', async ({ page }) => {
  await page.goto('/help/faq');
  const faq = remoteIn(page, 'mfe-help').getByTestId('help-faq');
  await expect(faq.getByTestId('faq-item').first()).toBeVisible();
  expect(await faq.getByTestId('faq-item').count()).toBeGreaterThanOrEqual(12);
  // The whole list is here, and its end says so.
  await expect(faq.getByTestId('list-end')).toHaveText('No more data.');
  const question = faq.getByText('What are the minimum deposits?');
  await question.click();
  await expect(faq.getByText('USDT 120, BTC 0.015 and ETH 0.2', { exact: false })).toBeVisible();

  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: '简体中文' }).click();
  await expect(faq.getByText('最低充值金额是多少？')).toBeVisible();
  await expect(faq.getByText('What are the minimum deposits?')).toHaveCount(0);
  await expect(faq.getByRole('heading', { level: 1 })).not.toHaveText('Frequently asked questions');
});

test('the help centre searches FAQ and notices, and explains a too short query', async ({ page }) => {
  await page.goto('/help');
  const help = remoteIn(page, 'mfe-help');
  await help.getByTestId('help-search-input').fill('a');
  await help.getByRole('button', { name: 'Search' }).click();
  await expect(help.getByRole('alert')).toHaveText('Type at least 2 characters to search.');
  await help.getByTestId('help-search-input').fill('withdraw');
  await help.getByRole('button', { name: 'Search' }).click();
  await expect(help.getByTestId('help-search-results').getByTestId('faq-item').first()).toBeVisible();
  await help.getByTestId('help-search-input').fill('zzqqxx');
  await help.getByRole('button', { name: 'Search' }).click();
  await expect(help.getByText('Nothing found.', { exact: false })).toBeVisible();
});

test('notices are listed newest first and open on their own page', async ({ page }) => {
  await page.goto('/help/notice');
  const items = remoteIn(page, 'mfe-help').getByTestId('notice-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThanOrEqual(4);
  const dates = await items.locator('time').evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime')!)));
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/help\/notice\/\d+$/);
  await expect(remoteIn(page, 'mfe-help').getByTestId('help-notice').locator('article')).toBeVisible();
});

test('/introduction shows the About us page from the server', async ({ page }) => {
  await page.goto('/introduction');
  const about = remoteIn(page, 'mfe-help').getByTestId('help-about');
  await expect(about.getByTestId('content-body')).toContainText('Meridian is software');
});

test('/detail for a page that does not exist says so', async ({ page }) => {
  await page.goto('/detail?id=999999&title=Nope');
  await expect(remoteIn(page, 'mfe-help').getByText('This page does not exist.')).toBeVisible();
});

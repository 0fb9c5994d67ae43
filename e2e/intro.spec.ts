import { expect, remoteIn, test } from './fixtures.ts';

test.use({ firstVisit: true });

test('the introduction board appears once per browser session', async ({ page }) => {
  await page.goto('/');
  const board = page.getByTestId('intro-board');
  await expect(board).toBeVisible();
  await board.getByTestId('intro-skip').click();
  await expect(board).toHaveCount(0);
  await page.reload();
  await expect(remoteIn(page, 'home').getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('intro-board')).toHaveCount(0);
});

test('Continue leads a visitor to sign-up, and the board has its own language chooser', async ({ page }) => {
  await page.goto('/market');
  const board = page.getByTestId('intro-board');
  await expect(board).toBeVisible();
  await board.getByTestId('intro-language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(board.getByTestId('intro-continue')).not.toHaveText('Continue');
  await board.getByTestId('intro-continue').click();
  await expect(page).toHaveURL(/\/pass\/register$/);
  await expect(remoteIn(page, 'mfe-account')).toBeVisible();
});

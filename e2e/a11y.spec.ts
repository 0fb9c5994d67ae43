import AxeBuilder from '@axe-core/playwright';
import { expect, remoteIn, test } from './fixtures.ts';

const PAGES = [
  { path: '/', ready: 'home' },
  { path: '/market', ready: 'mfe-markets' },
  { path: '/help/faq', ready: 'mfe-help' },
  { path: '/help', ready: 'mfe-help' },
  { path: '/pass/login', ready: 'mfe-account' },
] as const;

for (const { path, ready } of PAGES) {
  test(`${path} has no WCAG 2 A/AA violations (axe)`, async ({ page }) => {
    await page.goto(path);
    await expect(remoteIn(page, ready).locator('h1').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('/kf.html has no WCAG 2 A/AA violations (axe)', async ({ page }) => {
  await page.goto('/kf.html');
  await expect(page.getByTestId('kf-open-form')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

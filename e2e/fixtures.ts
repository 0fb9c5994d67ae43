import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Pages start with the introduction board already seen, unless a test asks for a first visit. */
export const test = base.extend<{ firstVisit: boolean }>({
  firstVisit: [false, { option: true }],
  page: async ({ page, firstVisit }, use) => {
    if (!firstVisit) await page.addInitScript(() => sessionStorage.setItem('meridian.introSeen', '1'));
    await use(page);
  },
});

export { expect };

export const isMobileProject = (name: string) => name === 'mobile';

/** The remote mounted in the outlet, by single-spa application name. */
export function remoteIn(page: Page, name: string) {
  return page.locator(`#outlet [data-remote="${name}"]`);
}

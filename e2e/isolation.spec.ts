import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { REMOTE_NAMES } from '@meridian/contracts';
import type { RemoteName, RolloutDocument } from '@meridian/contracts';
import { expect, isMobileProject, remoteIn, test } from './fixtures.ts';

/** A route of each remote, and what shows once that remote has mounted there. */
const ROUTES: Record<RemoteName, { path: string; testId: string }> = {
  'mfe-markets': { path: '/market', testId: 'market-page' },
  'mfe-trading': { path: '/trading', testId: 'mfe-trading-page' },
  'mfe-loans': { path: '/loan', testId: 'mfe-loans-page' },
  'mfe-nfts': { path: '/nfts', testId: 'nfts-market' },
  'mfe-account': { path: '/pass/login', testId: 'login-page' },
  'mfe-help': { path: '/help/faq', testId: 'help-faq' },
  'mfe-backoffice': { path: '/admin/sign-in', testId: 'sign-in-form' },
};

const API = '/api/swx/customer';

/**
 * What the real screen of a remote shows from the real API, so a placeholder in its place fails the test.
 */
const REAL: Partial<Record<RemoteName, (page: Page) => Promise<void>>> = {
  'mfe-markets': async (page) => {
    const total = (await (await page.request.get(`${API}/index/listMarketByType?type=2&pageSize=1`)).json()).result.total as number;
    await expect(remoteIn(page, 'mfe-markets').getByTestId('market-list')).toHaveAttribute('data-rows', String(total));
  },
  'mfe-help': async (page) => {
    const faq = (await (await page.request.get(`${API}/index/listFaq/2`)).json()).result as { question: string }[];
    await expect(remoteIn(page, 'mfe-help').getByTestId('faq-item').first()).toContainText(faq[0]!.question);
  },
  'mfe-loans': async (page) => {
    const terms = (await (await page.request.get(`${API}/index/listLoanProducts`)).json()).result as { interestFreeDays: number };
    await expect(remoteIn(page, 'mfe-loans').getByTestId('loan-terms-lead')).toContainText(`first ${terms.interestFreeDays} days`);
  },
  'mfe-trading': async (page) => {
    const products = (await (await page.request.get(`${API}/index/listSmartProducts`)).json()).result.products as {
      id: number;
      name: string;
    }[];
    await expect(remoteIn(page, 'mfe-trading').getByTestId(`smart-product-${products[0]!.id}`)).toContainText(products[0]!.name);
  },
  'mfe-nfts': async (page) => {
    const list = (await (await page.request.get(`${API}/index/listNft?status=live&sort=ending`)).json()).result as {
      items: { name: string }[];
    };
    await expect(remoteIn(page, 'mfe-nfts').getByTestId('nft-card').first()).toContainText(list.items[0]!.name);
  },
  'mfe-account': async (page) => {
    const form = remoteIn(page, 'mfe-account').getByTestId('login-form');
    await expect(form.getByLabel('Email')).toBeEditable();
    await expect(form.getByLabel('Password', { exact: true })).toBeEditable();
  },
};

/** Moves within the page view, as the site's own links do (single-spa routes on pushState). */
async function navigateInPage(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

test('each remote blocked in turn: its route shows the translated fallback and every other remote still works', async ({ page }, info) => {
  test.skip(isMobileProject(info.project.name), 'the isolation of the parts does not depend on the layout');
  // Seven blocked remotes, each with a page load and six in-page visits.
  test.setTimeout(240_000);
  expect(Object.keys(ROUTES).sort()).toEqual([...REMOTE_NAMES].sort());
  for (const blocked of REMOTE_NAMES) {
    // Its entry and every chunk of it: the part is unreachable, as in an outage of its artifacts.
    const pattern = `**/artifacts/${blocked}/**`;
    await page.route(pattern, (route) => route.abort());
    await page.goto(ROUTES[blocked].path);
    const fallback = remoteIn(page, blocked).getByTestId('remote-fallback');
    await expect(fallback, blocked).toBeVisible();
    await expect(fallback.getByRole('alert'), blocked).toContainText('This part of the site failed to load');
    await expect(fallback.getByRole('button', { name: 'Retry' }), blocked).toBeVisible();

    for (const other of REMOTE_NAMES.filter((r) => r !== blocked)) {
      await navigateInPage(page, ROUTES[other].path);
      await expect(remoteIn(page, other).getByTestId(ROUTES[other].testId), `${other} while ${blocked} is blocked`).toBeVisible();
      await REAL[other]?.(page);
    }
    // Back on the blocked part's route in the same page view: still its fallback, never an empty outlet.
    await navigateInPage(page, ROUTES[blocked].path);
    await expect(remoteIn(page, blocked).getByTestId('remote-fallback'), blocked).toBeVisible();
    await page.unroute(pattern);
  }
});

const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

test('the served pages allow no inline or eval script, and every remote entry loads with its recorded integrity', async ({
  page,
}, info) => {
  test.skip(isMobileProject(info.project.name), 'the same documents for every device');
  // The page's policy: scripts from the site only.
  const home = await page.request.get('/market');
  const policy = home.headers()['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc.split(/\s+/)).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  const html = await home.text();
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/gi)) expect(attributes).toMatch(/\bsrc=/);

  // The manifest names an integrity for each remote's entry, and it is the hash of the bytes served.
  const rolloutAnswer = await page.request.get('/rollout.json');
  expect(rolloutAnswer.headers()['x-content-type-options']).toBe('nosniff');
  const doc = (await rolloutAnswer.json()) as RolloutDocument;
  for (const remote of REMOTE_NAMES) {
    const entry = doc.remotes[remote];
    expect(entry, remote).toBeDefined();
    for (const version of [entry!.stable, ...(entry!.canary ? [entry!.canary.version] : [])]) {
      const served = await page.request.get(`${doc.artifactBase}/${remote}/${version}/remoteEntry.js`);
      expect(served.ok(), `${remote}@${version}`).toBe(true);
      expect(served.headers()['x-content-type-options']).toBe('nosniff');
      expect(entry!.integrity[version], `${remote}@${version}`).toBe(sri(await served.body()));
    }
  }

  // In the browser: each remote entry is a script element with that integrity (the federation runtime
  // removes the element once it ran, so they are recorded as they are added), and nothing breaks the policy.
  await page.addInitScript(() => {
    const seen = { violations: [] as string[], entries: [] as { src: string; integrity: string }[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`),
    );
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLScriptElement && node.src.includes('remoteEntry.js'))
            seen.entries.push({ src: new URL(node.src).pathname, integrity: node.integrity });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/market');
  await expect(remoteIn(page, 'mfe-markets').getByTestId('market-page')).toBeVisible();
  await navigateInPage(page, '/help/faq');
  await expect(remoteIn(page, 'mfe-help').getByTestId('help-faq')).toBeVisible();
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { violations: string[]; entries: { src: string; integrity: string }[] } }).seen,
  );
  expect(seen.entries.map((s) => s.src)).toEqual(
    expect.arrayContaining([expect.stringContaining('/mfe-markets/'), expect.stringContaining('/mfe-help/')]),
  );
  for (const script of seen.entries) {
    const [, remote, version] = /\/artifacts\/([^/]+)\/([^/]+)\/remoteEntry\.js$/.exec(script.src) ?? [];
    expect(script.integrity, script.src).toBe(doc.remotes[remote!]?.integrity[version!]);
  }
  expect(seen.violations).toEqual([]);
});

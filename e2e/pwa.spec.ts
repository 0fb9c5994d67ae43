import { expect, test } from './fixtures.ts';

test.describe('installable web app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the manifest and icons are served, and the service worker keeps only immutable files', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'one journey is enough (desktop)');
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({ name: 'Meridian', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.ok(), icon.src).toBe(true);
      expect(res.headers()['content-type']).toContain(icon.type);
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state === 'activated', null, {
      timeout: 20_000,
    });
    // A second load goes through the worker: artifacts and icons are cached, the rollout and the API are not.
    // The reloaded page must be the worker's client, so that what it asks for goes through the worker. Chromium
    // may serve a navigation from the network when the worker is slow to start (a loaded machine); that page is
    // not controlled, and the next visit is: load again until one is.
    const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByTestId('market-table').locator('tbody tr').first()).toBeVisible();
          return controlled();
        },
        { timeout: 30_000, intervals: [0] },
      )
      .toBe(true);
    const cachedPaths = () =>
      page.evaluate(async () => {
        // The reloaded page may take its scripts from the renderer's memory cache (preloaded, immutable),
        // which never asks the worker: ask for one of them again, as a later visit would.
        const artifact = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.startsWith('/artifacts/'));
        if (artifact) await fetch(artifact.name);
        const names = await caches.keys();
        const urls: string[] = [];
        for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      });
    await expect.poll(async () => (await cachedPaths()).some((u) => u.startsWith('/artifacts/'))).toBe(true);
    expect((await cachedPaths()).filter((u) => !u.startsWith('/artifacts/') && !u.startsWith('/static/crypto/'))).toEqual([]);
  });

  test('the install badge appears only while the browser offers installation, and asks it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('install-app')).toHaveCount(0);
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      offer.prompt = async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      };
      offer.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(offer);
    });
    await page.getByTestId('install-app').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(page.getByTestId('install-app')).toHaveCount(0);
  });
});

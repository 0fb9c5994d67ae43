import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, remoteIn, signUpAndLogIn, test } from './fixtures.ts';

const API = '/api/swx/customer';

/** Prices of the rows shown, by instrument code. */
async function rowPrices(page: Page, scope: string): Promise<Map<string, string>> {
  const rows = await page
    .locator(`${scope} [data-code]`)
    .evaluateAll((els) =>
      els.map((el) => [el.getAttribute('data-code'), el.querySelector('[data-testid="price"]')?.getAttribute('data-value')] as const),
    );
  return new Map(rows.filter((r): r is readonly [string, string] => Boolean(r[0] && r[1])));
}

test('home: the rows tick with sparklines, and the figures are the platform’s own', async ({ page }) => {
  await page.goto('/');
  const table = page.getByTestId('market-table');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  await expect(table.getByTestId('sparkline').first()).toHaveAttribute('data-points', /^([2-9]|[1-9]\d+)$/);
  await expect(page.getByTestId('simulated-badge').first()).toHaveText('Simulated prices');
  const before = await rowPrices(page, '[data-testid="market-table"]');
  // The feed moves every second: some row shows a new price within 3 s.
  await expect
    .poll(async () => [...(await rowPrices(page, '[data-testid="market-table"]'))].some(([code, price]) => before.get(code) !== price), {
      timeout: 3_000,
      intervals: [250],
    })
    .toBe(true);

  const stats = (await (await page.request.get(`${API}/index/getHomeStatistics`)).json()).result;
  const crypto = (await (await page.request.get(`${API}/index/listMarketByType?type=2&pageSize=1`)).json()).result.total;
  expect(stats.listedCrypto).toBe(crypto);
  const fee = (await (await page.request.get(`${API}/index/getParamByKey/trading_fee_percent`)).json()).result.value;
  const figures = page.getByTestId('home-stats');
  await expect(figures.locator('[data-stat="crypto"] dd')).toHaveText(new Intl.NumberFormat('en').format(crypto));
  await expect(figures.locator('[data-stat="fee"] dd')).toHaveText(`${fee}%`);
  await expect(page.locator('[data-feature="markets"]').getByTestId('home-fee')).toContainText(`${fee}%`);

  // A row opens its instrument.
  await table.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/cruuency\?code=.+&type=\d&id=\d+/);
  await expect(page.getByTestId('instrument-page')).toBeVisible();
});

test('/market: the crypto tab lists every crypto and scrolls; search and sort work', async ({ page }) => {
  await page.goto('/market');
  const list = page.getByTestId('market-list');
  await expect(list).toBeVisible();
  const rows = Number(await list.getAttribute('data-rows'));
  expect(rows).toBeGreaterThanOrEqual(350);
  // Virtualized: only the rows in view are in the page, and scrolling to the end shows the last one.
  expect(await list.locator('[role="row"][aria-rowindex]').count()).toBeLessThan(60);
  await list.locator('[role="rowgroup"]').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.locator(`[aria-rowindex="${rows}"]`)).toBeVisible();

  await page.getByTestId('market-search').fill('ethereum');
  await expect(list.locator('[data-code="ETH/USDT"]')).toBeVisible();
  await expect(list).toHaveAttribute('data-rows', /^\d{1,2}$/);

  await page.getByTestId('market-search').fill('');
  await page.getByTestId('market-sort').selectOption('name');
  const api = (await (await page.request.get(`${API}/index/listMarketByType?type=2&sort=name&pageSize=3`)).json()).result.items as {
    code: string;
  }[];
  await expect(list.locator('[aria-rowindex="1"] [data-code]')).toHaveAttribute('data-code', api[0]!.code);
  await page.getByTestId('market-order').click();
  const reversed = (await (await page.request.get(`${API}/index/listMarketByType?type=2&sort=name&order=desc&pageSize=1`)).json()).result
    .items as { code: string }[];
  await expect(list.locator('[aria-rowindex="1"] [data-code]')).toHaveAttribute('data-code', reversed[0]!.code);

  // Another type: only its instruments.
  await page.getByTestId('market-sort').selectOption('rank');
  await page.getByTestId('tab-1').click();
  await expect(list.locator('[data-code="EUR/USD"]')).toBeVisible();
  await expect(list.locator('[data-code="BTC/USDT"]')).toHaveCount(0);
});

test('a watchlist star survives a reload, and the watchlist tab shows the instrument live', async ({ page }) => {
  await signUpAndLogIn(page);
  await page.goto('/market');
  const row = page.getByTestId('market-list').locator('[data-code="ETH/USDT"]');
  await expect(row).toBeVisible();
  await row.getByTestId('watch-star').click();
  await expect(row.getByTestId('watch-star')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('market-list').locator('[data-code="ETH/USDT"]').getByTestId('watch-star')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByTestId('tab-watchlist').click();
  const watched = page.getByTestId('market-list');
  await expect(watched).toHaveAttribute('data-rows', '1');
  await expect(watched.locator('[data-code="ETH/USDT"]')).toBeVisible();
});

test('/cruuency: candles, interval switch and a live last candle', async ({ page }) => {
  const info = (await (await page.request.get(`${API}/index/listMarketByType?type=2&pageSize=1`)).json()).result.items[0] as {
    id: number;
    code: string;
  };
  await page.goto(`/cruuency?code=${encodeURIComponent(info.code)}&type=2&id=${info.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.code);
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-ready', 'true');
  const data = page.getByTestId('chart-data');
  await expect(data).toHaveAttribute('data-interval', '15m');
  expect(Number(await data.getAttribute('data-candles'))).toBeGreaterThan(50);
  await expect(page.getByTestId('instrument-facts')).toContainText('100×');
  await expect(page.getByTestId('trading-state')).toHaveText('Trading now');

  await page.getByTestId('interval-1h').click();
  await expect(data).toHaveAttribute('data-interval', '1h');
  await expect.poll(async () => Number(await data.getAttribute('data-candles'))).toBeGreaterThan(50);
  // The last candle follows the live price.
  const close = await data.getAttribute('data-last-close');
  await expect.poll(async () => data.getAttribute('data-last-close'), { timeout: 5_000 }).not.toBe(close);
  await expect(page.getByTestId('instrument-price')).toHaveAttribute('data-value', (await data.getAttribute('data-last-close'))!);
});

test('in Arabic the listing reads right to left', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('meridian.lang', 'ar'));
  await page.goto('/market');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(remoteIn(page, 'mfe-markets').locator('h1')).toHaveText(/\p{Script=Arabic}/u);
  const first = await page.getByTestId('tab-2').boundingBox();
  const second = await page.getByTestId('tab-1').boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x);
});

/** A free port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// Run alone, after the other journeys (the quiet project): it times the live connection's 5 s retry.
test(
  'after the API process restarts, the page reconnects and prices tick again within 6 s',
  { tag: '@quiet' },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'meridian-restart-'));
    const root = join(import.meta.dirname, '..');
    const start = () =>
      spawn(process.execPath, ['--import', 'tsx', 'deploy/src/start.ts', '--no-build'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, PORT: String(port), MERIDIAN_DATA_DIR: dataDir, MERIDIAN_LOG: 'silent', DATABASE_URL: '', REDIS_URL: '' },
      });
    const up = async () => {
      await expect
        .poll(async () => (await page.request.get(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok() ?? false, {
          timeout: 90_000,
          intervals: [250],
        })
        .toBe(true);
    };
    let server = start();
    try {
      await up();
      await page.goto(`http://127.0.0.1:${port}/`);
      const table = page.getByTestId('market-table');
      await expect(table.locator('tbody tr')).not.toHaveCount(0);
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      server = start();
      await up();
      const back = Date.now();
      const before = await rowPrices(page, '[data-testid="market-table"]');
      await expect
        .poll(
          async () => [...(await rowPrices(page, '[data-testid="market-table"]'))].some(([code, price]) => before.get(code) !== price),
          {
            timeout: 6_000,
            intervals: [200],
          },
        )
        .toBe(true);
      testInfo.annotations.push({ type: 'resumed after', description: `${Date.now() - back} ms` });
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

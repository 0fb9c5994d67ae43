import type { Page } from '@playwright/test';
import { money } from '@meridian/contracts';
import { expect, firstCrypto, openInstrument, signUpAndLogIn, test } from './fixtures.ts';

const API = '/api/swx/customer';

/** Figures of /profile, exactly (data-value). */
async function figure(page: Page, name: string): Promise<string> {
  return (await page.getByTestId(`figure-${name}`).getAttribute('data-value'))!;
}

test('a leveraged position: open it with the terms confirmed, watch its PnL move, close it, and the demo balance shows the result', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page);
  const instrument = await firstCrypto(page);
  await openInstrument(page, instrument);

  const form = page.getByTestId('contract-form');
  await form.getByTestId('contract-lots').fill('0.1');
  await form.getByTestId('contract-leverage').selectOption('10');
  await expect(page.getByTestId('preview-margin')).not.toHaveAttribute('data-value', '');
  await page.getByTestId('contract-submit').click();
  const confirm = page.getByTestId('contract-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('confirm-account')).toHaveAttribute('data-mode', 'demo');
  await expect(confirm.getByTestId('confirm-leverage')).toContainText('10');
  await confirm.getByTestId('confirm-submit').click();
  await expect(page.getByRole('status').filter({ hasText: 'Order placed' })).toBeVisible();

  const row = page.getByTestId('position-row').first();
  await expect(row).toBeVisible();
  // The PnL follows the live price.
  const pnl = row.getByTestId('position-pnl');
  const first = await pnl.getAttribute('data-value');
  await expect.poll(() => pnl.getAttribute('data-value'), { timeout: 15_000 }).not.toBe(first);

  await row.getByTestId('position-close').click();
  const closeDialog = page.getByTestId('close-confirm');
  await closeDialog.getByTestId('confirm-submit').click();
  await expect(page.getByRole('status').filter({ hasText: /Position closed with profit .+ at price/ })).toBeVisible();
  await expect(page.getByTestId('position-row')).toHaveCount(0);

  await page.getByTestId('orders-tab-closed').click();
  const closed = page.getByTestId('closed-row').first();
  await expect(closed).toHaveAttribute('data-reason', 'user');
  const profit = (await closed.getByTestId('closed-profit').getAttribute('data-value'))!;
  const fee = (await closed.getByTestId('closed-fee').getAttribute('data-value'))!;

  // The balance: 100,000 − fee + realized profit, margin back, nothing in use.
  await page.goto('/profile');
  const expected = money('100000').minus(fee).plus(profit);
  await expect.poll(async () => money(await figure(page, 'baseBalance')).eq(expected)).toBe(true);
  expect(money(await figure(page, 'bondAmount')).isZero()).toBe(true);
  expect(money(await figure(page, 'profit')).eq(profit)).toBe(true);

  // The records of the account list the closed order with its result, beside the statement (demo: no funding tabs).
  await page.getByRole('link', { name: 'Records', exact: true }).click();
  const records = page.getByTestId('records-page');
  await expect(records.getByTestId('records-tab-deposits')).toHaveCount(0);
  const record = records.getByTestId('record-contract').first();
  await expect(record).toContainText(instrument.code);
  await expect(record.locator('[data-value]')).toHaveAttribute('data-value', profit);
  await records.getByTestId('records-tab-statement').click();
  await expect(records.getByTestId('statement-line').first()).toBeVisible();
  await page.goto('/profile');

  // The real account was never touched.
  await page.getByTestId('mode-real').click();
  await expect(page.getByTestId('figure-baseBalance')).toHaveText('$0.00');
  await openInstrument(page, instrument);
  await page.getByTestId('orders-tab-closed').click();
  await expect(page.getByTestId('closed-row')).toHaveCount(0);
});

test('a stop loss or take profit on the wrong side is refused in the form with the translated message', async ({ page }) => {
  await signUpAndLogIn(page);
  await openInstrument(page, await firstCrypto(page));
  const price = money((await page.getByTestId('preview-price').getAttribute('data-value'))!);
  await page.getByTestId('contract-lots').fill('0.01');
  await page.getByTestId('contract-stop-loss').fill(price.times(1.1).toFixed(2));
  await page.getByTestId('contract-take-profit').fill(price.times(0.9).toFixed(2));
  await page.getByTestId('contract-submit').click();
  await expect(page.getByTestId('contract-stop-loss-error')).toHaveText(/stop loss price is unreasonable/i);
  await expect(page.getByTestId('contract-take-profit-error')).toHaveText(/take profit price is unreasonable/i);
  await expect(page.getByTestId('contract-confirm')).toHaveCount(0);

  // The same in German, without a reload.
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-picker').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByTestId('contract-stop-loss-error')).toHaveAttribute('data-key', 'validation.stopLossUnreasonable');
  await expect(page.getByTestId('contract-stop-loss-error')).not.toHaveText(/unreasonable/);
});

test('a position with a stop loss next to the price closes by itself from the feed', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'one automatic close journey is enough (desktop)');
  const { email, password } = await signUpAndLogIn(page);
  const instrument = await firstCrypto(page);
  const token = (await (await page.request.post(`${API}/login/login`, { data: { email, password } })).json()).result.token as string;
  const headers = { authorization: token, virtually: 'NO' };
  // A buy with its stop one tick below the price and a sell with its stop one tick above: the next move closes one.
  const opened: string[] = [];
  for (const side of ['buy', 'sell'] as const) {
    await expect
      .poll(async () => {
        const info = (await (await page.request.get(`${API}/index/getMarketInfo/${instrument.id}`)).json()).result;
        const stopLoss = side === 'buy' ? money(info.nowPrice).minus(info.tickSize) : money(info.nowPrice).plus(info.tickSize);
        const res = await page.request.post(`${API}/order/buyContracts`, {
          headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
          data: { instrumentId: instrument.id, side, lots: '0.01', leverage: 10, stopLoss: stopLoss.toFixed() },
        });
        const body = await res.json();
        if (body.code === '200') opened.push(body.result.id);
        return body.code;
      })
      // The price may have passed the stop before the order arrived (10099): try again.
      .toBe('200');
  }
  await openInstrument(page, instrument);
  await page.getByTestId('orders-tab-closed').click();
  await expect(page.locator('[data-testid="closed-row"][data-reason="stopLoss"]').first()).toBeVisible({ timeout: 20_000 });
});

test('an options order counts down, settles from the feed with the right payout and shows both ticks', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page);
  await openInstrument(page, await firstCrypto(page));
  await page.getByTestId('order-tab-options').click();
  await page.getByTestId('options-direction-up').click();
  await page.getByTestId('options-period-30').click();
  await page.getByTestId('options-amount').fill('10');
  await expect(page.getByTestId('options-profit-preview')).toHaveAttribute('data-value', '8');
  await page.getByTestId('options-submit').click();
  await page.getByTestId('options-confirm').getByTestId('confirm-submit').click();

  const ticket = page.getByTestId('options-ticket');
  await expect(ticket.getByTestId('options-countdown')).toBeVisible();
  const openPrice = money((await ticket.getByTestId('options-open-price').getAttribute('data-value'))!);
  const result = ticket.getByTestId('options-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const status = await result.getAttribute('data-status');
  const settlePrice = money((await ticket.getByTestId('options-settle-price').getAttribute('data-value'))!);
  const profit = money((await ticket.getByTestId('options-profit').getAttribute('data-value'))!);
  // Up wins above the open price, loses below; the same price returns the stake. 80 % payout on 10.
  const expected = settlePrice.gt(openPrice) ? ['won', '8'] : settlePrice.lt(openPrice) ? ['lost', '-10'] : ['draw', '0'];
  expect([status, profit.toFixed()]).toEqual(expected);
  await expect(ticket.getByTestId('options-settle-time')).not.toBeEmpty();
  await expect(ticket.getByTestId('options-open-time')).not.toBeEmpty();
});

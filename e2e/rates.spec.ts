/**
 * The daily rate board (decision 0036), on the shared demo server, at 412 px like a phone at the
 * mandi: five products in stock are repriced (typed with Enter moving down the rows) and published
 * at once, one more is scheduled for the next 06:00 and the schedule shows on its row after a
 * reload; a repriced product's history names the change; the public /rates page, as a visitor,
 * shows the new rates. The demo rates are put back afterwards (the scheduled change stays pending
 * until the next 06:00, after this run). Screenshots are kept with the test's output.
 */
import { expect, test } from '@playwright/test';
import { adminApi, adminPage } from './support';

interface Row {
  productId: string;
  name: string;
  unit: string;
  rate: number;
  scheduled: { rate: number; effectiveAt: string } | null;
}
/** Text to find as it is, inside a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** As the screens write rupees: whole amounts without decimals, else two. */
const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

test('the rate board reprices five products, schedules one for later, and /rates shows the new rates', async ({
  browser,
  baseURL,
}) => {
  const api = await adminApi(baseURL);
  const board = (await (await api.get('/api/admin/rates')).json()).rates as Row[];
  const inStock = new Set(
    ((await (await api.get('/api/rates/today')).json()).rates as { productId: string }[]).map((rate) => rate.productId),
  );
  // Five neighbouring rows in stock, none with a schedule, and a sixth for the schedule.
  const start = board.findIndex((_, at) =>
    board.slice(at, at + 6).every((row) => inStock.has(row.productId) && row.scheduled === null),
  );
  expect(start, 'six neighbouring products in stock').toBeGreaterThanOrEqual(0);
  const repriced = board.slice(start, start + 5);
  const later = board[start + 5] as Row;
  const newRate = (row: Row) => row.rate + 3.5;

  try {
    const page = await adminPage(browser);
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto('/admin/rates');
    await expect(page.getByRole('heading', { level: 1, name: 'Rate board' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Rates', exact: true })).toHaveAttribute('aria-current', 'page');

    // Typed down the rows: Enter moves to the next row's field.
    const field = (row: Row) => page.getByRole('textbox', { name: new RegExp(`^New rate of ${literal(row.name)},`) });
    await field(repriced[0] as Row).click();
    for (const row of repriced) {
      await expect(field(row)).toBeFocused();
      await page.keyboard.type(String(newRate(row)));
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText('5 rates typed')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rate-board-typed-412.png'), fullPage: false });
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('status').filter({ hasText: '5 rates published.' })).toBeVisible();
    for (const row of repriced) {
      const header = page.getByRole('rowheader').filter({ hasText: row.name });
      await expect(header.first()).toContainText(`Now ${rupees(newRate(row))}/`);
      await expect(header.first()).toContainText(`was ${rupees(row.rate)}`);
    }

    // One more for the next 06:00 (the field's default), seen on its row after a reload.
    await field(later).fill(String(later.rate + 2));
    await page.getByRole('button', { name: 'Schedule for…' }).click();
    const at = page.getByLabel('Apply at (shop time)');
    await expect(at).toHaveValue(/T06:00$/);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^1 rate scheduled for / })).toBeVisible();
    await page.reload();
    const laterRow = page.getByRole('rowheader').filter({ hasText: later.name }).first();
    await expect(laterRow).toContainText(new RegExp(`From .*6:00 am: ${literal(rupees(later.rate + 2))}`, 'i'), {
      timeout: 30_000,
    });
    await expect(laterRow).toContainText(`Now ${rupees(later.rate)}/`);
    await laterRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('rate-board-scheduled-412.png'), fullPage: true });

    // The history of a repriced product.
    const first = repriced[0] as Row;
    await page.getByRole('button', { name: `History of ${first.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rate history: ${first.name}` });
    await expect(dialog).toContainText(`${rupees(first.rate)} → ${rupees(newRate(first))}`);
    await expect(dialog).toContainText('by ');
    await page.screenshot({ path: test.info().outputPath('rate-history-412.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.context().close();

    // A visitor on a phone: the public page, from the footer.
    const visitor = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
    await visitor.goto('/');
    await visitor.getByRole('contentinfo').getByRole('link', { name: "Today's rates" }).click();
    await expect(visitor).toHaveURL(/\/rates$/);
    await expect(visitor.getByRole('heading', { level: 1, name: "Today's rates" })).toBeVisible({ timeout: 30_000 });
    for (const row of repriced) {
      const item = visitor
        .getByRole('listitem')
        .filter({ has: visitor.getByRole('link', { name: row.name, exact: true }) });
      await expect(item).toContainText(rupees(newRate(row)));
    }
    const laterItem = visitor
      .getByRole('listitem')
      .filter({ has: visitor.getByRole('link', { name: later.name, exact: true }) });
    await expect(laterItem).toContainText(rupees(later.rate));
    await visitor.screenshot({ path: test.info().outputPath('rates-page-412.png'), fullPage: true });
    await visitor.context().close();
  } finally {
    // The other journeys expect the demo rates.
    const restored = await api.put('/api/admin/rates', {
      data: { rates: repriced.map((row) => ({ productId: row.productId, rate: row.rate })) },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    await api.dispose();
  }
});

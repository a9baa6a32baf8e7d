/**
 * Buying at the mandi (decision 0035) on the shared demo server, on a 412 px phone: a purchase of
 * three products with tare, 6% commission and ₹120 of transport is entered with the landed rates
 * shown as they are typed; saving adds each net quantity to stock and moves each product's cost;
 * then 2 kg of tomatoes is written off as rotten from the products table, and the wastage list and
 * the supplier's balance show it. Screenshots are kept with the test's output.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminApi, adminPage } from './support';

interface AdminProduct {
  _id: string;
  name: string;
  stocks: number;
  costRate: number | null;
}

const LINES = [
  { name: 'Desi Tomato', gross: '20', tare: '1', rate: '18', net: 19, landed: 403.52, landedRate: '₹21.24/Kg' },
  { name: 'Green Cucumber', gross: '10', tare: '0.5', rate: '22', net: 9.5, landed: 246.59, landedRate: '₹25.96/Kg' },
  { name: 'Brinjal (Baingan)', gross: '15', tare: '', rate: '30', net: 15, landed: 530.95, landedRate: '₹35.40/Kg' },
];

/** The moving average the server keeps (half up to the paisa), from what a product held before. */
function movingAverage(before: AdminProduct, net: number, landed: number): number {
  if (before.costRate === null || before.stocks <= 0) return Math.round((landed / net) * 100) / 100;
  const grams = Math.round(before.stocks * 1000);
  const paise = Math.round(before.costRate * 100);
  return Math.round((grams * paise + Math.round(landed * 100) * 1000) / (grams + net * 1000)) / 100;
}

async function fillLine(page: Page, number: number, line: (typeof LINES)[number]) {
  const group = page.getByRole('group', { name: `Line ${number}` });
  await group.getByLabel('Product').fill(line.name);
  await expect(group.getByText(`✓ ${line.name}`)).toBeVisible({ timeout: 15_000 });
  await group.getByLabel('Gross').fill(line.gross);
  if (line.tare) await group.getByLabel('Tare (bags, crates)').fill(line.tare);
  await group.getByLabel('Rate ₹ per Kg').fill(line.rate);
}

test('a purchase of three products at 412 px moves stock and cost; 2 kg of tomatoes written off as rotten', async ({
  browser,
  baseURL,
}) => {
  const api = await adminApi(baseURL);
  const product = async (name: string): Promise<AdminProduct> => {
    const { products } = await (
      await api.get(`/api/admin/products?q=${encodeURIComponent(name)}&page=1&limit=5`)
    ).json();
    const found = products.find((one: AdminProduct) => one.name === name);
    expect(found, name).toBeTruthy();
    return found;
  };

  const page = await adminPage(browser);
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/admin/purchases/new');
  // The page's code loads on first use: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'New purchase' })).toBeVisible({ timeout: 30_000 });
  const supplier = `E2E Mandi Traders ${Date.now().toString(36)}`;
  await page.getByLabel('Supplier').fill(supplier);

  await fillLine(page, 1, LINES[0] as (typeof LINES)[number]);
  for (const [index, line] of LINES.slice(1).entries()) {
    await page.getByRole('button', { name: 'Add line' }).click();
    // The new line's product field has the focus: the buyer types straight on.
    await expect(page.getByRole('group', { name: `Line ${index + 2}` }).getByLabel('Product')).toBeFocused();
    await fillLine(page, index + 2, line);
  }
  await page.getByLabel('Commission %').fill('6');
  await page.getByLabel('Charge 1', { exact: true }).fill('Transport');
  await page.getByLabel('Amount ₹').fill('120');

  // The landed rates and totals as typed, by the same function the server saves with.
  for (const [index, line] of LINES.entries()) {
    await expect(page.getByRole('group', { name: `Line ${index + 1}` })).toContainText(
      `Landed rate: ${line.landedRate}`,
    );
  }
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('₹1,001');
  await expect(totals).toContainText('₹60.06');
  await expect(totals).toContainText('₹120');
  await expect(totals).toContainText('₹1,181.06');
  await page.screenshot({ path: test.info().outputPath('purchase-entry-412.png'), fullPage: true });

  const before = await Promise.all(LINES.map((line) => product(line.name)));
  await page.getByRole('button', { name: 'Save purchase' }).click();
  await expect(page.getByText('Purchase saved: 3 lines, ₹1,181.06 landed')).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^Saved: ${supplier}`) })).toBeVisible();
  const after = await Promise.all(LINES.map((line) => product(line.name)));
  for (const [index, line] of LINES.entries()) {
    const was = before[index] as AdminProduct;
    const now = after[index] as AdminProduct;
    expect(Math.round((now.stocks - was.stocks) * 1000), `${line.name} stock`).toBe(line.net * 1000);
    expect(now.costRate, `${line.name} cost`).toBe(movingAverage(was, line.net, line.landed));
  }
  await page.screenshot({ path: test.info().outputPath('purchase-saved-412.png'), fullPage: true });

  // The purchases list shows it; the supplier owes the landed total.
  await page.getByRole('link', { name: 'Purchases', exact: true }).first().click();
  await expect(page.getByRole('row').filter({ hasText: supplier })).toContainText('₹1,181.06');
  await page.getByRole('navigation', { name: 'Purchases screens' }).getByRole('link', { name: 'Suppliers' }).click();
  const supplierRow = page.getByRole('row').filter({ hasText: supplier });
  await expect(supplierRow).toContainText('₹1,181.06');
  await page.screenshot({ path: test.info().outputPath('suppliers-412.png'), fullPage: true });
  // A payment to the supplier lowers what is owed.
  await supplierRow.getByRole('button', { name: `Record payment to ${supplier}` }).click();
  const payment = page.getByRole('form', { name: `Record payment to ${supplier}` });
  await expect(payment.getByLabel('Amount ₹')).toBeFocused();
  await payment.getByLabel('Amount ₹').fill('1000');
  await payment.getByLabel('Method').selectOption('UPI');
  await payment.getByLabel('Reference (UTR, cheque, note)').fill('412345678901');
  await page.screenshot({ path: test.info().outputPath('supplier-payment-412.png'), fullPage: true });
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText(`Payment of ₹1,000 to ${supplier} recorded`)).toBeVisible();
  await expect(supplierRow).toContainText('₹181.06');

  // 2 kg of tomatoes written off as rotten from the products table, valued at the cost.
  const tomato = await product('Desi Tomato');
  await page.goto('/admin/view/products?q=Desi%20Tomato');
  await page.getByRole('button', { name: 'Write off Desi Tomato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write off Desi Tomato' });
  await dialog.getByLabel('Quantity (Kg)').fill('2');
  await dialog.getByLabel('Reason').selectOption('rotten');
  await dialog.getByLabel('Note').fill('Bottom crate soft');
  await page.screenshot({ path: test.info().outputPath('write-off-412.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(page.getByText('2 Kg of Desi Tomato written off')).toBeVisible();
  const written = await product('Desi Tomato');
  expect(Math.round((tomato.stocks - written.stocks) * 1000)).toBe(2000);
  expect(written.costRate).toBe(tomato.costRate);

  const cost = Math.round(2 * (tomato.costRate ?? 0) * 100) / 100;
  await page.goto('/admin/wastage');
  const entry = page
    .getByRole('table', { name: 'Write-offs, newest first' })
    .getByRole('row')
    .filter({ hasText: 'Bottom crate soft' });
  await expect(entry).toContainText('Rotten');
  await expect(entry).toContainText(
    `₹${cost.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(cost) ? 0 : 2 })}`,
  );
  await expect(
    page.getByRole('table', { name: 'Each product written off: quantity against quantity bought' }).getByRole('row', {
      name: /Desi Tomato/,
    }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('wastage-412.png'), fullPage: true });
  await page.context().close();
  await api.dispose();
});

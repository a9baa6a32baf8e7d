/**
 * The margin report and the GST return (decision 0037), on the shared demo server (a GST-registered
 * shop in Karnataka): an order of a 0 % product is packed; this week's margin report grows by its
 * sale exactly, and the screen at 412 px shows the product's figures and the totals as the API
 * gives them; the GST screen of this month matches the bills register and downloads the JSON for
 * the offline tool. Phone screenshots are kept with the test's output.
 */
import fs from 'node:fs';
import { shopMonthOf } from '@mandi/shared/kernel';
import { expect, test } from '@playwright/test';
import { adminApi, adminPage, registerShopper } from './support';

interface Product {
  _id: string;
  name: string;
  rate: number;
  stocks: number;
  gstRate: number;
  unit?: string;
  kilogramOption: { $numberDecimal: string }[];
}
interface MarginRow {
  productId: string | null;
  name: string;
  soldQuantity: number;
  sales: number;
  cost: number;
  margin: number;
  wastedCost: number;
}
interface Margin {
  rows: MarginRow[];
  totals: { sales: number; cost: number; margin: number };
}

/** As the screens write rupees (en-IN): whole amounts without decimals, else two. */
const rupees = (amount: number) =>
  `${amount < 0 ? '-' : ''}₹${Math.abs(amount).toLocaleString('en-IN', {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
const paise = (rupeesValue: number) => Math.round(rupeesValue * 100);

test('an order packed: the margin report grows by its sale; the GST return matches the register and downloads its JSON', async ({
  browser,
  request,
  baseURL,
}) => {
  const shopper = await registerShopper(request, 'Margin');
  const login = await request.post('/api/user/login', { data: { email: shopper.email, password: shopper.password } });
  expect(login.status()).toBe(200);
  const { products } = (await (await request.get('/api/product/getAllProducts?limit=50')).json()) as {
    products: Product[];
  };
  // A product sold by the kg at 0 % GST: its sale's taxable value is its amount.
  const product = products.find((p) => p.gstRate === 0 && (p.unit ?? 'kg') === 'kg' && p.stocks >= 5);
  expect(product, 'a 0 % product in stock').toBeTruthy();
  const { _id: productId, rate } = product as Product;
  const kg = Number((product as Product).kilogramOption[0]?.$numberDecimal);

  const api = await adminApi(baseURL);
  const margin = async () => {
    const response = await api.get('/api/admin/reports/margin');
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as Margin;
  };
  const before = await margin();
  const rowBefore = before.rows.find((row) => row.productId === productId);

  const { slots } = (await (await request.get('/api/delivery/slots?pinCode=560011')).json()) as {
    slots: { _id: string; isAvailable: boolean }[];
  };
  const slotId = slots.find((slot) => slot.isAvailable)?._id;
  const placed = await request.post('/api/user/new/order', {
    data: {
      cartItems: [{ id: productId, quantity: kg }],
      shippingInfo: {
        address: '7th Main Road, Jayanagar',
        city: 'Bengaluru',
        mobileNumber: '9876512345',
        pinCode: '560011',
      },
      ...(slotId ? { slotId } : {}),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order as { _id: string; orderItems: { _id: string; quantity: number }[] };
  const packed = await api.put(`/api/admin/orders/${order._id}/pack`, {
    data: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: item.quantity })) },
  });
  expect(packed.status(), await packed.text()).toBe(200);

  // The report grows by exactly this sale: the packed kg, and rate × kg as sales (0 % GST).
  const after = await margin();
  const row = after.rows.find((entry) => entry.productId === productId);
  expect(row, 'the product in this week’s margin report').toBeTruthy();
  const sale = paise(rate * kg);
  expect(Math.round(((row as MarginRow).soldQuantity - (rowBefore?.soldQuantity ?? 0)) * 1000)).toBe(
    Math.round(kg * 1000),
  );
  expect(paise((row as MarginRow).sales) - paise(rowBefore?.sales ?? 0)).toBe(sale);
  expect(paise(after.totals.sales) - paise(before.totals.sales)).toBe(sale);
  const { sales, cost, wastedCost, margin: rowMargin } = row as MarginRow;
  expect(paise(rowMargin)).toBe(paise(sales) - paise(cost) - paise(wastedCost));

  // The margin report on a phone: the product's figures and the totals as the API gives them.
  const page = await adminPage(browser);
  await page.setViewportSize({ width: 412, height: 900 });
  await page.goto('/admin/reports');
  await page.getByRole('link', { name: /Margin report/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Margin report' })).toBeVisible({ timeout: 30_000 });
  const productRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: (row as MarginRow).name }) });
  await expect(productRow.getByRole('cell').nth(1)).toHaveText(rupees(sales));
  await expect(productRow.getByRole('cell').nth(5)).toHaveText(rupees(rowMargin));
  const totalRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
  await expect(totalRow.getByRole('cell').nth(0)).toHaveText(rupees(after.totals.sales));
  await expect(page.getByRole('img', { name: /Daily margin from/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('margin-report-412.png'), fullPage: true });

  // The GST return of this month: it matches the register, and the JSON downloads.
  await page.goto('/admin/reports');
  await page.getByRole('link', { name: /GST return/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'GST return (GSTR-1)' })).toBeVisible({ timeout: 30_000 });
  const month = shopMonthOf(new Date());
  await page.getByLabel('Month').fill(month);
  await expect(page.getByText('Matches the bills register to the paisa.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Documents issued (table 13)' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gst-return-412.png'), fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download JSON for the offline tool' }).click();
  const download = await downloading;
  const period = `${month.slice(5)}${month.slice(0, 4)}`;
  expect(download.suggestedFilename()).toBe(`GSTR1_29AAJCM4321F1ZJ_${period}.json`);
  const file = JSON.parse(fs.readFileSync((await download.path()) as string, 'utf8'));
  expect(Object.keys(file)).toEqual(['gstin', 'fp', 'b2cs', 'nil', 'hsn', 'doc_issue']);
  expect([file.gstin, file.fp]).toEqual(['29AAJCM4321F1ZJ', period]);
  // Its taxable values add up to the register of the month.
  const register = await (await api.get(`/api/admin/bills?month=${month}`)).json();
  const taxable =
    file.b2cs.reduce((sum: number, entry: { txval: number }) => sum + paise(entry.txval), 0) +
    file.nil.inv.reduce(
      (sum: number, entry: { expt_amt: number; nil_amt: number }) => sum + paise(entry.expt_amt + entry.nil_amt),
      0,
    );
  expect(taxable).toBe(paise(register.totals.taxableValue));
  await page.context().close();
  await api.dispose();
});

/**
 * Journey, sold by real weight (decision 0007). A shopper orders 1 Kg and 2 Kg; the admin packs 1.04 Kg and
 * "not available"; the shopper sees the final bill on the order page and in the mail; a second order
 * is cancelled by its shopper and its stock comes back; the pick list shows the day's totals and prints.
 */
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addToCart, adminPage, checkOut, confirmEmail, logIn, NAGPUR, readMailIn, registerShopper } from './support';

async function productByName(request: APIRequestContext, name: string): Promise<{ _id: string; stocks: number }> {
  const response = await request.get(`/api/product/getAllProducts?keyword=${encodeURIComponent(name)}`);
  const { products } = (await response.json()) as { products: { _id: string; name: string; stocks: number }[] };
  const found = products.find((product) => product.name === name);
  expect(found, `${name} in the catalogue`).toBeTruthy();
  return found as { _id: string; stocks: number };
}

const stockOf = async (request: APIRequestContext, id: string) => {
  const response = await request.get(`/api/product/getSingleProduct/${id}`);
  return ((await response.json()) as { product: { stocks: number } }).product.stocks;
};

/** Waits for a mail to `email` on the shared server whose text contains `needle`, and returns that text. */
const readMail = (email: string, needle: string) =>
  readMailIn(path.join(process.env.E2E_DATA_DIR as string, 'mail'), email, needle);

test('order 1 Kg and 2 Kg → packed 1.04 Kg and not available → final bill; cancel; pick list', async ({
  browser,
  page,
  request,
}) => {
  const shopper = await registerShopper(request, 'Ishaan');
  await confirmEmail(request, shopper.email);
  await logIn(page, shopper.email, shopper.password);

  // The first order: 1 Kg of oranges (₹89/kg) and 2 Kg of cucumber (₹36/kg): estimate ₹161.
  await addToCart(page, 'orange', 'Nagpur Orange', '1 Kg');
  await addToCart(page, 'cucumber', 'Green Cucumber', '2 Kg');
  const firstId = await checkOut(page, NAGPUR);
  await expect(page.getByText('Final amount after weighing; you pay only for what is packed')).toBeVisible();
  await expect(page.getByText('Total Amount').locator('..')).toContainText('₹161');

  // The admin packs it: 1.04 Kg of oranges, no cucumber today.
  const admin = await adminPage(browser);
  await admin.goto('/admin/view/orders');
  // Rows are named by the order's number, as people read it (decision 0023).
  const firstNumber = (
    (await (await page.request.get(`/api/user/my/order/${firstId}`)).json()) as {
      order: { orderNumber: number };
    }
  ).order.orderNumber;
  await admin.getByRole('link', { name: `Pack order #${firstNumber}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/pack/order/${firstId}$`));
  await expect(admin.getByRole('heading', { name: 'Pack Order' })).toBeVisible();
  await expect(admin.getByText(`#${firstNumber}`, { exact: true })).toBeVisible();
  const orangeField = admin.getByRole('textbox', { name: 'Packed weight of Nagpur Orange (kg)' });
  await expect(orangeField).toHaveAttribute('inputmode', 'decimal');
  await orangeField.fill('1.2');
  await expect(admin.getByRole('alert')).toContainText('At most 1.1 Kg');
  await orangeField.fill('1.04');
  await orangeField.press('Enter');
  await expect(admin.getByRole('textbox', { name: 'Packed weight of Green Cucumber (kg)' })).toBeFocused();
  await admin.getByRole('button', { name: 'Not available: Green Cucumber' }).click();
  // ₹89 × 1.04 Kg = ₹92.56, the cucumber not charged; the bill is paid in whole rupees (round off +₹0.44).
  await expect(admin.getByTestId('pack-subtotal')).toHaveText('₹92.56');
  await expect(admin.getByTestId('pack-round-off')).toHaveText('+₹0.44');
  await expect(admin.getByTestId('pack-total')).toHaveText('₹93');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${firstId}$`));
  // The bill is paid in whole rupees: ₹92.56 rounds to ₹93 (decision 0017).
  await expect(admin.getByText('Order packed: amount due ₹93')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(
    admin.getByText('Moving an order that was not packed to Shipped packs it at the ordered weights.'),
  ).toHaveCount(0);

  // The shopper sees the final bill on the order page...
  await page.goto(`/Order/OrderDetails/${firstId}`);
  const orange = page
    .getByRole('list', { name: 'Order items' })
    .getByRole('listitem')
    .filter({ hasText: 'Nagpur Orange' });
  await expect(orange).toContainText('1.04 Kg');
  await expect(orange).toContainText('₹92.56');
  const cucumber = page
    .getByRole('list', { name: 'Order items' })
    .getByRole('listitem')
    .filter({ hasText: 'Green Cucumber' });
  await expect(cucumber).toContainText('Not available');
  await expect(cucumber).toContainText('₹0');
  await expect(page.getByText('Total Amount').locator('..')).toContainText('₹93');
  await expect(page.locator('del')).toHaveText('Estimated ₹161');
  await expect(page.getByText('Final amount after weighing; you pay only for what is packed')).toHaveCount(0);
  // ...and in the mail.
  const mail = await readMail(shopper.email, 'Amount due: ₹93');
  expect(mail).toContain('Round off: ₹0.44');
  expect(mail).toContain('Nagpur Orange');
  expect(mail).toMatch(/packed 1\.04 Kg/);
  expect(mail).toContain('Estimate when ordered: ₹161');

  // The second order is cancelled by its shopper, and its stock comes back.
  const brinjal = await productByName(request, 'Brinjal (Baingan)');
  const stockBefore = await stockOf(request, brinjal._id);
  await addToCart(page, 'brinjal', 'Brinjal (Baingan)', '1.5 Kg');
  const secondId = await checkOut(page, NAGPUR);
  expect(secondId).not.toBe(firstId);
  expect(await stockOf(request, brinjal._id)).toBeCloseTo(stockBefore - 1.5, 3);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(/Are you sure\?/)).toBeVisible();
  await page.getByRole('button', { name: 'Keep order' }).click();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText('This order is cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  expect(await stockOf(request, brinjal._id)).toBeCloseTo(stockBefore, 3);
  await page.goto('/Order/MyOrder');
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first()).toContainText('Cancelled');

  // The pick list: today's Processing orders, per product, with a print button and print styles.
  await admin.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await admin.goto('/admin/home');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pick list' }).click();
  await expect(admin).toHaveURL(/\/admin\/picklist$/);
  // An order counts on its delivery slot's date (the demo's slots: today or, past the cut-off, tomorrow).
  const placed = await (await admin.request.get(`/api/user/my/order/${firstId}`)).json();
  const slotDate: string | undefined = placed.order.deliverySlot?.date;
  if (slotDate) await admin.getByLabel('Date').fill(slotDate);
  const orangeRow = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: 'Nagpur Orange' }) });
  await expect(orangeRow.getByRole('cell').nth(0)).toHaveText('1.04 Kg');
  // One order holds it: its number is written under the count.
  await expect(orangeRow.getByRole('cell').nth(1)).toHaveText(`1 #${firstNumber}`);
  // Not available and cancelled lines are nothing to pack.
  await expect(admin.getByRole('rowheader', { name: 'Green Cucumber' })).toHaveCount(0);
  await expect(admin.getByRole('rowheader', { name: 'Brinjal (Baingan)' })).toHaveCount(0);
  const csv = admin.getByRole('link', { name: 'Download CSV' });
  expect(await csv.getAttribute('href')).toMatch(/^\/api\/admin\/picklist\?date=\d{4}-\d{2}-\d{2}&format=csv$/);
  const csvAnswer = await admin.request.get((await csv.getAttribute('href')) as string);
  expect(csvAnswer.headers()['content-type']).toContain('text/csv');
  expect(await csvAnswer.text()).toContain('Nagpur Orange');
  await admin.getByRole('button', { name: 'Print' }).click();
  expect(await admin.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await expect(admin.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(admin.getByRole('table')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Pick list' })).toBeVisible();
  await admin.context().close();
});

/**
 * The delivery run and its cash (decision 0033), on the shared demo server: three orders booked in
 * one slot a few days ahead, two of them shipped; the run sheet lists them by PIN code with the
 * amount to collect at each; two are marked delivered with their cash collected; today's cash is
 * closed with ₹10 more than the payments say, and the difference is shown and listed. Phone and
 * desktop screenshots are kept with the test's output.
 */
import { addDays, shopDateOf } from '@mandi/shared/kernel';
import { expect, test } from '@playwright/test';
import { adminApi, adminPage, registerShopper } from './support';

/** The shop date (YYYY-MM-DD) `days` from today's. */
const shopDate = (days: number) => addDays(shopDateOf(new Date()), days);

interface Slot {
  _id: string;
  date: string;
  start: string;
  end: string;
  isAvailable: boolean;
}
interface Order {
  _id: string;
  orderNumber: number;
  total: number;
}
/** As the screens write rupees: whole amounts without decimals, else two. */
const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

test('a slot’s run sheet in route order with amounts, two stops delivered with cash, the day closed with a difference', async ({
  browser,
  request,
  baseURL,
}) => {
  const shopper = await registerShopper(request, 'Run');
  const login = await request.post('/api/user/login', { data: { email: shopper.email, password: shopper.password } });
  expect(login.status()).toBe(200);
  const { products } = await (await request.get('/api/product/getAllProducts?limit=20')).json();
  const product = products.find((p: { stocks: number }) => p.stocks >= 20);
  expect(product, 'a product in stock').toBeTruthy();
  const kg = Number(product.kilogramOption[0].$numberDecimal);

  // The last open slot of the week: far from the slots the other journeys fill.
  const { slots } = (await (await request.get('/api/delivery/slots?pinCode=411001')).json()) as { slots: Slot[] };
  const slot = slots.filter((item) => item.isAvailable).at(-1);
  expect(slot, 'an open slot').toBeTruthy();
  const { _id: slotId, date } = slot as Slot;

  const place = async (address: string, pinCode: string): Promise<Order> => {
    const response = await request.post('/api/user/new/order', {
      data: {
        cartItems: [{ id: product._id, quantity: kg }],
        shippingInfo: { address, city: 'Pune', mobileNumber: '9876512345', pinCode },
        slotId,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).order;
  };
  // Placed out of route order: the sheet sorts them by PIN code.
  const third = await place('Run Stop C, 9 Baner Road', '411045');
  const first = await place('Run Stop A, 1 Camp Lane', '411001');
  const second = await place('Run Stop B, 4 Shivaji Nagar', '411005');

  const api = await adminApi(baseURL);
  for (const order of [first, second]) {
    const shipped = await api.put(`/api/user/update/order/${order._id}`, { data: { oStatus: 'Shipped' } });
    expect(shipped.status(), await shipped.text()).toBe(200);
  }
  const run = await (await api.get(`/api/admin/delivery/run?date=${date}&slotId=${slotId}`)).json();
  const ours = run.stops.filter((stop: { orderId: string }) =>
    [first._id, second._id, third._id].includes(stop.orderId),
  );
  expect(ours.map((stop: { orderId: string }) => stop.orderId)).toEqual([first._id, second._id, third._id]);

  const page = await adminPage(browser);
  await page.goto(`/admin/delivery/run?date=${date}&slotId=${encodeURIComponent(slotId)}`);
  // The page's code loads on first use: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Run sheet' })).toBeVisible({ timeout: 30_000 });
  const stops = page.getByRole('list', { name: 'Stops in route order' }).getByRole('article');
  const ourCards = stops.filter({ hasText: /Run Stop [ABC]/ });
  await expect(ourCards).toHaveCount(3);
  await expect(ourCards.nth(0)).toContainText('Run Stop A, 1 Camp Lane, Pune 411001');
  await expect(ourCards.nth(1)).toContainText('Run Stop B, 4 Shivaji Nagar, Pune 411005');
  await expect(ourCards.nth(2)).toContainText('Run Stop C, 9 Baner Road, Pune 411045');
  // Each with its amount to collect, a call link and a map link.
  const firstAmount = ours[0].amountDue as number;
  expect(firstAmount).toBeGreaterThan(0);
  await expect(ourCards.nth(0)).toContainText(`To collect: ${rupees(firstAmount)}`);
  await expect(ourCards.nth(2)).toContainText('Not shipped yet');
  await expect(ourCards.nth(0).getByRole('link', { name: /^Call 9876512345 \(.*\)$/ })).toHaveAttribute(
    'href',
    'tel:+919876512345',
  );
  await expect(ourCards.nth(0).getByRole('link', { name: /^Map of the address of / })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Run%20Stop%20A%2C%201%20Camp%20Lane%2C%20Pune%2C%20411001$/,
  );
  await page.screenshot({ path: test.info().outputPath('run-sheet-desktop.png'), fullPage: true });

  // The CSV of the same run.
  const csv = await api.get(`/api/admin/delivery/run?date=${date}&slotId=${slotId}&format=csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(`"#${first.orderNumber}"`);

  // The first stop delivered, its cash collected (Cash is chosen for a stop that owes).
  const label = `#${first.orderNumber}`;
  await expect(ourCards.nth(0).getByRole('radio', { name: `Cash ${rupees(firstAmount)}` })).toBeChecked();
  await ourCards
    .nth(0)
    .getByRole('button', { name: `Mark delivered: order ${label}` })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${label} delivered; ${rupees(firstAmount)} collected in cash.` }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(ourCards).toHaveCount(2);
  // The second stop too: two stops collected in cash.
  const secondAmount = ours[1].amountDue as number;
  const secondLabel = `#${second.orderNumber}`;
  await expect(ourCards.nth(0).getByRole('radio', { name: `Cash ${rupees(secondAmount)}` })).toBeChecked();
  await ourCards
    .nth(0)
    .getByRole('button', { name: `Mark delivered: order ${secondLabel}` })
    .click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Order ${secondLabel} delivered; ${rupees(secondAmount)} collected in cash.` }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(ourCards).toHaveCount(1);
  for (const order of [first, second]) {
    const delivered = await (await api.get(`/api/user/my/order/${order._id}`)).json();
    expect(delivered.order).toMatchObject({ status: 'Delivered', payment: { method: 'Cash' } });
  }

  // Printed: the heading and the table of stops only, on A4.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('table').filter({ hasText: 'Run Stop C, 9 Baner Road' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('run-sheet-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The phone the delivery person holds.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('run-sheet-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Today's cash: what the payments say was collected today, and ₹10 more counted.
  const today = shopDate(0);
  await page.getByLabel('Delivery date').fill(today);
  const { collectedCash } = await (await api.get(`/api/admin/delivery/run?date=${today}`)).json();
  expect(collectedCash).toBeGreaterThanOrEqual(firstAmount + secondAmount);
  const form = page.getByRole('form', { name: /^Close the day/ });
  await expect(form.getByText(rupees(collectedCash), { exact: true }).first()).toBeVisible();
  const counted = (Math.round(collectedCash * 100) + 1000) / 100;
  await form.getByLabel('Cash counted (₹)').fill(String(counted));
  await expect(form.getByText('Over by ₹10', { exact: true })).toBeVisible();
  await form.getByLabel('Note').fill('Ten rupees of change left over');
  await page.getByRole('button', { name: 'Close Day' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'counted' })).toContainText(
    `counted ${rupees(counted)}; Over by ₹10.`,
  );
  const closesTable = page.getByRole('table', { name: /Cash closes/ });
  await expect(
    closesTable.getByRole('row').filter({ hasText: 'Ten rupees of change left over' }).first(),
  ).toContainText('Over by ₹10');
  const closes = await (await api.get('/api/admin/delivery/run/closes')).json();
  expect(closes.closes[0]).toMatchObject({ date: today, collectedCash, countedCash: counted, difference: 10 });
  await page.screenshot({ path: test.info().outputPath('cash-close-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('cash-close-phone.png'), fullPage: true });

  await page.context().close();
  await api.dispose();
});

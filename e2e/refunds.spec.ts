/**
 * Journey, refunds (decision 0032). A shopper orders; the admin packs it and the shopper's cancel
 * gives way to "ask the shop"; the admin records a UPI payment, then cancels the order with a UPI
 * refund (a wrong UTR first, refused); the admin's and the shopper's order pages show the refund
 * and its history entry, and the bills register lists the bill as Cancelled with its refund.
 * With REFUNDS_SCREENSHOTS=1 the screens are saved as PNGs in the test output.
 */
import { expect, test } from '@playwright/test';
import { addToCart, adminApi, adminPage, checkOut, expectAccessible, logIn, NAGPUR, registerShopper } from './support';

const PAID_UTR = '512345678901';
const REFUND_UTR = '734598761234';
const shots = Boolean(process.env.REFUNDS_SCREENSHOTS);

test('packed → no cancel for the shopper → UPI payment → cancelled with a UPI refund → order pages and register', async ({
  browser,
  page,
  request,
}, testInfo) => {
  // Two sides, three accessibility scans, on a shared machine.
  test.setTimeout(240_000);
  const admin = await adminPage(browser);
  const shopper = await registerShopper(request, 'Farida');
  await logIn(page, shopper.email, shopper.password);
  await addToCart(page, 'onion', 'Nashik Red Onion', '1 Kg');
  const orderId = await checkOut(page, NAGPUR);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();

  // The admin packs it: the shopper can no longer cancel it and is told to ask the shop.
  await admin.goto(`/admin/pack/order/${orderId}`);
  await admin.getByRole('textbox', { name: 'Packed weight of Nashik Red Onion (kg)' }).fill('1');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  const orderNumber =
    (
      await admin
        .getByText(/^#\d+$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(orderNumber).toMatch(/^#\d+$/);
  await page.reload();
  await expect(page.getByText(/can no longer be cancelled here: to cancel it, please ask the shop/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The admin records the UPI payment.
  const adminPanel = admin.getByRole('region', { name: 'Bill and payment' });
  await adminPanel.getByRole('radio', { name: 'UPI' }).check();
  await adminPanel.getByRole('textbox', { name: 'UPI reference (UTR)' }).fill(PAID_UTR);
  await adminPanel.getByRole('button', { name: 'Record payment' }).click();
  await expect(adminPanel.getByText(new RegExp(`^Paid by UPI \\(ref ${PAID_UTR}\\) on `))).toBeVisible();
  const total = (await admin.getByText('Total Amount').locator('..').locator('span').nth(1).textContent())?.trim();
  expect(total).toMatch(/^₹\d+$/);

  // Cancelled is chosen: the refund part asks how the money goes back (adminPage accepts the confirm).
  await admin.getByRole('combobox', { name: 'Order Status' }).selectOption('Cancelled');
  const refund = admin.getByRole('group', { name: 'Refund' });
  await expect(refund.getByText('Amount to refund')).toBeVisible();
  await expect(refund).toContainText(total ?? '');
  await expect(refund.getByRole('combobox', { name: 'Refund by' })).toHaveValue('UPI');
  await refund.getByRole('textbox', { name: 'Refund UPI reference (UTR)' }).fill('12345');
  await admin.getByRole('button', { name: 'Update Status' }).click();
  await expect(
    admin.getByText('A UPI refund needs its reference: the 12-digit UTR of the refund payment'),
  ).toBeVisible();
  await expectAccessible(admin, 'the admin order page with its refund part');
  if (shots) await admin.screenshot({ path: testInfo.outputPath('admin-refund-form.png'), fullPage: true });
  await refund.getByRole('textbox', { name: 'Refund UPI reference (UTR)' }).fill(REFUND_UTR);
  await admin.getByRole('button', { name: 'Update Status' }).click();
  await expect(admin.getByText('Order Cancelled')).toBeVisible();
  const refunded = new RegExp(`^Refunded ${total} by UPI \\(ref ${REFUND_UTR}\\) on \\d{1,2} \\w{3} \\d{4}$`);
  await expect(adminPanel.getByText(refunded)).toBeVisible();
  const history = admin.getByRole('region', { name: /history/i });
  await expect(history.getByText('Refund', { exact: true })).toBeVisible();
  await expect(history).toContainText(REFUND_UTR);
  if (shots) await admin.screenshot({ path: testInfo.outputPath('admin-refunded.png'), fullPage: true });

  // The shopper's order page shows the refund beside the payment.
  await page.reload();
  await expect(page.getByText('This order is cancelled.')).toBeVisible();
  await expect(page.getByText(refunded)).toBeVisible();
  await expect(page.getByText(new RegExp(`^Paid by UPI \\(ref ${PAID_UTR}\\) on `))).toBeVisible();
  await expectAccessible(page, 'the shopper order page with its refund');
  if (shots) await page.screenshot({ path: testInfo.outputPath('order-refunded.png'), fullPage: true });

  // The bills register lists the bill as Cancelled with its refund; the CSV too.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bills' }).click();
  const row = admin.getByRole('row').filter({ hasText: `Order ${orderNumber}` });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(`UPI ${PAID_UTR}`);
  await expect(row).toContainText(`Refund: UPI ${REFUND_UTR} ${total}`);
  await expectAccessible(admin, 'the bills register with a refunded bill');
  if (shots) await admin.screenshot({ path: testInfo.outputPath('bills-refund.png'), fullPage: true });
  const csvLink = await admin.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await (await admin.request.get(csvLink as string)).text();
  const csvRow = csv.split('\r\n').find((line) => line.includes(`"${orderNumber}"`));
  expect(csvRow).toContain(`"Cancelled"`);
  expect(csvRow).toContain(`"UPI","${PAID_UTR}","UPI","${REFUND_UTR}",${total?.slice(1)}`);
  await admin.context().close();
});

test('a cash-paid order cancelled by the shop with a cash refund: the register shows the refund', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const shopper = await registerShopper(request, 'Rukhsana');
  const login = await request.post('/api/user/login', { data: { email: shopper.email, password: shopper.password } });
  expect(login.status()).toBe(200);
  const { products } = await (await request.get('/api/product/getAllProducts?keyword=onion')).json();
  const onion = products.find((p: { name: string }) => p.name === 'Nashik Red Onion');
  const placed = await request.post('/api/user/new/order', {
    data: { cartItems: [{ id: onion._id, quantity: 1 }], shippingInfo: NAGPUR },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order as { _id: string; orderNumber: number; orderItems: { _id: string }[] };
  const api = await adminApi(baseURL);
  const packed = await api.put(`/api/admin/orders/${order._id}/pack`, {
    data: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: '1' })) },
  });
  expect(packed.status(), await packed.text()).toBe(200);
  const total = (await packed.json()).order.total as number;
  const paid = await api.put(`/api/admin/orders/${order._id}/payment`, { data: { method: 'Cash', reference: '' } });
  expect(paid.status(), await paid.text()).toBe(200);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/update/order/${order._id}`);
  await admin.getByRole('combobox', { name: 'Order Status' }).selectOption('Cancelled');
  const refund = admin.getByRole('group', { name: 'Refund' });
  await expect(refund.getByRole('combobox', { name: 'Refund by' })).toHaveValue('Cash');
  await refund.getByRole('textbox', { name: 'Receipt number (optional)' }).fill('R-77');
  await admin.getByRole('button', { name: 'Update Status' }).click();
  await expect(admin.getByText('Order Cancelled')).toBeVisible();
  await expect(admin.getByText(new RegExp(`^Refunded ₹${total} in cash \\(ref R-77\\) on `))).toBeVisible();

  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bills' }).click();
  const row = admin.getByRole('row').filter({ hasText: `Order #${order.orderNumber}` });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(`Refund: Cash R-77 ₹${total}`);
  await admin.context().close();
  await api.dispose();
});

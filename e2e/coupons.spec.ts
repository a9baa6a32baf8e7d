/**
 * Journey, coupons (api-contract-shop "The shopper's week", decision 0044), on the shared demo
 * server: the admin makes a coupon of ₹50 off above ₹500 on the Coupons screen; a new shopper
 * applies it at checkout (the totals show the discount), places the order, and sees it on the
 * order's page; the admin packs the order and the bill prints the discount line; the Coupons
 * screen counts the use.
 */
import { expect, test } from '@playwright/test';
import {
  addToCart,
  adminPage,
  expectAccessible,
  fillShipping,
  logIn,
  NAGPUR,
  pdfText,
  registerShopper,
} from './support';

test('admin makes ₹50 off above ₹500 → shopper applies it at checkout → packed bill prints the discount', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A code of its own per run: the shared server keeps earlier runs' coupons.
  const code = `SAVE50${Date.now().toString(36).toUpperCase().slice(-6)}`;

  // The admin makes the coupon on the Coupons screen.
  const admin = await adminPage(browser);
  await admin.goto('/admin/home');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Coupons' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  const form = admin.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount').selectOption({ label: '₹ off' });
  await form.getByLabel('Amount (₹) or percent').fill('50');
  await form.getByLabel('Minimum basket (₹)').fill('500');
  await form.getByRole('button', { name: 'Save coupon' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Coupon created' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('₹50 off');
  await expect(row).toContainText('from ₹500');
  await expectAccessible(admin, 'the Coupons screen');

  // A new shopper: ₹698 of mangoes, checked out to Nagpur.
  const shopper = await registerShopper(request, 'Meenal');
  await logIn(page, shopper.email, shopper.password);
  await addToCart(page, 'mango', 'Alphonso Mango', '2 Kg');
  await page.goto('/Order/Checkout');
  await fillShipping(page, NAGPUR);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveTitle('Confirm Order');
  const summary = page.getByRole('region', { name: 'Order total' });
  const totalBefore =
    (await summary.getByText('Total', { exact: true }).locator('..').locator('dd').textContent()) ?? '';

  // An unknown code says so; the coupon applies and lowers the total by ₹50.
  await page.getByLabel('Coupon code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('There is no coupon NOSUCHCODE: check the code')).toBeVisible();
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Coupon ${code}: ₹50 off` })).toBeVisible();
  await expect(summary.getByText(`Discount (${code})`).locator('..')).toContainText('−₹50');
  const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  await expect(summary.getByText('Total', { exact: true }).locator('..').locator('dd')).toHaveText(
    `₹${rupees(totalBefore) - 50}`,
  );
  await expectAccessible(page, 'confirm with a coupon');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle('Order Place..!!');

  // The order carries the coupon and its discount.
  await page.goto('/Order/MyOrder');
  await page.getByRole('link', { name: 'Get Order Details' }).first().click();
  await expect(page).toHaveURL(/\/Order\/OrderDetails\//);
  const orderId = page.url().split('/').pop() as string;
  await expect(page.getByText(`Coupon ${code}: ₹50 off`)).toBeVisible();
  const placed = (await (await page.request.get(`/api/user/my/order/${orderId}`)).json()) as {
    order: { subtotal: number; discount: number; couponCode: string; shippingCharge: number; total: number };
  };
  expect(placed.order).toMatchObject({ subtotal: 698, discount: 50, couponCode: code });
  expect(placed.order.total).toBe(698 - 50 + placed.order.shippingCharge);

  // The admin packs it at the ordered weight; the bill prints the discount.
  await admin.goto(`/admin/pack/order/${orderId}`);
  await admin.getByRole('textbox', { name: 'Packed weight of Alphonso Mango (kg)' }).fill('2');
  // The packing screen's running total takes the discount off, as the bill will.
  await expect(admin.getByTestId('pack-discount')).toHaveText('−₹50');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  await expect(admin.getByText(`Coupon ${code}`, { exact: true }).locator('..')).toContainText('−₹50');
  const bill = await page.request.get(`/api/user/my/order/${orderId}/invoice`);
  expect(bill.status()).toBe(200);
  const text = await pdfText(await bill.body());
  expect(text).toContain(`Coupon ${code}`);
  expect(text).toContain('-50.00');
  expect(text).toContain('The discount lowers the taxable value of the lines');

  // The Coupons screen counts the use.
  await admin.goto('/admin/coupons');
  await expect(admin.getByRole('row').filter({ hasText: code }).getByRole('cell').nth(4)).toHaveText('1');
});

/**
 * Journey: notifications (decision 0045). A shopper opens Notifications from the account menu,
 * chooses WhatsApp with their number (a wrong one refused first), keeps email on and places an
 * order. The journey's server has no WhatsApp Cloud API, so the admin's order screen offers "Send
 * on WhatsApp": a wa.me link to the shopper's number with the order's message. The settings page is
 * scanned with axe.
 */
import { expect, test } from '@playwright/test';
import { addToCart, adminPage, checkOut, expectAccessible, logIn, NAGPUR, registerShopper } from './support';

test('choose WhatsApp, place an order, and the admin sends its message with a wa.me link', async ({
  page,
  browser,
  request,
}) => {
  const shopper = await registerShopper(request, 'Lata');
  await logIn(page, shopper.email, shopper.password);

  await page.getByRole('button', { name: 'Account of Lata' }).click();
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveTitle('Notifications');
  await expect(page.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await page.getByLabel('WhatsApp number').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('The WhatsApp number must be a 10-digit Indian mobile number');
  await page.getByLabel('WhatsApp number').fill('+91 98220 55501');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notification settings saved' })).toBeVisible();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('9822055501');
  await expectAccessible(page, 'Notifications');

  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  const orderId = await checkOut(page, NAGPUR);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/update/order/${orderId}`);
  const send = admin.getByRole('link', { name: /^Send on WhatsApp to Lata .* \(opens in a new tab\)$/ });
  await expect(send).toBeVisible();
  const href = (await send.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/919822055501\?text=/);
  expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toMatch(/^Namaste Lata, your order #\d+ is placed with /);
  await admin.context().close();
});

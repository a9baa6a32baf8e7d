/**
 * Journey (decision 0031): a fresh shopper orders and complains, downloads their data (the file's
 * JSON holds their account, order and complaint), is refused deletion while the order is open, deletes the account once it is
 * delivered, goes home with the notice, cannot log in any more, and registers again with the same
 * email. A fresh shopper on the shared demo server: nothing global changes.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { addToCart, adminApi, checkOut, logIn, NAGPUR, registerShopper } from './support';

test('download my data, then delete my account once the order is delivered, and register again', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shopper = await registerShopper(request, 'Ishita');
  await logIn(page, shopper.email, shopper.password);
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  const orderId = await checkOut(page, NAGPUR);
  const complained = await page.request.post('/api/user/complaints', {
    data: { orderId, subject: 'Tomatoes were soft', message: 'Two of the tomatoes in this order were soft.' },
  });
  expect(complained.status(), await complained.text()).toBe(201);

  // My data, from the account menu.
  await page.getByRole('button', { name: 'Account of Ishita' }).click();
  await page.getByRole('link', { name: 'My data' }).click();
  await expect(page).toHaveTitle('My data');
  await expect(page.getByText(/tax law requires the shop to keep invoices for 72 months/)).toBeVisible();
  await page.screenshot({ path: '/tmp/personal-data-page-en.png', fullPage: true });

  // The download is a real file: its JSON is the shopper's own data.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mandi-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({ firstName: 'Ishita', lastName: 'Menon', email: shopper.email });
  expect(data.orders.map((order: { _id: string }) => order._id)).toEqual([orderId]);
  expect(data.orders[0].shippingInfo).toMatchObject({ address: NAGPUR.address, pinCode: NAGPUR.pinCode });
  expect(data.complaints).toEqual([expect.objectContaining({ subject: 'Tomatoes were soft' })]);
  expect(data.khata).toBeNull();
  expect(JSON.stringify(data)).not.toMatch(/password|argon2/i);

  // The order is still open: the server's 409 is shown as it says it.
  await page.getByLabel('Your password').fill(shopper.password);
  await page.getByRole('checkbox', { name: /my account is erased and cannot be restored/ }).check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Delete your account now? This cannot be undone.')).toBeVisible();
  await page.screenshot({ path: '/tmp/personal-data-confirm-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Your order #\d+ is not yet delivered or cancelled/);
  await page.screenshot({ path: '/tmp/personal-data-open-order-en.png', fullPage: true });

  // The shop delivers it; now the account can go.
  const admin = await adminApi(baseURL);
  for (const oStatus of ['Shipped', 'Delivered']) {
    const moved = await admin.put(`/api/user/update/order/${orderId}`, { data: { oStatus } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole('dialog', { name: 'Your account has been deleted. Thank you for shopping with us.' });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: '/tmp/personal-data-deleted-en.png' });
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  // Logged out: the account menu is a visitor's.
  await page.getByRole('button', { name: /^Account/ }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  // The bill the shop issued keeps the buyer; the shopper can no longer log in.
  const order = await (await admin.get(`/api/user/my/order/${orderId}`)).json();
  expect(order.order).toMatchObject({ userId: null, user: { firstName: 'Ishita', lastName: 'Menon' } });
  await page.goto('/Login');
  await page.getByLabel(/email/i).fill(shopper.email);
  await page.getByLabel(/^password$/i).fill(shopper.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await expect(page.getByText(/invalid email or password/i)).toBeVisible();

  // The same email registers again, as a new account.
  const again = await request.post('/api/user/register', {
    data: {
      firstName: 'Ishita',
      lastName: 'Menon',
      email: shopper.email,
      password: 'new-start-2026',
      confirmPassword: 'new-start-2026',
    },
  });
  expect(again.status(), await again.text()).toBe(201);
  await logIn(page, shopper.email, 'new-start-2026');
  await admin.dispose();
});

test('My data reads in Hindi', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'Rekha');
  await page.addInitScript(() => localStorage.setItem('mandi.language', 'hi'));
  const login = await page.request.post('/api/user/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/account/data');
  await expect(page.getByRole('heading', { level: 1, name: 'मेरा डेटा' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'मेरा डेटा डाउनलोड करें' })).toBeVisible();
  await page.screenshot({ path: '/tmp/personal-data-page-hi.png', fullPage: true });
});

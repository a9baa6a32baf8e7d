/**
 * Journey, the khata (api-contract-shop "Khata"), on the shared demo server: the admin opens a
 * khata of ₹1,000 for a new shopper from the user screen; the shopper chooses "Khata" at checkout;
 * the admin packs the order (its payment reads "On the khata"); the shopper sees the bill in My
 * khata and downloads the statement (a PDF); the admin records a UPI payment on the Khata screen
 * and the balance drops; the WhatsApp reminder carries the balance; the shopper's pages in Hindi.
 * Screenshots at 412 px are saved in the test output.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { addToCart, adminPage, expectAccessible, fillShipping, logIn, NAGPUR, registerShopper } from './support';

const UTR = '612345678901';
const MOBILE = '9822012345';

/** "₹1,234.50" or "₹270" as a number of rupees. */
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('open a khata → order on it → packed → My khata and its statement → UPI payment → reminder → Hindi', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = async (on: Page, name: string) => {
    await on.setViewportSize({ width: 412, height: 915 });
    await on.screenshot({ path: testInfo.outputPath(`${name}-412.png`), fullPage: true });
    await on.setViewportSize({ width: 1280, height: 720 });
  };
  const admin = await adminPage(browser);
  const shopper = await registerShopper(request, 'Kamala');
  await logIn(page, shopper.email, shopper.password);
  const { user } = await (await page.request.get('/api/user/getloggeduser')).json();
  const name = `${shopper.firstName} ${shopper.lastName}`;

  // Without a khata, My khata says the shop can open one.
  await page.goto('/account/khata');
  await expect(page.getByText(/^You have no khata with the shop\./)).toBeVisible();

  // The admin opens a khata of ₹1,000 from the user's screen.
  await admin.goto(`/admin/update/${user._id}`);
  const panel = admin.getByRole('region', { name: 'Khata' });
  await expect(panel.getByText(/^No khata yet\./)).toBeVisible();
  await panel.getByLabel('Credit limit (₹)').fill('1000');
  await panel.getByLabel('Mobile for reminders (optional)').fill(MOBILE);
  await panel.getByRole('button', { name: 'Open Khata' }).click();
  await expect(panel.getByRole('status')).toHaveText('Khata opened');
  await expect(panel.getByRole('link', { name: `Khata page of ${name}` })).toBeVisible();
  await shot(admin, 'admin-user-khata-panel');

  // The shopper orders on the khata.
  await addToCart(page, 'onion', 'Nashik Red Onion', '1 Kg');
  await page.goto('/Order/Checkout');
  await fillShipping(page, NAGPUR);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveTitle('Confirm Order');
  const cod = page.getByRole('radio', { name: 'Cash on delivery' });
  await expect(cod).toBeChecked();
  await page.getByRole('radio', { name: 'Khata (₹1,000 available)' }).check();
  await expectAccessible(page, 'confirm with the payment choice');
  await shot(page, 'confirm-khata-choice');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle('Order Place..!!');
  await page.goto('/Order/MyOrder');
  await page.getByRole('link', { name: 'Get Order Details' }).first().click();
  await expect(page).toHaveURL(/\/Order\/OrderDetails\//);
  const orderId = page.url().split('/').pop() as string;
  await expect(page.getByText('Payment: on the khata. The bill goes on it when the order is packed.')).toBeVisible();

  // The admin's order page says the same before packing; then the admin packs it.
  await admin.goto(`/admin/update/order/${orderId}`);
  await expect(
    admin
      .getByRole('region', { name: 'Bill and payment' })
      .getByText('Payment: on the khata. The bill goes on it when the order is packed.'),
  ).toBeVisible();
  await admin.goto(`/admin/pack/order/${orderId}`);
  await admin.getByRole('textbox', { name: 'Packed weight of Nashik Red Onion (kg)' }).fill('1');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  await expect(admin.getByRole('region', { name: 'Bill and payment' }).getByText(/^On the khata since /)).toBeVisible();
  const totalText =
    (await admin.getByText('Total Amount').locator('..').locator('span').nth(1).textContent())?.trim() ?? '';
  const total = rupees(totalText);
  expect(total).toBeGreaterThan(0);
  const orderNumber = (
    (await admin
      .getByText(/^#\d+$/)
      .first()
      .textContent()) ?? ''
  ).trim();

  // The shopper sees the bill in My khata and downloads the statement.
  await page.goto('/account/khata');
  await expect(page.getByRole('heading', { level: 1, name: 'My khata' })).toBeVisible();
  await expect(page.getByText('You owe')).toBeVisible();
  await expect(page.getByTestId('khata-balance')).toHaveText(totalText);
  const entries = page.getByRole('table', { name: 'Entries' });
  await expect(entries.getByRole('row').filter({ hasText: `Bill ${orderNumber}` })).toBeVisible();
  await expectAccessible(page, 'My khata with a bill');
  await shot(page, 'my-khata');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download Statement, / }).click();
  const pdf = await download;
  const pdfPath = await pdf.path();
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');

  // The admin's Khata screen: the account with its balance; a UPI payment lowers it.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Khata' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Khata' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(MOBILE);
  await expect(row).toContainText(`${totalText} owed`);
  await row.getByRole('button', { name: `Manage the khata of ${name}` }).click();
  const manage = admin.locator('#khata-manage');
  const remind = manage.getByRole('link', { name: new RegExp(`^Remind on WhatsApp: ${name}, `) });
  const before = decodeURIComponent((await remind.getAttribute('href')) ?? '');
  expect(before).toMatch(new RegExp(`^https://wa\\.me/91${MOBILE}\\?text=`));
  await expect(remind).toHaveAttribute('target', '_blank');
  // Half the bill, in whole rupees: the rest stays owed.
  const paid = Math.floor(total / 2);
  await manage.getByLabel('Amount (₹)').fill(String(paid));
  await manage.getByRole('radio', { name: 'UPI' }).check();
  await manage.getByLabel('UTR (12 digits)').fill(UTR);
  await manage.getByLabel('Note (optional)').fill('GPay');
  await manage.getByRole('button', { name: 'Record Payment' }).click();
  await expect(manage.getByRole('status')).toHaveText('Payment recorded');
  const left = Math.round((total - paid) * 100) / 100;
  const leftText = totalText.includes('.') ? `₹${left.toFixed(2)}` : `₹${left}`;
  await expect(row).toContainText(`${leftText} owed`);
  // The reminder now carries the lower balance.
  await expect.poll(async () => decodeURIComponent((await remind.getAttribute('href')) ?? '')).toContain(String(left));
  // The admin's statement, in Hindi.
  await manage.getByLabel('Language of the statement').selectOption('hi');
  const adminDownload = admin.waitForEvent('download');
  await manage.getByRole('link', { name: /^Download Statement, / }).click();
  expect(
    readFileSync(await (await adminDownload).path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expectAccessible(admin, 'the Khata screen with an account managed');
  await shot(admin, 'admin-khata');

  // The account's page lists the bill and the payment with the running balance.
  await admin.goto(`/admin/khata/${user._id}`);
  await expect(admin.getByRole('heading', { level: 1, name: `Khata of ${name}` })).toBeVisible();
  const adminEntries = admin.getByRole('table', { name: 'Entries' });
  await expect(adminEntries.getByRole('row').filter({ hasText: UTR })).toContainText(leftText);
  await expectAccessible(admin, 'a khata’s page');
  await shot(admin, 'admin-khata-account');

  // The shopper's pages in Hindi.
  await page.evaluate(() => localStorage.setItem('mandi.language', 'hi'));
  await page.goto('/account/khata');
  await expect(page.getByRole('heading', { level: 1, name: 'मेरा खाता' })).toBeVisible();
  await expect(page.getByText('आपका बाक़ी')).toBeVisible();
  await expect(page.getByRole('table', { name: 'लेन-देन' }).getByText('भुगतान, UPI')).toBeVisible();
  await expect(page.getByRole('link', { name: /^विवरण डाउनलोड करें, / })).toHaveAttribute('href', /&lang=hi$/);
  await expectAccessible(page, 'My khata in Hindi');
  await shot(page, 'my-khata-hi');
  await page.goto(`/Order/OrderDetails/${orderId}`);
  await expect(page.getByText(/से खाते में$/)).toBeVisible();
  await admin.context().close();
});

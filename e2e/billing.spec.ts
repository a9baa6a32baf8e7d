/**
 * Journey, tax-ready bills and UPI (decision 0010). A shopper orders fruit (GST-exempt) and ghee (5 %); the
 * admin packs it and the bill gets its number; the shopper downloads the PDF and sees the UPI QR code
 * (the e2e server runs with SHOP_UPI_ID, see playwright.config.ts); the admin records the UPI payment
 * and the QR code goes; the admin's bills register lists the bill and its CSV.
 * With BILLING_SCREENSHOTS=1 the order page and the register are saved as PNGs in the test output.
 */
import fs from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { addToCart, adminPage, checkOut, expectAccessible, logIn, NAGPUR, registerShopper } from './support';

const UPI_ID = 'mandi@okaxis';
const BILL_NUMBER = /^MND\/\d{2}-\d{2}\/\d{6}$/;

const shots = Boolean(process.env.BILLING_SCREENSHOTS);

test('packed order → bill number and PDF → UPI QR → payment recorded → bills register', async ({
  browser,
  page,
  request,
}, testInfo) => {
  // A long journey on two sides, a phone and three accessibility scans.
  test.setTimeout(150_000);
  // The admin gives ghee its own HSN code and 5 % GST in the product form (dairy defaults to exempt).
  const admin = await adminPage(browser);
  const found = await request.get('/api/product/getAllProducts?keyword=ghee');
  const ghee = ((await found.json()) as { products: { _id: string; name: string }[] }).products.find(
    (product) => product.name === 'Desi Cow Ghee',
  );
  expect(ghee, 'Desi Cow Ghee in the demo catalogue').toBeTruthy();
  await admin.goto(`/admin/update/products/${ghee?._id}`);
  await admin.getByRole('textbox', { name: 'HSN code' }).fill('0405');
  await admin.getByRole('combobox', { name: 'GST rate' }).selectOption({ label: '5 %' });
  await admin.getByRole('button', { name: 'Update Product' }).click();
  await expect(admin.getByText('Product Updated')).toBeVisible();
  await admin.goto('/admin/view/products?q=ghee');
  const gheeRow = admin.getByRole('row').filter({ hasText: 'Desi Cow Ghee' });
  await expect(gheeRow.getByRole('cell', { name: '5%', exact: true })).toBeVisible();

  const shopper = await registerShopper(request, 'Devika');
  await logIn(page, shopper.email, shopper.password);
  await addToCart(page, 'onion', 'Nashik Red Onion', '1 Kg');
  await addToCart(page, 'ghee', 'Desi Cow Ghee', '0.5 Kg');
  const orderId = await checkOut(page, NAGPUR);

  // Before packing there is no bill: no number, no download, no QR code, and the PDF route says 409.
  await expect(page.getByRole('list', { name: 'Order items' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download bill/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Pay by UPI' })).toHaveCount(0);
  expect((await page.request.get(`/api/user/my/order/${orderId}/invoice`)).status()).toBe(409);

  // The admin packs it; the order page then shows the bill and the payment form.
  await admin.goto(`/admin/pack/order/${orderId}`);
  await admin.getByRole('textbox', { name: 'Packed weight of Nashik Red Onion (kg)' }).fill('1.04');
  await admin.getByRole('textbox', { name: 'Packed weight of Desi Cow Ghee (kg)' }).fill('0.5');
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  const adminPanel = admin.getByRole('region', { name: 'Bill and payment' });
  await expect(adminPanel.getByRole('link', { name: /Download bill/ })).toBeVisible();
  await expect(adminPanel.getByText('Not paid yet')).toBeVisible();
  await expectAccessible(admin, 'the admin order page with its bill and payment form');
  if (shots) await admin.screenshot({ path: testInfo.outputPath('admin-order.png'), fullPage: true });

  // The shopper sees the bill number and downloads the PDF.
  await page.reload();
  const bill = page.getByRole('region', { name: 'Bill and payment' });
  const number = (await bill.locator('.font-mono').textContent())?.trim() ?? '';
  expect(number).toMatch(BILL_NUMBER);
  const downloading = page.waitForEvent('download');
  await bill.getByRole('link', { name: /Download bill/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = fs.readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // In Hindi the link asks for the Hindi bill; the shopper switches back to English for the rest.
  await page.getByRole('banner').getByRole('button', { name: 'हिन्दी' }).click();
  const hindiLink = page.locator(`a[href="/api/user/my/order/${orderId}/invoice?lang=hi"]`);
  await expect(hindiLink).toBeVisible();
  const hindiBill = await page.request.get((await hindiLink.getAttribute('href')) ?? '');
  expect(hindiBill.headers()['content-language']).toBe('hi');
  expect((await hindiBill.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // ...and pays by UPI: the QR code for the amount due, the UPI id to copy.
  const total = (await page.getByText('Total Amount').locator('..').locator('p').nth(1).textContent())?.trim() ?? '';
  expect(total).toMatch(/^₹/);
  const upi = page.getByRole('region', { name: 'Pay by UPI' });
  const qr = upi.getByRole('img', { name: `QR code to pay ${total} by UPI to ${UPI_ID}` });
  await expect(qr).toBeVisible();
  expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  await expect(upi.getByText(UPI_ID, { exact: true })).toBeVisible();
  await expect(upi.getByRole('button', { name: `Copy UPI id ${UPI_ID}` })).toBeVisible();
  // A computer has no UPI app to open; a phone gets the link.
  await expect(upi.getByRole('link', { name: 'Open UPI app' })).toBeHidden();
  await expectAccessible(page, 'the shopper order page with its bill and UPI QR code');
  if (shots) await page.screenshot({ path: testInfo.outputPath('order-upi.png'), fullPage: true });
  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    storageState: await page.context().storageState(),
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`/Order/OrderDetails/${orderId}`);
  const openApp = phonePage.getByRole('region', { name: 'Pay by UPI' }).getByRole('link', { name: 'Open UPI app' });
  await expect(openApp).toBeVisible();
  expect(await openApp.getAttribute('href')).toMatch(/^upi:\/\/pay\?pa=mandi%40okaxis&/);
  if (shots) {
    await openApp.scrollIntoViewIfNeeded();
    await phonePage.screenshot({ path: testInfo.outputPath('order-upi-phone.png') });
  }
  await phone.close();

  // The admin records the UPI payment with its UTR; both sides show it and the QR code goes.
  await admin.reload();
  await adminPanel.getByRole('radio', { name: 'UPI' }).check();
  await adminPanel.getByRole('textbox', { name: 'UPI reference (UTR)' }).fill('123');
  await adminPanel.getByRole('button', { name: 'Record payment' }).click();
  await expect(adminPanel.getByRole('alert')).toBeVisible();
  await adminPanel.getByRole('textbox', { name: 'UPI reference (UTR)' }).fill('412345678901');
  await adminPanel.getByRole('button', { name: 'Record payment' }).click();
  await expect(adminPanel.getByText(/^Paid by UPI \(ref 412345678901\) on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(adminPanel.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  if (shots) await admin.screenshot({ path: testInfo.outputPath('admin-order-paid.png'), fullPage: true });
  await page.reload();
  await expect(page.getByText(/^Paid by UPI \(ref 412345678901\) on /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pay by UPI' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);

  // The bills register of this month lists the bill, paid, and leads back to its order.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bills' }).click();
  await expect(admin).toHaveURL(/\/admin\/bills$/);
  await expect(admin.getByRole('heading', { name: 'Bills' })).toBeVisible();
  const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: number, exact: true }) });
  await expect(row).toContainText('Devika Menon');
  await expect(row).toContainText('UPI 412345678901');
  // Ghee is taxed at 5 %, onions are exempt: the register has a 5 % tax column and the bill is mixed.
  await expect(admin.getByRole('columnheader', { name: 'GST 5%' })).toBeVisible();
  await expect(row).toContainText('Invoice-cum-Bill of Supply');
  await expect(
    admin.getByRole('rowheader', { name: /^Total \(\d+ bills?(; \d+ cancelled, left out)?\)$/ }),
  ).toBeVisible();
  const csv = admin.getByRole('link', { name: 'Download CSV' });
  expect(await csv.getAttribute('href')).toMatch(/^\/api\/admin\/bills\?month=\d{4}-\d{2}&format=csv$/);
  const csvAnswer = await admin.request.get((await csv.getAttribute('href')) as string);
  expect(csvAnswer.headers()['content-type']).toContain('text/csv');
  expect(await csvAnswer.text()).toContain(number);
  await expectAccessible(admin, 'the bills register with a bill');
  if (shots) await admin.screenshot({ path: testInfo.outputPath('bills.png'), fullPage: true });
  await row.getByRole('link', { name: number, exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  await admin.context().close();
});

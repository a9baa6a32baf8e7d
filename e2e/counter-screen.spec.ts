/**
 * Journey, the counter screen (api-contract-counter "Counter devices", "Counter sales"), on the
 * shared demo server: the owner registers this browser's counter device, sells potatoes by
 * keyboard alone (search "aloo", the keypad, F2 cash with change, Enter), prints the receipt (F9),
 * then loses the network, sells again (the bill takes the device's next number at once and waits),
 * and once the network is back the bill is sent by itself; the server has both, in order, the
 * second marked offline.
 */
import { expect, type Page, test } from '@playwright/test';
import { adminApi, adminPage, expectAccessible } from './support';

/** The network gone (every API call fails as offline) or back, as the browser tells the page. */
async function setNetwork(page: Page, isOnline: boolean): Promise<void> {
  if (isOnline) await page.context().unroute('**/api/**');
  else await page.context().route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.evaluate((online) => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }, isOnline);
}

/** "₹1,234.50" as paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[₹,\s]/g, '')) * 100);

test('the counter: register the device → sell by keyboard with change → print → sell offline → sent once back online', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await adminPage(browser);
  await admin.goto('/admin/home');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Counter' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();

  // This browser becomes a new device of its own (the shared server may have others).
  const name = `Till ${Date.now().toString(36).slice(-5)}`;
  await admin.getByLabel('Device name').fill(name);
  await admin.getByRole('button', { name: 'Register' }).click();
  const deviceLine = admin.getByText(new RegExp(`^${name} · series (C\\d+) · Next bill (C\\d+/\\d\\d-\\d\\d)/000001$`));
  await expect(deviceLine).toBeVisible();
  const prefix = /Next bill (C\d+\/\d\d-\d\d)\//.exec((await deviceLine.textContent()) ?? '')?.[1];
  expect(prefix).toBeTruthy();
  await expect(admin.getByRole('button', { name: /Potato/ }).first()).toBeVisible();

  // By keyboard alone: "aloo" finds the potatoes, 1.5 on the keypad, F2 cash of ₹500, Enter.
  await admin.keyboard.type('aloo');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('1.5');
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('list', { name: 'Bill' })).toContainText('1.5 Kg ×');
  const total = paiseOf((await admin.getByTestId('bill-total').textContent()) ?? '');
  expect(total).toBeGreaterThan(0);
  expect(total % 100).toBe(0);
  await admin.keyboard.press('F2');
  await admin.keyboard.type('500');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await expect(admin.getByText(new RegExp(`^Bill ${prefix}/000001: ₹`))).toBeVisible();
  await expect(admin.getByText(`Give change: ₹${(50_000 - total) / 100}`)).toBeVisible();
  await expect(admin.getByText('Sent', { exact: true })).toBeVisible();
  await expectAccessible(admin, 'the counter after a sale');

  // F9: the receipt of the last bill, the server's printable page.
  const [receipt] = await Promise.all([
    admin.waitForResponse((response) => response.url().includes('/receipt?')),
    admin.keyboard.press('F9'),
  ]);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toContain('text/html');
  expect(receipt.url()).toContain('format=html');
  expect(await receipt.text()).toContain(`${prefix}/000001`);

  // No network: the next bill is made at once, numbered, and waits.
  await setNetwork(admin, false);
  await expect(admin.getByText(/^Offline:/)).toBeVisible();
  await admin.keyboard.type('aloo');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('2');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('F2');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await expect(admin.getByText(new RegExp(`^Bill ${prefix}/000002: ₹`))).toBeVisible();
  await expect(admin.getByRole('heading', { name: '1 bill waiting to send' })).toBeVisible();
  await expect(admin.getByText('Waiting to send', { exact: true })).toBeVisible();

  // Back online: it goes by itself.
  await setNetwork(admin, true);
  await expect(admin.getByText('Sent', { exact: true })).toBeVisible();
  await expect(admin.getByRole('heading', { name: /waiting to send/ })).toHaveCount(0);

  const deviceId = await admin.evaluate(
    () => (JSON.parse(localStorage.getItem('mandi-counter-device') ?? 'null') as { _id: string })._id,
  );
  const api = await adminApi(baseURL);
  const answer = await api.get(`/api/admin/counter/sales?deviceId=${encodeURIComponent(deviceId)}`);
  expect(answer.status()).toBe(200);
  const { sales } = (await answer.json()) as { sales: { invoiceNumber: string; offline: boolean }[] };
  expect(
    sales.map((sale) => [sale.invoiceNumber, sale.offline]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  ).toEqual([
    [`${prefix}/000001`, false],
    [`${prefix}/000002`, true],
  ]);
  await api.dispose();
  await admin.context().close();
});

/**
 * Delivery journeys (decision 0008): the PIN code check (served and not), choosing a delivery slot, the order in its
 * slot on the shopper's screens and in the admin's day view, and a zone and slot template made in
 * the admin screen changing what the checkout offers. The e2e database is shared by every spec: this
 * one uses PIN codes no other spec uses (7991…, 99…) and puts back every zone and template it changes.
 */
import { addDays, shopDateOf } from '@mandi/shared/kernel';
import { expect, type Page, test } from '@playwright/test';
import { addToCart, adminApi, adminPage, logIn, registerShopper } from './support';

/** The shop date (YYYY-MM-DD) `days` from today's. */
const shopDate = (days: number) => addDays(shopDateOf(new Date()), days);

async function fillAddress(page: Page) {
  await page.getByLabel('Address').fill('3 Hill Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Mobile Number').fill('9876501234');
}

interface ZoneRow {
  _id: string;
  name: string;
  pinPrefixes: string[];
  minOrder: number;
  deliveryFee: number;
  freeAbove: number | null;
}

test('PIN check served and not, a slot chosen, the order in its slot in my orders and the admin day view', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const shopper = await registerShopper(request, 'Meera');
  await logIn(page, shopper.email, shopper.password);
  await addToCart(page, 'banana', 'Robusta Banana', '1.5 Kg');

  await page.goto('/Order/Checkout');
  const pin = page.getByLabel('Pin Code');
  await pin.fill('411001');
  await expect(page.getByRole('status').filter({ hasText: 'We deliver to 411001: Pune' })).toBeVisible();

  // No PIN code is unserved in the demo (an all-India zone takes every first digit): take 9 out of
  // it for a moment, and put it back whatever happens.
  const api = await adminApi(baseURL);
  const { zones } = (await (await api.get('/api/admin/delivery/zones')).json()) as { zones: ZoneRow[] };
  const allIndia = zones.find((zone) => zone.pinPrefixes.includes('8') && zone.pinPrefixes.length > 1);
  expect(allIndia, 'the demo has a zone for every first digit').toBeTruthy();
  const { _id, ...allIndiaInput } = allIndia as ZoneRow;
  try {
    const narrowed = await api.put(`/api/admin/delivery/zones/${_id}`, {
      data: { ...allIndiaInput, pinPrefixes: allIndiaInput.pinPrefixes.filter((prefix) => prefix !== '8') },
    });
    expect(narrowed.status(), await narrowed.text()).toBe(200);
    await page.reload();
    await page.getByLabel('Pin Code').fill('800001');
    await expect(page.getByRole('status').filter({ hasText: 'Sorry, we do not deliver to 800001 yet' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Delivery day' })).toHaveCount(0);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sorry, we do not deliver to 800001 yet' })).toBeVisible();
    await expect(page).toHaveTitle('Check Out');
  } finally {
    const restored = await api.put(`/api/admin/delivery/zones/${_id}`, { data: allIndiaInput });
    expect(restored.status(), await restored.text()).toBe(200);
    await api.dispose();
  }

  // Served again: choose tomorrow's evening slot.
  await page.reload();
  await page.getByLabel('Pin Code').fill('411001');
  await expect(page.getByRole('status').filter({ hasText: 'We deliver to 411001: Pune' })).toBeVisible();
  const days = page.getByRole('tablist', { name: 'Delivery day' }).getByRole('tab');
  await expect(days).toHaveCount(7);
  const tomorrow = days.nth(1);
  const dayLabel = ((await tomorrow.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  await tomorrow.click();
  await expect(tomorrow).toHaveAttribute('aria-selected', 'true');
  const evening = page.getByRole('radio', { name: /^17:00–20:00, / });
  await evening.check();
  await expect(evening).toBeChecked();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Next' }).click();

  const slotText = `${dayLabel}, 17:00–20:00`;
  await expect(page).toHaveTitle('Confirm Order');
  await expect(page.getByRole('row').filter({ hasText: 'Delivery' }).filter({ hasText: slotText })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle('Order Place..!!');
  await expect(page.getByText(`Delivery: ${slotText}`)).toBeVisible();
  const orderNumber = /#\d+/.exec((await page.getByText(/Your order number: #\d+/).textContent()) ?? '')?.[0];

  await page.goto('/Order/MyOrder');
  await expect(page.getByText(`Delivery: ${slotText}`)).toBeVisible();
  const detailsHref = (await page
    .getByRole('link', { name: 'Get Order Details' })
    .first()
    .getAttribute('href')) as string;
  await page.goto(detailsHref);
  await expect(page.getByText(`Delivery: ${slotText}`)).toBeVisible();

  // The admin's day view lists the order in that slot.
  const admin = await adminPage(browser);
  await admin.goto('/admin/delivery');
  await admin.getByLabel('Delivery date').fill(shopDate(1));
  const slotCard = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: '17:00–20:00' }) });
  await expect(slotCard.getByRole('link', { name: `Order ${orderNumber} of Meera Menon` })).toBeVisible();
  // The demo's slots have no limit, and say so.
  await expect(slotCard.getByText(/^[\d,]+ booked \(no limit\)$/)).toBeVisible();
  await admin.context().close();
});

test('a zone and a slot template made in the admin screen change what the checkout offers', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const zoneName = `Hill Post ${stamp}`;
  const admin = await adminPage(browser);
  await admin.goto('/admin/delivery');
  await expect(admin).toHaveTitle('Delivery');

  // A zone for 7991…, with a fee and a minimum order; a wrong prefix is refused beside the field first.
  const zoneForm = admin.getByRole('form', { name: 'Add a zone' });
  await zoneForm.getByLabel('Zone name').fill(zoneName);
  await zoneForm.getByLabel('PIN prefixes').fill('7991, 79a');
  await zoneForm.getByRole('button', { name: 'Add Zone' }).click();
  await expect(zoneForm.getByText('A PIN prefix is 1 to 6 digits: 79a is not.')).toBeVisible();
  await zoneForm.getByLabel('PIN prefixes').fill('7991');
  await zoneForm.getByLabel('Minimum order (₹)').fill('50');
  await zoneForm.getByLabel('Delivery fee (₹)').fill('25');
  await zoneForm.getByRole('button', { name: 'Add Zone' }).click();
  await expect(zoneForm.getByText(`Zone ${zoneName} added`)).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Delivery zones' }).getByText(zoneName)).toBeVisible();

  // A dawn slot every day for that zone only, two orders at most.
  const slotForm = admin.getByRole('form', { name: 'Add a slot template' });
  await slotForm.getByRole('checkbox', { name: 'Sunday' }).check();
  await slotForm.getByLabel('Start', { exact: true }).fill('05:30');
  await slotForm.getByLabel('End', { exact: true }).fill('06:30');
  await slotForm.getByLabel('Capacity (orders)').fill('2');
  await slotForm.getByLabel('Cut-off (minutes before start)').fill('0');
  await slotForm.getByRole('checkbox', { name: zoneName }).check();
  await slotForm.getByRole('button', { name: 'Add Slot' }).click();
  await expect(slotForm.getByText('Slot 5:30–6:30 added')).toBeVisible();
  const templateRow = admin
    .getByRole('table', { name: 'Delivery slot templates' })
    .getByRole('row', { name: /5:30–6:30/ });
  await expect(templateRow).toContainText(zoneName);

  try {
    const shopper = await registerShopper(request, 'Tenzin');
    await logIn(page, shopper.email, shopper.password);
    await addToCart(page, 'banana', 'Robusta Banana', '1.5 Kg');
    await page.goto('/Order/Checkout');
    await page.getByLabel('Pin Code').fill('799101');
    await expect(page.getByRole('status').filter({ hasText: `We deliver to 799101: ${zoneName}` })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByText('Shipping Charge')).toBeVisible();
    await expect(summary.locator('dd').filter({ hasText: '₹25' })).toBeVisible();
    await expect(summary.locator('dd').filter({ hasText: '₹50' })).toBeVisible();
    await page.getByRole('tablist', { name: 'Delivery day' }).getByRole('tab').nth(1).click();
    await expect(page.getByRole('radio', { name: '5:30–6:30, 2 left' })).toBeEnabled();

    // Another zone's shoppers are not offered it.
    await page.getByLabel('Pin Code').fill('411001');
    await expect(page.getByRole('status').filter({ hasText: 'We deliver to 411001: Pune' })).toBeVisible();
    await page.getByRole('tablist', { name: 'Delivery day' }).getByRole('tab').nth(1).click();
    await expect(page.getByRole('radio', { name: /^17:00–20:00, / })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^5:30–6:30/ })).toHaveCount(0);
  } finally {
    // Delete both in the admin screen (the dialogs are accepted), leaving the shop as it was.
    await admin.getByRole('button', { name: /^Delete slot 5:30–6:30/ }).click();
    await expect(admin.getByRole('table', { name: 'Delivery slot templates' }).getByText('5:30–6:30')).toHaveCount(0);
    await admin.getByRole('button', { name: `Delete ${zoneName}` }).click();
    await expect(admin.getByRole('table', { name: 'Delivery zones' }).getByText(zoneName)).toHaveCount(0);
    await admin.context().close();
  }

  // Without the zone, its PIN codes fall back to the all-India terms.
  await page.reload();
  await page.getByLabel('Pin Code').fill('799101');
  await expect(page.getByRole('status').filter({ hasText: /^We deliver to 799101: / })).not.toContainText(zoneName);
  await expect(page.getByRole('region', { name: 'Summary' }).getByText('Free')).toBeVisible();
});

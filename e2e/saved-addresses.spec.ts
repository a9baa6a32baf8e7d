/**
 * Journey: saved addresses (decision 0025). A shopper saves Home in the address book, checks out
 * with it offered and chosen, and places the order; the next checkout offers Home as last used,
 * where the shopper gives a new address and saves it too; the book then lists both, the new one
 * first. The book and the checkout's shipping step are scanned with axe and photographed at 412 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { addToCart, expectAccessible, logIn, NAGPUR, registerShopper } from './support';

const OFFICE = { address: '22, Dharampeth Extension', city: 'Nagpur', mobileNumber: '9822098220', pinCode: '440010' };

/** Waits until the PIN code is served and a delivery slot chosen (Next waits for both). */
async function expectDeliveryReady(page: Page, pinCode: string) {
  await expect(page.getByRole('status').filter({ hasText: `We deliver to ${pinCode}` })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('radio', { checked: true })).toBeVisible();
}

async function confirmAndPlace(page: Page, address: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveTitle('Confirm Order');
  await expect(page.getByText(address)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle('Order Place..!!');
}

test('save an address, check out with it, and be offered the last used one next time', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'Meera');
  await logIn(page, shopper.email, shopper.password);
  await page.setViewportSize({ width: 412, height: 900 });

  // The address book, from the account menu.
  await page.getByRole('button', { name: 'Account of Meera' }).click();
  await page.getByRole('link', { name: 'My Addresses' }).click();
  await expect(page).toHaveTitle('My Addresses');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add an Address' }).click();
  await expect(page.getByLabel('Name of this address')).toHaveValue('Home');
  await page.getByLabel('Pin Code').fill(NAGPUR.pinCode);
  await page.getByLabel('Address', { exact: true }).fill(NAGPUR.address);
  await page.getByLabel('City').fill(NAGPUR.city);
  await page.getByLabel('Mobile Number').fill(NAGPUR.mobileNumber);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address saved' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: NAGPUR.address })).toBeVisible();
  await expectAccessible(page, 'address book');
  await page.screenshot({ path: test.info().outputPath('address-book-412.png'), fullPage: true });

  // First checkout: Home is offered and chosen; its fields need no typing.
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  await page.goto('/Order/Checkout');
  const home = page.getByRole('radio', { name: new RegExp(`Home.*${NAGPUR.address}`) });
  await expect(home).toBeChecked();
  await expect(page.getByLabel('Address', { exact: true })).toHaveCount(0);
  await expectDeliveryReady(page, NAGPUR.pinCode);
  await confirmAndPlace(page, NAGPUR.address);

  // Placing made Home the last used (the order's event reaches the address book after the answer).
  await expect
    .poll(
      async () => (await (await page.request.get('/api/user/my/addresses')).json()).addresses[0]?.lastUsedAt ?? null,
    )
    .not.toBeNull();

  // Second checkout: Home is offered as last used; a new address is given and saved as Office.
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  await page.goto('/Order/Checkout');
  await expect(home).toBeChecked();
  await expect(page.getByRole('group', { name: 'Deliver to' }).getByText('Last used')).toBeVisible();
  await expectDeliveryReady(page, NAGPUR.pinCode);
  await expectAccessible(page, 'checkout with saved addresses');
  await page.screenshot({ path: test.info().outputPath('checkout-saved-412.png'), fullPage: true });
  // Nothing of the address cards sticks out of them (the page's own width at 412 px is the
  // delivery day tabs' to fix, in the same round).
  const overflow = await page
    .getByRole('group', { name: 'Deliver to' })
    .evaluate((group) => group.scrollWidth - group.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('radio', { name: 'Use a new address' }).check();
  await page.getByLabel('Pin Code').fill(OFFICE.pinCode);
  await page.getByLabel('Address', { exact: true }).fill(OFFICE.address);
  await page.getByLabel('City').fill(OFFICE.city);
  await page.getByLabel('Mobile Number').fill(OFFICE.mobileNumber);
  await page.getByRole('checkbox', { name: 'Remember it for my next order' }).check();
  await expect(page.getByLabel('Save it as')).toHaveValue('Office');
  await expectDeliveryReady(page, OFFICE.pinCode);
  await expectAccessible(page, 'checkout with a new address');
  await page.screenshot({ path: test.info().outputPath('checkout-new-412.png'), fullPage: true });
  await confirmAndPlace(page, OFFICE.address);

  // The book lists both, the new one first once its order has been placed.
  await expect
    .poll(async () => (await (await page.request.get('/api/user/my/addresses')).json()).addresses[0]?.label ?? null)
    .toBe('Office');
  await page.goto('/account/addresses');
  const cards = page.getByRole('list', { name: 'My Addresses' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Office');
  await expect(cards.first()).toContainText('Last used');
  await expect(cards.nth(1)).toContainText('Home');
});

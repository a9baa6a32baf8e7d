/**
 * The packing screen's new total is the final bill: with a paid delivery zone, the fee is judged
 * again on the packed subtotal by the terms kept on the order (and the total rounded to the rupee),
 * so the total the packer sees before saving is the one the bill then shows. The totals are read
 * from the screens, never written here. This spec uses the PIN prefix 7992 (no other spec does) and
 * deletes the zone it makes.
 */
import { expect, test } from '@playwright/test';
import { addToCart, adminApi, adminPage, checkOut, logIn, registerShopper } from './support';

const PIN = '799201';
const TO_PAID_ZONE = { address: '12 Station Road', city: 'Sample Town', mobileNumber: '9822054321', pinCode: PIN };

test('with a paid delivery zone, the packing screen’s new total is the final bill’s total', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(baseURL);
  // ₹40 delivery, free from ₹5,000: far above what this order comes to, so the fee stays.
  const made = await api.post('/api/admin/delivery/zones', {
    data: { name: 'E2E Paid Zone', pinPrefixes: ['7992'], minOrder: 0, deliveryFee: 40, freeAbove: 5000 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const zoneId = ((await made.json()) as { zone: { _id: string } }).zone._id;
  try {
    const shopper = await registerShopper(request, 'Farhan');
    await logIn(page, shopper.email, shopper.password);
    // Products no other journey orders, so the pick list and stock checks of the others hold.
    await addToCart(page, 'capsicum', 'Capsicum', '1 Kg');
    await addToCart(page, 'broccoli', 'Broccoli', '1 Kg');
    const orderId = await checkOut(page, TO_PAID_ZONE);

    const admin = await adminPage(browser);
    await admin.goto(`/admin/pack/order/${orderId}`);
    await expect(admin.getByRole('heading', { name: 'Pack Order' })).toBeVisible();
    // 1.037 Kg of capsicum comes to paise, so the total the packer sees carries a round-off too.
    await admin.getByRole('textbox', { name: 'Packed weight of Capsicum (kg)' }).fill('1.037');
    await admin.getByRole('button', { name: 'Not available: Broccoli' }).click();
    await expect(admin.getByText('New total', { exact: true })).toBeVisible();
    // The fee is on the screen and in its total, not the packed lines alone.
    await expect(admin.getByTestId('pack-fee')).toHaveText('₹40');
    await expect(admin.getByTestId('pack-round-off')).toBeVisible();
    const roundOff = (await admin.getByTestId('pack-round-off').textContent()) as string;
    const subtotal = (await admin.getByTestId('pack-subtotal').textContent()) as string;
    const newTotal = (await admin.getByTestId('pack-total').textContent()) as string;
    expect(newTotal).not.toBe(subtotal);

    await admin.getByRole('button', { name: 'Save weights' }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
    await expect(admin.getByText(`Order packed: amount due ${newTotal}`)).toBeVisible();

    // The shopper's final bill shows the same total, with the fee the packer saw.
    await page.goto(`/Order/OrderDetails/${orderId}`);
    await expect(page.getByText('Total Amount').locator('..')).toContainText(newTotal);
    await expect(page.getByText(`Round off ${roundOff}`, { exact: false })).toBeVisible();
    const packed = (await (await api.get(`/api/user/my/order/${orderId}`)).json()) as {
      order: { total: number; shippingCharge: number };
    };
    expect(`₹${packed.order.total}`).toBe(newTotal.replaceAll(',', ''));
    expect(packed.order.shippingCharge).toBe(40);
  } finally {
    await api.delete(`/api/admin/delivery/zones/${zoneId}`);
    await api.dispose();
  }
});

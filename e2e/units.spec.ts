/**
 * Journey, units and steps (decision 0022): on a 412 px phone a shopper buys 0.25 Kg of green chillies,
 * a dozen eggs and 1 litre of milk; the admin packs them on the packing screen (a weight for the
 * chillies, whole numbers for the eggs, a measure for the milk); the bill's PDF shows the quantity
 * codes KGS, DOZ and LTR and a Round off line. Chillies packed at 0.255 Kg make the lines ₹160.15, so
 * the bill rounds off −₹0.15 to ₹160.
 * With UNITS_SCREENSHOTS=1 the product cards, the cart and the packing screen are saved as PNGs.
 */
import { expect, test } from '@playwright/test';
import { addToCart, adminPage, checkOut, logIn, NAGPUR, pdfText, registerShopper } from './support';

const PHONE = { width: 412, height: 900 };
const shots = Boolean(process.env.UNITS_SCREENSHOTS);

test('0.25 Kg of chillies, a dozen eggs and a litre of milk: bought, packed, billed in their units', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const shopper = await registerShopper(request, 'Meera');
  await logIn(page, shopper.email, shopper.password);

  // Each card writes its rate per unit and offers its own quantities in that unit.
  await page.goto('/products/eggs');
  const eggsCard = page.getByRole('article').filter({ hasText: 'Farm Fresh Eggs' }).first();
  await expect(eggsCard.getByText('₹ 84/dozen')).toBeVisible();
  await expect(eggsCard.getByRole('combobox').locator('option')).toHaveText(['1 dozen', '2 dozen', '3 dozen']);
  await page.goto('/products/chilli');
  const chilliCard = page.getByRole('article').filter({ hasText: 'Green Chillies' }).first();
  await expect(chilliCard.getByText('₹ 79/Kg')).toBeVisible();
  await expect(chilliCard.getByRole('combobox').locator('option')).toHaveText(['0.1 Kg', '0.25 Kg', '0.5 Kg']);

  await addToCart(page, 'chilli', 'Green Chillies', '0.25 Kg');
  await addToCart(page, 'eggs', 'Farm Fresh Eggs', '1 dozen');
  await addToCart(page, 'milk', 'Cow Milk (A2)', '1 litre');
  if (shots) await page.screenshot({ path: testInfo.outputPath('cards-412.png') });

  // The cart lists each line in its unit: 79 × 0.25 + 84 + 56 = ₹159.75.
  await page.goto('/Order/Checkout');
  const lines = page.getByTestId('checkout-line');
  await expect(lines).toHaveCount(3);
  await expect(page.getByLabel('Quantity of Green Chillies')).toHaveValue('0.25');
  await expect(lines.filter({ hasText: 'Farm Fresh Eggs' }).getByText('₹84 per dozen')).toBeVisible();
  await expect(lines.filter({ hasText: 'Cow Milk (A2)' }).getByText('₹56 per litre')).toBeVisible();
  await expect(page.getByText('₹159.75').first()).toBeVisible();
  if (shots) await page.screenshot({ path: testInfo.outputPath('cart-412.png'), fullPage: true });
  const orderId = await checkOut(page, NAGPUR);
  await expect(page.getByText('0.25 Kg × ₹79 per Kg')).toBeVisible();
  await expect(page.getByText('1 dozen × ₹84 per dozen')).toBeVisible();

  // The admin packs on a phone: 0.255 Kg of chillies, the eggs counted, the milk measured.
  const admin = await adminPage(browser);
  await admin.setViewportSize(PHONE);
  await admin.goto(`/admin/pack/order/${orderId}`);
  await expect(admin.getByText('Ordered 1 dozen × ₹84/dozen')).toBeVisible();
  const eggs = admin.getByRole('textbox', { name: 'Packed quantity of Farm Fresh Eggs (dozen)' });
  await expect(eggs).toHaveAttribute('inputmode', 'numeric');
  await eggs.fill('1.5');
  await expect(admin.getByText('Type a whole number, such as 1 or 2')).toBeVisible();
  await eggs.fill('2');
  await expect(admin.getByText('At most 1 dozen: the number ordered')).toBeVisible();
  await eggs.fill('1');
  await admin.getByRole('textbox', { name: 'Packed weight of Green Chillies (kg)' }).fill('0.255');
  await admin.getByRole('textbox', { name: 'Packed quantity of Cow Milk (A2) (litre)' }).fill('1');
  await expect(admin.getByTestId('pack-round-off')).toHaveText('−₹0.15');
  await expect(admin.getByTestId('pack-total')).toHaveText('₹160');
  if (shots) await admin.screenshot({ path: testInfo.outputPath('packing-412.png'), fullPage: true });
  await admin.getByRole('button', { name: 'Save weights' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/update/order/${orderId}$`));
  await expect(admin.getByText('Order packed: amount due ₹160')).toBeVisible();

  // The bill: each line's quantity with its code, and the round-off to whole rupees.
  const bill = await page.request.get(`/api/user/my/order/${orderId}/invoice`);
  expect(bill.status()).toBe(200);
  const text = await pdfText(await bill.body());
  expect(text).toMatch(/Green Chillies 0\.255 KGS/);
  expect(text).toMatch(/Farm Fresh Eggs 1 DOZ/);
  expect(text).toMatch(/Cow Milk \(A2\) 1 LTR/);
  expect(text).toMatch(/Round off/);
  await admin.close();
});

/** Journey: a shopper fills a cart, checks out with cash on delivery, sees the order and reviews the shop. */
import { expect, test } from '@playwright/test';
import { addToCart, adminPage, logIn, registerShopper } from './support';

test('cart → checkout → confirm → placed → my orders → details → review', async ({ page, request, browser }) => {
  const shopper = await registerShopper(request, 'Farhan');
  await logIn(page, shopper.email, shopper.password);

  await addToCart(page, 'banana', 'Robusta Banana', '1.5 Kg');
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  await addToCart(page, 'paneer', 'Malai Paneer', '1 pack');
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.goto('/Order/Checkout');
  await expect(page).toHaveTitle('Check Out');
  // Change a weight at checkout: bananas 1.5 → 2 Kg (48 ₹/kg).
  await page.getByLabel('Quantity of Robusta Banana').selectOption({ label: '2 Kg' });
  // 2 × 48 + 1 × 38 + 1 pack × 90 = 224
  await expect(page.getByText('₹224').first()).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Farhan Menon');

  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Address').fill('  ');
  await page.getByLabel('City').fill('Jaipur');
  await page.getByLabel('Mobile Number').fill('98290');
  await page.getByLabel('Pin Code').fill('3020');
  await next.click();
  await expect(page.getByText('Mobile Number Should Be 10 Digit..!!')).toBeVisible();
  await page.getByLabel('Mobile Number').fill('9829012345');
  await next.click();
  await expect(page.getByText('Pin Code Should Be 6 Digit..!!')).toBeVisible();
  await page.getByLabel('Pin Code').fill('302001');
  await next.click();
  await expect(page.getByText('All Field Are Required..!!')).toBeVisible();
  await page.getByLabel('Address').fill('21, Hawa Mahal Road');
  await next.click();

  await expect(page).toHaveTitle('Confirm Order');
  await expect(page.getByText('Free Shipping For You')).toBeVisible();
  await expect(page.getByText('21, Hawa Mahal Road')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();

  await expect(page).toHaveTitle('Order Place..!!');
  await expect(page.getByText('Your Order Is Place SuccessFully..!!')).toBeVisible();
  await expect(page.getByText(/Farhan/).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  // One number to read out on the phone, the same on every screen.
  await expect(page.getByTestId('order-number')).toHaveText(/^Your order number: #\d{4,}$/);
  const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace(/^.*(#\d+)$/, '$1');

  await page.goto('/Order/Checkout');
  await expect(page.getByText('Your Cart Is Empty..!!')).toBeVisible();

  await page.goto('/Order/MyOrder');
  await expect(page).toHaveTitle('Farhan Orders');
  await expect(page.getByText('₹224').first()).toBeVisible();
  await expect(page.getByText('Processing').first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: orderNumber })).toHaveCount(1);
  await page.getByRole('link', { name: 'Get Order Details' }).first().click();

  await expect(page).toHaveTitle('Orders Details');
  await expect(page.getByText(`Order ${orderNumber}`, { exact: true })).toBeVisible();

  // The shop finds the order by the number the shopper reads out, # and all.
  const admin = await adminPage(browser);
  await admin.goto('/admin/view/orders');
  await admin.getByRole('searchbox', { name: 'Find orders by number (#1042), name or mobile' }).fill(orderNumber);
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(new RegExp(`q=%23${orderNumber.slice(1)}`));
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);
  await admin.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(admin.getByText(orderNumber, { exact: true })).toBeVisible();
  await expect(admin.getByText('Farhan Menon').first()).toBeVisible();
  await admin.context().close();
  await expect(page.getByText('Robusta Banana')).toBeVisible();
  await expect(page.getByText('Desi Tomato')).toBeVisible();
  await expect(page.getByText('Malai Paneer')).toBeVisible();
  await expect(page.getByText('₹224').first()).toBeVisible();

  const comment = `Bananas and paneer arrived fresh — order ${Date.now()}`;
  await page.goto('/review/add');
  await expect(page).toHaveTitle('Add Review');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('All Field Are Required..!!')).toBeVisible();
  await page.locator('label').filter({ hasText: '4 stars' }).click();
  await page.getByPlaceholder('Comment...').fill(comment);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  await page.goto('/reviews/all');
  await expect(page).toHaveTitle('Customer Reviews');
  await expect(page.getByText(comment)).toBeVisible();

  await page.goto('/');
  await expect(page.getByText(comment).first()).toBeAttached();
});

test('a visitor with a cart is asked to log in at checkout', async ({ page }) => {
  await addToCart(page, 'carrot', 'Ooty Carrot', '1 Kg');
  await page.goto('/Order/Checkout');
  await expect(page.getByText('Ooty Carrot').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).last()).toBeVisible();
});

/**
 * Journey: buy again (issue 30, decision 0042). A shopper orders tomatoes and cabbage; the cabbage
 * sells out; "Order again" on the order fills the cart with the tomatoes and names the cabbage as
 * not available; the cart is saved as the list "Weekly sabzi"; My Lists shows "Your usual" (the
 * cabbage flagged) and the list, whose "Add all to cart" fills an emptied cart; the home page shows
 * "Your usual" to the shopper, while a visitor's home page never asks for it. Screens at 412 px,
 * scanned with axe.
 */
import { expect, type Page, test } from '@playwright/test';
import { addToCart, adminApi, checkOut, expectAccessible, logIn, NAGPUR, registerShopper } from './support';

interface ProductAnswer {
  product: {
    _id: string;
    name: string;
    rate: number;
    stocks: number;
    aliases?: string[];
    unit?: string;
    kilogramOption: { $numberDecimal: string }[];
    category: { _id: string };
  };
}

/**
 * Sells a product out through the admin's product update (every field as it is, stock 0). The
 * journeys share one server: the product sold out here is one no other journey buys.
 */
async function sellOut(baseURL: string | undefined, productId: string) {
  const admin = await adminApi(baseURL);
  const { product } = (await (await admin.get(`/api/product/getSingleProduct/${productId}`)).json()) as ProductAnswer;
  const answer = await admin.put(`/api/product/update/${productId}`, {
    multipart: {
      name: product.name,
      rate: String(product.rate),
      stocks: '0',
      category: product.category._id,
      unit: product.unit ?? 'kg',
      kilogramOption: product.kilogramOption.map((option) => option.$numberDecimal).join(','),
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await admin.dispose();
}

const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

test('order again fills the cart; the cart becomes a list; your usual in the account and on the home page', async ({
  page,
  request,
  baseURL,
}) => {
  const shopper = await registerShopper(request, 'Sunita');
  await logIn(page, shopper.email, shopper.password);
  await page.setViewportSize({ width: 412, height: 900 });

  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  await addToCart(page, 'cabbage', 'Green Cabbage', '1 Kg');
  const orderId = await checkOut(page, NAGPUR);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  const cabbage = (await (await page.request.get(`/api/user/my/order/${orderId}`)).json()).order.orderItems.find(
    (item: { name: string }) => item.name === 'Green Cabbage',
  );
  await sellOut(baseURL, cabbage.productId);

  // Order again on the order's page: the tomatoes go into the cart, the cabbage is named.
  await page.reload();
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(status(page, 'Added to your cart: Desi Tomato.')).toBeVisible();
  await expect(status(page, 'Not available today, so not added: Green Cabbage.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('order-again-412.png'), fullPage: true });

  // The cart shows it at today's price; save the cart as a list.
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/Order\/Checkout$/);
  await expect(page.getByText('Desi Tomato').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save cart as list' }).click();
  await page.getByLabel('Name of the list').fill('Weekly sabzi');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(status(page, 'Saved as the list Weekly sabzi.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('save-cart-as-list-412.png'), fullPage: true });

  // The account: My Lists from the account menu.
  await page.getByRole('button', { name: 'Account of Sunita' }).click();
  await page.getByRole('link', { name: 'My Lists', exact: true }).click();
  await expect(page).toHaveTitle('My Lists');
  const usual = page.getByRole('list', { name: 'Your usual' });
  await expect(usual.getByRole('listitem').filter({ hasText: 'Desi Tomato' })).toContainText('In cart');
  await expect(usual.getByRole('listitem').filter({ hasText: 'Green Cabbage' })).toContainText('Not available today');
  const list = page.getByRole('article', { name: /Weekly sabzi/ });
  await expect(list).toContainText('1 product');

  // Empty the cart, then "Add all to cart" from the list fills it again.
  await page.evaluate(() => localStorage.removeItem('user-cart'));
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await list.getByRole('button', { name: 'Show' }).click();
  await list.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(status(page, 'Added to your cart: Desi Tomato.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectAccessible(page, 'my lists');
  await page.screenshot({ path: test.info().outputPath('my-lists-412.png'), fullPage: true });

  // Home: "Your usual" for the shopper.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your usual' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-usual-412.png') });
});

test("a visitor's home page neither shows nor asks for the usual", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/my/usual')) asked.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New Products' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Your usual' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

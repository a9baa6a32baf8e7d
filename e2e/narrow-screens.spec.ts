/**
 * No page is wider than a phone: every route of the app, at 360 px and at 412 px, as a visitor, a
 * shopper (checkout with its delivery-day tabs and slots, a long address on the confirm page and the
 * order pages) and the owner (every admin screen, the order with the long address included), must
 * not scroll sideways: `document.documentElement.scrollWidth <= innerWidth`. On the way, every amount
 * a page shows carries its ₹ ("Shipping Charge ₹0", never "Shipping Charge 0").
 *
 * The list of routes is checked against the app's own route table (apps/web/src/config/paths.ts):
 * a new route fails this journey until it is visited here too.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { routePatterns } from '../apps/web/src/config/paths';
import { addToCart, adminApi, E2E_ADMIN, logIn, registerShopper } from './support';

const WIDTHS = [360, 412] as const;
// The two widths are a minute each: one per worker, each on its own server (decision 0054).
test.describe.configure({ mode: 'parallel' });

/** An address as long as the form takes (200 characters), with a long unbroken word in it. */
const LONG_ADDRESS = {
  address:
    'Flat 1104, C-Wing, Gulmohar-Residency-Cooperative-Housing-Society-Phase-II, Opposite Chhatrapati Shivaji Maharaj Udyan, Near Dharampeth Science College, West High Court Road',
  city: 'Nagpur Municipal Corporation Area',
  mobileNumber: '9822012345',
  pinCode: '440012',
};

/** Route pattern (as in routePatterns, `admin.x` for the admin ones) → what this journey visited. */
type Visited = Map<string, string>;

/** The element that sticks out furthest to the right, to say what to fix. */
async function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    let found = '';
    let right = window.innerWidth;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && box.width > 0) {
        right = box.right;
        const name = element.tagName.toLowerCase();
        const classes = typeof element.className === 'string' ? element.className.slice(0, 80) : '';
        found = `<${name} class="${classes}"> reaches ${Math.round(box.right)} px: ${(element.textContent ?? '').trim().slice(0, 60)}`;
      }
    }
    return found;
  });
}

/** Waits for the page to settle (no loader, no requests), then measures it and reads its amounts. */
async function checkPage(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /\.\.!!$/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${label} at ${innerWidth} px is ${scrollWidth} px wide; ${await widest(page)}`,
  ).toBeLessThanOrEqual(innerWidth);
  // An amount's label followed by a bare number: the ₹ is missing. The text as shown (each block
  // on its own line, nothing hidden), not the DOM's, which would run labels and figures together.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  const text = await page.evaluate(() => document.body.innerText);
  const bare = text.match(
    /\b(?:Shipping Charge|Delivery charge|Sub ?Total|Subtotal|Total|Amount due|Amount|Round off|Estimate|Cash to collect|Rate)\b:?[ \t]*[−+-]?\d[\d,.]*/gi,
  );
  expect(bare ?? [], `${label}: amounts without ₹`).toEqual([]);
}

async function visit(page: Page, visited: Visited, route: string, url: string): Promise<void> {
  await page.goto(url);
  await checkPage(page, `${route} (${url})`);
  visited.set(route, url);
}

/** Every route pattern of the app, flat: `checkout`, `admin.orders`... (`admin.all` only hands over). */
function allRoutes(): string[] {
  const { admin, ...shop } = routePatterns;
  return [
    ...Object.keys(shop),
    ...Object.keys(admin)
      .filter((name) => name !== 'all')
      .map((name) => `admin.${name}`),
  ].sort();
}

async function phone(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

async function firstIds(api: APIRequestContext) {
  const categories = (await (await api.get('/api/category/get')).json()) as { Categories: { _id: string }[] };
  const products = (await (await api.get('/api/product/getAllProducts')).json()) as {
    products: { _id: string; category: { _id: string; name: string } }[];
  };
  const users = (await (await api.get('/api/user/admin/user')).json()) as { AllUsers: { _id: string }[] };
  const product = products.products[0];
  const category = categories.Categories[0];
  const user = users.AllUsers[0];
  expect(product && category && user, 'the demo data has a product, a category and a user').toBeTruthy();
  return { product: product as NonNullable<typeof product>, categoryId: category?._id ?? '', userId: user?._id ?? '' };
}

for (const width of WIDTHS) {
  test(`no route is wider than a ${width} px phone, and every amount has its ₹`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const visited: Visited = new Map();
    const api = await adminApi(baseURL);
    const { product, categoryId, userId } = await firstIds(api);

    // A visitor.
    const visitor = await phone(browser, width);
    await visit(visitor, visited, 'products', '/products');
    await visit(visitor, visited, 'productSearch', '/products/tomato');
    await visit(visitor, visited, 'product', `/product/${product._id}`);
    await visit(visitor, visited, 'productsOfCategory', `/products/category/${product.category._id}`);
    await visit(visitor, visited, 'about', '/about');
    await visit(visitor, visited, 'policy', '/policies/returns');
    await visitor.goto('/policies/grievance');
    await checkPage(visitor, 'the grievance page');
    await visit(visitor, visited, 'reviews', '/reviews/all');
    await visit(visitor, visited, 'rates', '/rates');
    await visit(visitor, visited, 'login', '/Login');
    await visit(visitor, visited, 'signup', '/Signup');
    await visit(visitor, visited, 'forgotPassword', '/Forget/Password');
    await visit(visitor, visited, 'resetPassword', `/reset-password/${userId}/not-a-real-token`);
    await visitor.context().close();

    // A shopper: home, cart, checkout with the slots open and a long address, confirm, placed, orders.
    const shopper = await registerShopper(api, `Narrow${width}`);
    const page = await phone(browser, width);
    await logIn(page, shopper.email, shopper.password);
    await checkPage(page, 'home (/)');
    visited.set('home', '/');
    await visit(page, visited, 'addReview', '/review/add');
    await visit(page, visited, 'updatePassword', '/RestPassword');
    await visit(page, visited, 'addresses', '/account/addresses');
    await visit(page, visited, 'myLists', '/account/lists');
    await visit(page, visited, 'notifications', '/account/notifications');
    await visit(page, visited, 'myData', '/account/data');
    await visit(page, visited, 'complaints', '/account/complaints');
    await visit(page, visited, 'myKhata', '/account/khata');
    await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
    await addToCart(page, 'onion', 'Nashik Red Onion', '2 Kg');

    await page.goto('/Order/Checkout');
    await page.getByLabel('Address').fill(LONG_ADDRESS.address);
    await page.getByLabel('City').fill(LONG_ADDRESS.city);
    await page.getByLabel('Mobile Number').fill(LONG_ADDRESS.mobileNumber);
    await page.getByLabel('Pin Code').fill(LONG_ADDRESS.pinCode);
    await expect(page.getByRole('status').filter({ hasText: `We deliver to ${LONG_ADDRESS.pinCode}` })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Delivery day' })).toBeVisible();
    await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
    // The demo's slots have no limit: said so, never "10,00,000 left".
    await expect(page.getByRole('radio', { checked: true })).toHaveAccessibleName(/, No limit$/);
    await checkPage(page, 'checkout with its delivery days and slots');
    // The last day's tab is reached inside the row of tabs (it scrolls), not by scrolling the page.
    const tabs = page.getByRole('tab');
    await tabs.last().click();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await checkPage(page, 'checkout on the last delivery day');
    await tabs.first().click();
    await page.screenshot({ path: test.info().outputPath(`checkout-${width}.png`), fullPage: true });
    visited.set('checkout', '/Order/Checkout');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveTitle('Confirm Order');
    await expect(page.getByText(LONG_ADDRESS.address)).toBeVisible();
    await checkPage(page, 'confirm with a long address');
    await page.screenshot({ path: test.info().outputPath(`confirm-${width}.png`), fullPage: true });
    visited.set('confirmOrder', '/Order/Confirm');

    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page).toHaveTitle('Order Place..!!');
    await checkPage(page, 'order placed');
    visited.set('orderPlaced', '/Order/Placed');

    await visit(page, visited, 'myOrders', '/Order/MyOrder');
    await page.getByRole('link', { name: 'Get Order Details' }).first().click();
    await expect(page).toHaveURL(/\/Order\/OrderDetails\//);
    const orderId = page.url().split('/').pop() as string;
    await checkPage(page, 'order details with a long address');
    visited.set('orderDetails', page.url());
    // The cart page once the order has emptied it, and a page that does not exist.
    await visit(page, visited, 'notFound', '/no-such-page');
    await page.context().close();

    // The owner, on a phone, through every admin screen.
    const admin = await phone(browser, width);
    await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminRoutes: [string, string][] = [
      ['admin.home', '/admin/home'],
      ['admin.productsMenu', '/admin/products'],
      ['admin.addProduct', '/admin/add/products'],
      ['admin.products', '/admin/view/products'],
      ['admin.updateProduct', `/admin/update/products/${product._id}`],
      ['admin.addCategory', '/admin/add/category'],
      ['admin.categories', '/admin/view/category'],
      ['admin.updateCategory', `/admin/update/category/${categoryId}`],
      ['admin.orders', '/admin/view/orders'],
      ['admin.updateOrder', `/admin/update/order/${orderId}`],
      ['admin.packOrder', `/admin/pack/order/${orderId}`],
      ['admin.pickList', '/admin/picklist'],
      ['admin.users', '/admin/view/users'],
      ['admin.updateUser', `/admin/update/${userId}`],
      ['admin.reviews', '/admin/view/reviews'],
      ['admin.delivery', '/admin/delivery'],
      ['admin.deliveryRun', '/admin/delivery/run'],
      ['admin.bills', '/admin/bills'],
      ['admin.shop', '/admin/shop'],
      ['admin.complaints', '/admin/complaints'],
      ['admin.khata', '/admin/khata'],
      ['admin.khataAccount', `/admin/khata/${userId}`],
      ['admin.coupons', '/admin/coupons'],
      ['admin.reports', '/admin/reports'],
      ['admin.marginReport', '/admin/reports/margin'],
      ['admin.gstReturn', '/admin/gst'],
      ['admin.rates', '/admin/rates'],
      ['admin.purchases', '/admin/purchases'],
      ['admin.newPurchase', '/admin/purchases/new'],
      ['admin.suppliers', '/admin/suppliers'],
      ['admin.wastage', '/admin/wastage'],
    ];
    for (const [route, url] of adminRoutes) await visit(admin, visited, route, url);
    // The long address on the admin's order page, and the orders of one delivery date.
    await admin.goto(`/admin/update/order/${orderId}`);
    await expect(admin.getByText(LONG_ADDRESS.address, { exact: false })).toBeVisible();
    await admin.goto('/admin/view/orders?deliveryDate=2026-11-24');
    await checkPage(admin, 'admin orders of a delivery date');
    await admin.context().close();
    await api.dispose();

    // Every route of the app was seen.
    expect(allRoutes().filter((route) => !visited.has(route))).toEqual([]);
  });
}

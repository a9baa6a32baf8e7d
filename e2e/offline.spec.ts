/**
 * Journey (issue 30, decision 0041): after one visit the service worker keeps the shop; the
 * shopper loses the signal, opens `/` and `/products` from what it kept (with "prices as of"),
 * fills the cart, confirms an order that waits, reloads (the cart and the waiting order stay),
 * comes back online and the order is placed exactly once.
 *
 * Issue 42: pages never opened (`/rates`, My Orders, the checkout) open offline after one visit to
 * `/`, My Orders and the checkout then show the orders and addresses last read, in plain words; and
 * a confirm made offline before any worker is installed is sent once when the network returns.
 */
import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { addToCart, fillShipping, logIn, NAGPUR, registerShopper } from './support';

// This journey needs the worker (the others run without it, see playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * `setOffline` cuts the pages off but not the service worker's own requests
 * (microsoft/playwright#2311): those are aborted here too, as a phone without signal would.
 */
const abortWorkerRequests = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', abortWorkerRequests);
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**', abortWorkerRequests);
  await context.setOffline(false);
}

test('offline: the kept catalogue, the cart across a reload, a queued order placed once', async ({
  page,
  context,
  request,
}) => {
  const shopper = await registerShopper(request, 'Meera');
  await logIn(page, shopper.email, shopper.password);

  // One visit online: the worker installs and keeps the shell and the catalogue it is asked for.
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Installable, as Chromium judges it (the manifest, its icons, a worker controlling the page).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito ones, where Chromium never installs: that one is the browser's, not the app's.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const { url: manifestUrl, errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: { message: string }[];
  };
  expect(manifestUrl).toMatch(/\/manifest\.webmanifest$/);
  expect(manifestErrors).toEqual([]);
  await cdp.detach();
  await page.goto('/products');
  await expect(page.getByRole('article').first()).toBeVisible();
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
  // The shipping form once online (the PIN code check and the slots need the server); kept for the tab.
  await page.goto('/Order/Checkout');
  await fillShipping(page, NAGPUR);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveTitle('Confirm Order');
  await page.goto('/products');
  await expect(page.getByRole('article').first()).toBeVisible();

  await goOffline(context);
  for (const address of ['/', '/products']) {
    await page.goto(address);
    await expect(
      page.getByRole('status').filter({ hasText: /You are offline\. Prices as of \d\d:\d\d\./ }),
    ).toBeVisible();
  }
  // The cached listing, and the cart still holds the tomatoes after an offline reload.
  const banana = page.getByRole('article').filter({ hasText: 'Robusta Banana' }).first();
  await expect(banana).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await banana.getByRole('combobox').selectOption({ label: '1 Kg' });
  await banana.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Confirmed offline: the order waits, and says so, also after a reload.
  await page.goto('/Order/Confirm');
  await expect(page.getByText('Robusta Banana')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const waiting = page.getByText('You are offline. Your order will be sent when you are back online.');
  await expect(waiting).toBeVisible();
  await page.reload();
  await expect(waiting).toBeVisible();
  // Nothing reached the server.
  const before = await page.request.get('/api/user/my/orders');
  expect(((await before.json()) as { myOrders: unknown[] }).myOrders).toHaveLength(0);

  await goOnline(context);
  await expect(page.getByRole('status').filter({ hasText: /Your order #\d+ has been placed\./ })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  // A second open of the app sends nothing again: exactly one order, with both lines.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const after = await page.request.get('/api/user/my/orders');
  const { myOrders } = (await after.json()) as { myOrders: { orderItems: { name: string }[] }[] };
  expect(myOrders).toHaveLength(1);
  expect(myOrders[0]?.orderItems.map((item) => item.name).sort()).toEqual(['Desi Tomato', 'Robusta Banana']);
});

test('offline after one visit: /products reloaded without network shows the last catalogue', async ({
  page,
  context,
}) => {
  // One visit, as a visitor: the listing is fetched before the worker controls the page.
  await page.goto('/products');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The worker keeps the listing once it controls the page (the page reads it again through it).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = await (await caches.open('mandi-data-1')).keys();
        return kept.some((request) => new URL(request.url).pathname === '/api/product/getAllProducts');
      }),
    )
    .toBe(true);

  await goOffline(context);
  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: /You are offline\. Prices as of \d\d:\d\d\./ }),
  ).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText("Something Went's To Wrong..!")).toHaveCount(0);
  await goOnline(context);
});

/** Waits for the worker to install (it keeps every shopper page's code) and to control the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('after one visit to /, pages never opened open offline; the last orders and addresses read are shown', async ({
  page,
  context,
  request,
}) => {
  const shopper = await registerShopper(request, 'Meera');
  await logIn(page, shopper.email, shopper.password);
  await waitForWorker(page);
  await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');

  // Never opened in this browser: their code comes from the worker's install.
  await goOffline(context);
  await page.goto('/rates');
  await expect(page.getByRole('heading', { name: "Today's rates" })).toBeVisible();
  await page.goto('/Order/MyOrder');
  await expect(page.getByRole('heading', { name: 'Meera Orders' })).toBeVisible();
  await expect(page.getByText('You are offline: your orders will show here when you are back online.')).toBeVisible();
  await expect(page.getByText('Something Went To Wrong')).toHaveCount(0);
  await page.goto('/Order/Checkout');
  await expect(page.getByRole('heading', { name: 'Check Out' })).toBeVisible();
  await expect(page.getByText('Desi Tomato').first()).toBeVisible();
  await page.getByLabel('Pin Code').fill(NAGPUR.pinCode);
  await expect(
    page.getByRole('status').filter({ hasText: /^You are offline: the delivery to this PIN code/ }),
  ).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);

  // Online once more: an order and a saved address, read by My Orders and the checkout (and kept).
  await goOnline(context);
  const { products } = (await (await page.request.get('/api/product/getAllProducts?keyword=tomato')).json()) as {
    products: { _id: string; name: string }[];
  };
  const tomato = products.find((product) => product.name === 'Desi Tomato');
  const placed = await page.request.post('/api/user/new/order', {
    data: { cartItems: [{ id: tomato?._id, quantity: 1 }], shippingInfo: NAGPUR },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { orderNumber: number } };
  const saved = await page.request.post('/api/user/my/addresses', { data: { label: 'Home', ...NAGPUR } });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto('/Order/MyOrder');
  await expect(page.getByText(`#${order.orderNumber}`)).toBeVisible();
  await page.goto('/Order/Checkout');
  await expect(page.getByRole('radio', { name: new RegExp(`Home.*${NAGPUR.address}`) })).toBeChecked();

  // Offline again: both as last read, with when.
  await goOffline(context);
  await page.goto('/Order/MyOrder');
  await expect(
    page.getByText(/^You are offline: showing your orders as of (\d+ \w+ \d{4} )?\d\d:\d\d\.$/),
  ).toBeVisible();
  await expect(page.getByText(`#${order.orderNumber}`)).toBeVisible();
  await page.goto('/Order/Checkout');
  await expect(page.getByRole('radio', { name: new RegExp(`Home.*${NAGPUR.address}`) })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveTitle('Confirm Order');
  await expect(page.getByText(NAGPUR.address)).toBeVisible();
  await goOnline(context);
});

test.describe('before the worker is ready', () => {
  // No worker at all: the moment before the first visit's worker has installed, made certain.
  test.use({ serviceWorkers: 'block' });

  test('a confirm made offline waits on its screen and is sent once when the network returns', async ({
    page,
    context,
    request,
  }) => {
    const shopper = await registerShopper(request, 'Meera');
    await logIn(page, shopper.email, shopper.password);
    await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
    await page.goto('/Order/Checkout');
    await fillShipping(page, NAGPUR);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveTitle('Confirm Order');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText(/^Your order is saved on this phone\./)).toBeVisible();
    await expect(page.getByText('You are offline. Your order will be sent when you are back online.')).toBeVisible();
    const myOrders = async () =>
      ((await (await page.request.get('/api/user/my/orders')).json()) as { myOrders: unknown[] }).myOrders.length;
    expect(await myOrders()).toBe(0);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: /Your order #\d+ has been placed\./ })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    expect(await myOrders()).toBe(1);
    // Opening the app again sends nothing more.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText(/Your order (is saved|will be sent)/)).toHaveCount(0);
    expect(await myOrders()).toBe(1);
  });
});

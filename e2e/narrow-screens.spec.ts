/**
 * No page is wider than a phone: every route of the app, at 360 px and at 412 px, as a visitor, a
 * shopper (checkout with its delivery-day tabs and slots, a long address on the confirm page and the
 * order pages) and the owner (every admin screen, the order with the long address included), must
 * not scroll sideways: `document.documentElement.scrollWidth <= innerWidth`. On the way, every amount
 * a page shows carries its ₹ ("Shipping Charge ₹0", never "Shipping Charge 0"), and the confirm
 * page's order table shows every line's quantity, rate and amount on the screen.
 *
 * Issue 42's narrow screens, on a server of the journey's own (renaming the shop changes every
 * page): a shop with a long name shows all of it in the header, cut nowhere; a zone's minimum order
 * is a note under the totals that says what is missing before Next; the confirm table fits; and the
 * admin's packed order with its WhatsApp box (a message carrying the bill's unbroken link) is no
 * wider than the phone.
 *
 * The list of routes is checked against the app's own route table (apps/web/src/config/paths.ts):
 * a new route fails this journey until it is visited here too.
 */
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { routePatterns } from '../apps/web/src/config/paths';
import {
  addToCart,
  adminApi,
  E2E_ADMIN,
  fillShipping,
  logIn,
  NAGPUR,
  type OwnServer,
  registerShopper,
  startOwnServer,
} from './support';

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

/**
 * The confirm page's order table: each line's cells (name, quantity, rate, amount) lie on the
 * screen, none hidden to a sideways scroll, and the amount carries its ₹.
 */
async function expectOrderLinesInView(page: Page, label: string): Promise<void> {
  const table = page.getByRole('region', { name: 'Order Summary' }).getByRole('table');
  const lines = table.getByRole('rowgroup').nth(1).getByRole('row');
  expect(await lines.count(), `${label}: the order's lines`).toBeGreaterThan(0);
  for (const line of await lines.all()) {
    const cells = line.getByRole('cell');
    await expect(cells).toHaveCount(4);
    await expect(cells.last()).toHaveText(/^₹[\d,.]+$/);
    const boxes = await cells.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { text: (element.textContent ?? '').trim(), left: box.left, right: box.right, width: box.width };
      }),
    );
    const width = page.viewportSize()?.width ?? 0;
    for (const box of boxes) {
      expect(box.width, `${label}: "${box.text}" is shown`).toBeGreaterThan(0);
      expect(box.left, `${label}: "${box.text}" starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${label}: "${box.text}" ends on the screen`).toBeLessThanOrEqual(width);
    }
  }
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
    // The mailed link with a token that is not one: the page's answer, measured once it has come.
    await visitor.goto(`/confirm-email/${userId}/not-a-real-token`);
    await expect(visitor.getByText('The address could not be confirmed')).toBeVisible();
    await checkPage(visitor, 'confirm email with a wrong link');
    visited.set('confirmEmail', `/confirm-email/${userId}/not-a-real-token`);
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
    await visit(page, visited, 'subscriptions', '/subscriptions');
    await visit(page, visited, 'newSubscription', '/subscriptions/new');
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
    await expectOrderLinesInView(page, 'confirm');
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
      ['admin.counter', '/admin/counter'],
      ['admin.subscriptions', '/admin/subscriptions'],
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

/** A shop's name as long as a shop board's, the "Sharma Sabzi Bhandar" cut at both widths. */
const LONG_NAME = 'Shree Sharma Sabzi Bhandar & Fresh Fruits';
/** The zone of NAGPUR's PIN code on that shop: a fee, and a minimum order the first cart falls short of. */
const NAGPUR_ZONE = {
  name: 'Sitabuldi',
  pinPrefixes: [NAGPUR.pinCode],
  minOrder: 150,
  deliveryFee: 20,
  freeAbove: null,
};
const WHATSAPP_NUMBER = '9822055501';

/** The header shows the shop's whole name: its text as saved, no ellipsis or clamp, every line of it on the screen. */
async function expectWholeShopName(page: Page, label: string): Promise<void> {
  const name = page
    .getByRole('banner')
    .getByRole('link', { name: `${LONG_NAME} home` })
    .getByText(LONG_NAME);
  await expect(name, `${label}: the shop's name in the header`).toBeVisible();
  const shown = await name.evaluate((element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
    // Every box that would clip the name (itself or an ancestor whose overflow is not visible).
    const clips: { tag: string; left: number; right: number; top: number; bottom: number }[] = [];
    for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
      const overflow = getComputedStyle(at);
      if (overflow.overflowX !== 'visible' || overflow.overflowY !== 'visible') {
        const clip = at.getBoundingClientRect();
        clips.push({ tag: at.tagName, left: clip.left, right: clip.right, top: clip.top, bottom: clip.bottom });
      }
    }
    return {
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
      text: (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      textOverflow: style.textOverflow,
      lineClamp: style.webkitLineClamp,
      overflowsX: element.scrollWidth > element.clientWidth + 0.5,
      lines: lines.map((rect) => ({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom })),
      box: { left: box.left, right: box.right },
      clips,
      innerWidth: window.innerWidth,
    };
  });
  const about = `${label}: ${JSON.stringify(shown)}`;
  expect(shown.text, `${label}: the name as shown`).toBe(LONG_NAME);
  expect(shown.textOverflow, `${label}: no ellipsis`).not.toBe('ellipsis');
  expect(['none', ''], `${label}: no line clamp`).toContain(shown.lineClamp);
  expect(shown.overflowsX, `the name is wider than its box; ${about}`).toBe(false);
  expect(shown.box.left).toBeGreaterThanOrEqual(0);
  expect(shown.box.right, `the name ends off the screen; ${about}`).toBeLessThanOrEqual(shown.innerWidth);
  for (const line of shown.lines) {
    expect(
      line.left >= shown.box.left - 0.5 && line.right <= shown.box.right + 0.5,
      `a line sticks out; ${about}`,
    ).toBe(true);
    expect(line.top >= 0 && line.right <= shown.innerWidth, `a line is off the screen; ${about}`).toBe(true);
    for (const clip of shown.clips) {
      const inside =
        line.left >= clip.left - 0.5 &&
        line.right <= clip.right + 0.5 &&
        line.top >= clip.top - 0.5 &&
        line.bottom <= clip.bottom + 0.5;
      expect(inside, `a line is cut off by <${clip.tag}>; ${about}`).toBe(true);
    }
  }
}

test.describe('a long-named shop on a server of its own', () => {
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startOwnServer({ seed: 'demo' });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('at 360 and 412 px: the whole name, the minimum as a note, the confirm table and the packed order with its WhatsApp box', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const api = await adminApi(server.baseURL);
    const expectOk = async (response: Awaited<ReturnType<APIRequestContext['put']>>) =>
      expect(response.ok(), await response.text()).toBe(true);
    await expectOk(await api.put('/api/admin/shop', { data: { name: LONG_NAME } }));
    await expectOk(await api.post('/api/admin/delivery/zones', { data: NAGPUR_ZONE }));

    // A shopper who chose WhatsApp with a number: the server has no Cloud API, so the admin's order
    // screen offers the message as a wa.me link, the packed order's message with the bill's link.
    const shopperApi = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const shopper = await registerShopper(shopperApi, 'Sunita');
    await expectOk(
      await shopperApi.post('/api/user/login', { data: { email: shopper.email, password: shopper.password } }),
    );
    await expectOk(
      await shopperApi.put('/api/user/my/notifications', {
        data: { email: true, whatsapp: true, whatsappNumber: WHATSAPP_NUMBER },
      }),
    );
    await shopperApi.dispose();

    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width, height: 800 },
        hasTouch: true,
      });
      const page = await context.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage });

      // A visitor and then the shopper: the whole name on every page on the way.
      await page.goto('/');
      await expectWholeShopName(page, `home at ${width} px`);
      await checkPage(page, `home of ${LONG_NAME}`);
      await shot('long-name-home', false);
      await page.goto('/products');
      await expectWholeShopName(page, `products at ${width} px`);
      await logIn(page, shopper.email, shopper.password);
      await expectWholeShopName(page, `home signed in at ${width} px`);

      // ₹38 + ₹68 = ₹106 against the zone's ₹150: said under the totals as soon as the PIN code's zone is known.
      await addToCart(page, 'tomato', 'Desi Tomato', '1 Kg');
      await addToCart(page, 'onion', 'Nashik Red Onion', '2 Kg');
      await page.goto('/Order/Checkout');
      await expectWholeShopName(page, `checkout at ${width} px`);
      await fillShipping(page, NAGPUR);
      const summary = page.getByRole('region', { name: 'Summary' });
      const note = summary.getByTestId('minimum-order-note');
      await expect(note).toHaveText('Minimum order ₹150: add ₹44 more to order');
      // Under the totals, not among the charges.
      await expect(summary.getByRole('definition').filter({ hasText: '₹150' })).toHaveCount(1);
      await expect(summary.getByRole('term').filter({ hasText: 'Minimum order' })).toHaveCount(1);
      const [totalBox, noteBox] = await Promise.all([
        summary.getByText('Total', { exact: true }).boundingBox(),
        note.boundingBox(),
      ]);
      expect(noteBox && totalBox && noteBox.y > totalBox.y, 'the minimum is a note under the Total').toBe(true);
      await checkPage(page, 'checkout short of the minimum');
      await shot('checkout-short');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'The minimum order for Sitabuldi is ₹150: add ₹44 more to order.' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/Order\/Checkout$/);

      // A mango more: the minimum is reached, and the note only says it.
      await addToCart(page, 'mango', 'Alphonso Mango', '1 Kg');
      await page.goto('/Order/Checkout');
      await fillShipping(page, NAGPUR);
      await expect(note).toHaveText('Minimum order ₹150');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveTitle(`Confirm Order | ${LONG_NAME}`);
      await expectWholeShopName(page, `confirm at ${width} px`);
      await checkPage(page, 'confirm on a long-named shop');
      await expectOrderLinesInView(page, `confirm at ${width} px`);
      await shot('confirm-lines');

      await page.getByRole('button', { name: 'Confirm Order' }).click();
      await expect(page).toHaveTitle(`Order Placed | ${LONG_NAME}`);
      await page.goto('/Order/MyOrder');
      await page.getByRole('link', { name: 'Get Order Details' }).first().click();
      await expect(page).toHaveURL(/\/Order\/OrderDetails\//);
      const orderId = page.url().split('/').pop() as string;
      await expectWholeShopName(page, `order details at ${width} px`);
      await context.close();

      // Packed as ordered: the WhatsApp message is now the final bill's, with its link.
      const order = (
        (await (await api.get(`/api/user/my/order/${orderId}`)).json()) as {
          order: { orderItems: { _id: string; quantity: number | string }[] };
        }
      ).order;
      await expectOk(
        await api.put(`/api/admin/orders/${orderId}/pack`, {
          data: {
            items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: String(item.quantity) })),
          },
        }),
      );

      const adminContext = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width, height: 800 },
        hasTouch: true,
      });
      const admin = await adminContext.newPage();
      await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.goto(`/admin/update/order/${orderId}`);
      const panel = admin.getByRole('region', { name: 'WhatsApp' });
      const send = panel.getByRole('link', { name: /^Send on WhatsApp to Sunita / });
      await expect(send).toHaveAttribute('href', new RegExp(`^https://wa\\.me/91${WHATSAPP_NUMBER}\\?text=`));
      await expect(panel.getByText(`/Order/OrderDetails/${orderId}`)).toBeVisible();
      await checkPage(admin, 'the packed order with its WhatsApp box');
      const measured = await admin.evaluate(() => ({
        scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(measured.scrollWidth, 'the admin order page scrolls no wider than the phone').toBeLessThanOrEqual(
        measured.innerWidth,
      );
      const panelBox = await panel.boundingBox();
      expect((panelBox?.x ?? 0) + (panelBox?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
      await admin.screenshot({ path: test.info().outputPath(`admin-order-whatsapp-${width}.png`), fullPage: true });
      await adminContext.close();
    }
    await api.dispose();
  });
});

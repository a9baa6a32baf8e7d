/**
 * Automated accessibility scan (axe-core) of every route of docs/product.md#screens: public pages
 * as a visitor, account pages and a filled checkout as a shopper, every admin screen as the admin.
 * A serious or critical violation fails the route. Every route is scanned in English and in Hindi
 * (the remembered choice set before the page loads).
 */
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { axe, E2E_ADMIN, registerShopper, type Shopper } from './support';

interface Ids {
  productId: string;
  productName: string;
  categoryId: string;
  categoryName: string;
  orderId: string;
  shopperId: string;
  /** The shop date of the order's delivery slot: the admin's day view is scanned on it. */
  slotDate: string;
}

// A third of all journeys, each route scanned on its own: spread over every worker (each worker
// runs the beforeAll below on its own server, decision 0054).
test.describe.configure({ mode: 'parallel' });

const shippingInfo = { address: '12 Market Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };
let shopper: Shopper;
let ids: Ids;

async function logInByApi(api: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await api.post('/api/user/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeAll(async ({ baseURL }) => {
  // In parallel mode each test is a group of its own, and Playwright runs this hook before every
  // one of them: the shopper, order, complaint and khata are made once per worker (on its server).
  if (ids) return;
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    shopper = await registerShopper(api, 'Axe');
    await logInByApi(api, shopper.email, shopper.password);
    const { products } = await (await api.get('/api/product/getAllProducts?limit=5')).json();
    const product = products.find((p: { stocks: number }) => p.stocks >= 5) ?? products[0];
    const placed = await api.post('/api/user/new/order', {
      data: {
        cartItems: [{ id: product._id, quantity: Number(product.kilogramOption[0].$numberDecimal) }],
        shippingInfo,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = await placed.json();
    // The demo shop has slot templates, so the order is booked into the earliest open slot.
    expect(order.deliverySlot, 'the order got a delivery slot').not.toBeNull();
    // A complaint about it, so the complaints pages are scanned with one (and the admin's reply form).
    const complained = await api.post('/api/user/complaints', {
      data: { orderId: order._id, subject: 'Bruised fruit', message: 'Some of the fruit arrived bruised.' },
    });
    expect(complained.status(), await complained.text()).toBe(201);
    const { user } = await (await api.get('/api/user/getloggeduser')).json();
    // A khata for the shopper, so My khata, the Khata screen and the account's page are scanned with one.
    const admin = await playwrightRequest.newContext({ baseURL });
    try {
      await logInByApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
      const opened = await admin.put(`/api/admin/khata/${user._id}`, { data: { creditLimit: 500 } });
      expect(opened.status(), await opened.text()).toBe(200);
    } finally {
      await admin.dispose();
    }
    ids = {
      productId: product._id,
      productName: product.name,
      categoryId: product.category._id,
      categoryName: product.category.categoryName,
      orderId: order._id,
      shopperId: user._id,
      slotDate: order.deliverySlot.date,
    };
  } finally {
    await api.dispose();
  }
});

/**
 * Opens a route, waits for its data to settle, and returns axe's serious and critical findings.
 * Pages behind a login must really open (not the login screen or the not-found page).
 */
async function scan(
  page: Page,
  route: string,
  options: { isGuarded?: boolean; prepare?: (page: Page) => Promise<void> } = {},
): Promise<string[]> {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  if (options.prepare) {
    await options.prepare(page);
    await page.waitForLoadState('networkidle');
  }
  await expect(page.getByText(/^(Loading|लोड हो रहा है)/)).toHaveCount(0);
  if (options.isGuarded) {
    await expect(page).not.toHaveTitle(/^(Login|404 Page Not Found|लॉग इन|404 पेज नहीं मिला)$/);
    expect(new URL(page.url()).pathname).toBe(route.split('?')[0]);
  }
  const results = await axe(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n      ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n      ')}`,
    );
}

function expectClean(route: string, findings: string[]) {
  expect(findings, `${route}:\n  ${findings.join('\n  ')}`).toEqual([]);
}

type RouteOf = [title: string, path: (ids: Ids) => string, prepare?: (page: Page, ids: Ids) => Promise<void>];

const visitorRoutes: RouteOf[] = [
  ['/', () => '/'],
  ['/products', () => '/products'],
  ['/products/{keyword}', () => '/products/mango'],
  [
    '/products?categoryId=&categoryName=',
    (i) => `/products?categoryId=${i.categoryId}&categoryName=${encodeURIComponent(i.categoryName)}`,
  ],
  ['/products/category/{categoryId}', (i) => `/products/category/${i.categoryId}`],
  ['/product/{productId}', (i) => `/product/${i.productId}`],
  ['/Order/Checkout (empty cart)', () => '/Order/Checkout'],
  ['/reviews/all', () => '/reviews/all'],
  ['/about', () => '/about'],
  ['/policies/{key}', () => '/policies/returns'],
  ['/policies/grievance', () => '/policies/grievance'],
  ['/rates', () => '/rates'],
  ['/Signup', () => '/Signup'],
  ['/Login', () => '/Login'],
  ['/Forget/Password', () => '/Forget/Password'],
  ['/reset-password/{id}/{token}', (i) => `/reset-password/${i.shopperId}/not-a-real-token`],
  ['not-found page', () => '/no-such-page'],
];

const shopperRoutes: RouteOf[] = [
  ['/Order/MyOrder', () => '/Order/MyOrder'],
  ['/Order/OrderDetails/{orderId}', (i) => `/Order/OrderDetails/${i.orderId}`],
  ['/review/add', () => '/review/add'],
  ['/RestPassword', () => '/RestPassword'],
  ['/account/addresses', () => '/account/addresses'],
  ['/account/lists', () => '/account/lists'],
  ['/account/notifications', () => '/account/notifications'],
  ['/account/data', () => '/account/data'],
  ['/account/complaints', () => '/account/complaints'],
  ['/account/complaints?orderId=', (i) => `/account/complaints?orderId=${i.orderId}`],
  ['/account/khata', () => '/account/khata'],
];

const adminRoutes: RouteOf[] = [
  ['/admin/home', () => '/admin/home'],
  ['/admin/products', () => '/admin/products'],
  ['/admin/add/products', () => '/admin/add/products'],
  ['/admin/view/products', () => '/admin/view/products'],
  ['/admin/update/products/{productId}', (i) => `/admin/update/products/${i.productId}`],
  ['/admin/add/category', () => '/admin/add/category'],
  ['/admin/view/category', () => '/admin/view/category'],
  ['/admin/update/category/{categoryId}', (i) => `/admin/update/category/${i.categoryId}`],
  ['/admin/view/orders', () => '/admin/view/orders'],
  ['/admin/update/order/{orderId}', (i) => `/admin/update/order/${i.orderId}`],
  ['/admin/view/users', () => '/admin/view/users'],
  ['/admin/update/{userId}', (i) => `/admin/update/${i.shopperId}`],
  ['/admin/view/reviews', () => '/admin/view/reviews'],
  // Shown on the day of the order's slot, so its bookings (and their links) are scanned at any hour:
  // today's slots may all be closed, and then the order is booked for a later day.
  [
    '/admin/delivery',
    () => '/admin/delivery',
    async (page, i) => {
      await page.locator('input[type="date"]').fill(i.slotDate);
      const openInTable = page.getByRole('link').filter({ hasText: /^(Open in the orders table|ऑर्डर तालिका में खोलें)$/ });
      await expect(openInTable.first()).toBeVisible();
    },
  ],
  // The run sheet of the order's slot date: its stop card, the cash close form and the closes.
  [
    '/admin/delivery/run',
    (i) => `/admin/delivery/run?date=${i.slotDate}`,
    async (page) => {
      await expect(page.getByText(/^(Stop 1|पड़ाव 1)$/)).toBeVisible({ timeout: 30_000 });
    },
  ],
  ['/admin/bills', () => '/admin/bills'],
  // Every policy opened, so its fields are scanned too (nothing is saved: the shared server stays the demo).
  [
    '/admin/shop',
    () => '/admin/shop',
    async (page) => {
      for (const summary of await page.locator('summary').all()) await summary.click();
    },
  ],
  ['/admin/complaints', () => '/admin/complaints'],
  // One account's actions opened, so the payment, statement and limit forms are scanned too.
  [
    '/admin/khata',
    () => '/admin/khata',
    async (page) => {
      await page
        .getByRole('button', { name: /^(Manage the khata of .*|.* का खाता संभालें)$/ })
        .first()
        .click();
      await expect(page.locator('#khata-manage')).toBeVisible();
    },
  ],
  ['/admin/khata/{userId}', (i) => `/admin/khata/${i.shopperId}`],
  // The coupon form and the list with their uses.
  [
    '/admin/coupons',
    () => '/admin/coupons',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  ],
  ['/admin/reports', () => '/admin/reports'],
  [
    '/admin/reports/margin',
    () => '/admin/reports/margin',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    },
  ],
  [
    '/admin/gst',
    () => '/admin/gst',
    async (page) => {
      await expect(
        page.getByText(/^(Matches the bills register to the paisa\.|बिल रजिस्टर से पैसे-पैसे तक मेल खाता है।)$/),
      ).toBeVisible({
        timeout: 30_000,
      });
    },
  ],
  ['/admin/rates', () => '/admin/rates'],
  // The counter: the choice of this browser's device, and the till itself when the shop has a device.
  [
    '/admin/counter',
    () => '/admin/counter',
    async (page) => {
      await expect(
        page.getByRole('heading', { name: /^(Which counter is this\?|यह कौन सा काउंटर है\?)$/ }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      const use = page.getByRole('button', { name: /^(Use on this browser|इस ब्राउज़र पर चलाएँ)$/ });
      if ((await use.count()) > 0) {
        await use.first().click();
        await expect(page.getByTestId('keypad-display')).toBeVisible();
      }
    },
  ],
  ['/admin/purchases', () => '/admin/purchases'],
  // A line and a charge filled, so the running figures are scanned too (nothing is saved).
  [
    '/admin/purchases/new',
    () => '/admin/purchases/new',
    async (page) => {
      await page.getByLabel(/^(Gross|कुल वज़न)$/).fill('10');
      await page.getByLabel(/^(Rate ₹ per unit|भाव ₹ प्रति इकाई)$/).fill('20');
    },
  ],
  ['/admin/suppliers', () => '/admin/suppliers'],
  ['/admin/wastage', () => '/admin/wastage'],
];

/** The interface language, remembered before any page script runs (as the switch leaves it). */
async function chooseLanguage(page: Page, language: 'en' | 'hi') {
  await page.addInitScript((chosen) => localStorage.setItem('mandi.language', chosen), language);
}

for (const language of ['en', 'hi'] as const) {
  test.describe(`as a visitor (${language})`, () => {
    test.beforeEach(async ({ page }) => chooseLanguage(page, language));

    for (const [title, path] of visitorRoutes) {
      test(title, async ({ page }) => {
        const route = path(ids);
        expectClean(route, await scan(page, route));
      });
    }
  });

  test.describe(`as a shopper (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await chooseLanguage(page, language);
      await logInByApi(page.request, shopper.email, shopper.password);
    });

    for (const [title, path] of shopperRoutes) {
      test(title, async ({ page }) => {
        const route = path(ids);
        expectClean(route, await scan(page, route, { isGuarded: true }));
      });
    }

    test('/Order/Checkout with a filled cart', async ({ page }) => {
      await page.goto('/about');
      await page.evaluate(
        async ({ productId }) => {
          const data = await (await fetch(`/api/product/getSingleProduct/${productId}`)).json();
          const p = data.product;
          const options = p.kilogramOption.map((o: { $numberDecimal: string }) => Number(o.$numberDecimal));
          const item = {
            id: p._id,
            name: p.name,
            rate: p.rate,
            stocks: p.stocks,
            kilogramOption: options,
            image: p.url,
            quantity: options[0],
          };
          localStorage.setItem('user-cart', JSON.stringify([item]));
        },
        { productId: ids.productId },
      );
      const findings = await scan(page, '/Order/Checkout', { isGuarded: true });
      await expect(page.getByText(ids.productName).first()).toBeVisible();
      expectClean('/Order/Checkout (filled cart)', findings);
    });
  });

  test.describe(`as the admin (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await chooseLanguage(page, language);
      await logInByApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    });

    for (const [title, path, prepare] of adminRoutes) {
      test(title, async ({ page }) => {
        const route = path(ids);
        const findings = await scan(page, route, {
          isGuarded: true,
          prepare: prepare && ((opened) => prepare(opened, ids)),
        });
        expectClean(route, findings);
      });
    }
  });
}

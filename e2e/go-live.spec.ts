/**
 * Journey, going live (issue 42, decision 0056), on a server of its own started as a real shop
 * would be: production mode, no demo data (`SEED=none`), its own public address and sender. The
 * owner names the shop, sets a delivery fee and a minimum, adds a category and a product; a shopper
 * orders on the khata. No shopper page, page head or mail says "free", "organic", "Mandi" or
 * "localhost", and the khata order never says cash.
 */
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import {
  confirmEmail,
  decodeMailText,
  E2E_ADMIN,
  fillShipping,
  logIn,
  type OwnServer,
  readMailIn,
  registerShopper,
  startOwnServer,
} from './support';

const SHOP = {
  name: 'Sharma Sabzi Bhandar',
  legalName: 'Sharma Sabzi Bhandar (Ramesh Sharma)',
  address: '14 Sitabuldi Market, Nagpur 440012',
  state: 'Maharashtra',
  phone: '9822033333',
  email: 'care@sharmasabzi.example',
};
const PUBLIC_URL = 'https://sharmasabzi.example';
/** What a real shop must not say unless it made it true: none of it is true of this one. */
const UNTRUE = /\bfree\b|organic|\bmandi\b|localhost/i;
/** A 1×1 picture, enough for the category and product forms. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    seed: 'none',
    env: { NODE_ENV: 'production', PUBLIC_URL, MAIL_FROM: 'orders@sharmasabzi.example' },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The owner's setup through the API the admin screens use: profile, a zone with a fee and a minimum, a product. */
async function setUpShop(admin: APIRequestContext): Promise<string> {
  const expectOk = async (response: Awaited<ReturnType<APIRequestContext['post']>>) =>
    expect(response.ok(), await response.text()).toBe(true);
  await expectOk(await admin.put('/api/admin/shop', { data: SHOP }));
  await expectOk(
    await admin.post('/api/admin/delivery/zones', {
      data: { name: 'Nagpur', pinPrefixes: ['440'], minOrder: 100, deliveryFee: 20, freeAbove: null },
    }),
  );
  await expectOk(
    await admin.post('/api/admin/delivery/slots', {
      data: {
        days: [0, 1, 2, 3, 4, 5, 6],
        start: '09:00',
        end: '11:00',
        capacity: null,
        cutoffMinutes: 0,
        zoneIds: [],
      },
    }),
  );
  await expectOk(await admin.post('/api/category/add', { data: { categoryName: 'Vegetables', categoryImage: PIXEL } }));
  const { Categories } = (await (await admin.get('/api/category/get')).json()) as {
    Categories: { _id: string }[];
  };
  const product = await admin.post('/api/product/add', {
    data: {
      name: 'Bhindi',
      rate: 80,
      stocks: 20,
      unit: 'kg',
      kilogramOption: [1, 2],
      category: Categories[0]?._id,
      image: PIXEL,
      hsnCode: '0709',
      gstRate: 0,
    },
  });
  await expectOk(product);
  return ((await product.json()) as { newProduct: { _id: string } }).newProduct._id;
}

/** What the page shows, as a person reads it (not hidden text, not the page's data scripts). */
// biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the rendered text, is what is asked.
const visibleText = (page: Page, where = 'body') => page.locator(where).first().innerText();

/** What a visitor, a search engine and a link preview read of a page: its text, title and meta tags. */
async function expectNothingUntrue(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('main, #root').first()).toBeVisible();
  // Wait for the page's own content rather than its loading overlay.
  await expect(page.getByText(/Loading\.\.!!/)).toHaveCount(0);
  const text = await visibleText(page);
  expect(text, `${url}: ${text.match(UNTRUE)?.[0]}`).not.toMatch(UNTRUE);
  const head = await page.evaluate(() =>
    [
      document.title,
      ...Array.from(document.querySelectorAll('meta[content]'), (meta) => meta.getAttribute('content')),
    ].join('\n'),
  );
  expect(head, `${url} head`).not.toMatch(UNTRUE);
}

test('a real shop says only what is true of it, in pages, page heads and mails; a khata order never says cash', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const login = await admin.post('/api/user/login', { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const productId = await setUpShop(admin);

  // The built page as served, before any script runs: what search engines and previews see.
  const raw = await (await admin.get('/')).text();
  expect(raw).toContain(`<title>${SHOP.name}</title>`);
  expect(/<meta name="description" content="([^"]*)"/.exec(raw)?.[1]).toMatch(/^Sharma Sabzi Bhandar: /);

  // A shopper with a khata.
  const api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const shopper = await registerShopper(api, 'Sunita');
  await confirmEmail(api, shopper.email, server.mailDir);
  const users = (await (await admin.get(`/api/user/admin/user?q=${encodeURIComponent(shopper.email)}`)).json()) as {
    AllUsers: { _id: string }[];
  };
  const userId = users.AllUsers[0]?._id as string;
  const opened = await admin.put(`/api/admin/khata/${userId}`, { data: { creditLimit: 2000 } });
  expect(opened.status(), await opened.text()).toBe(200);

  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  for (const url of ['/', '/products', `/product/${productId}`, '/rates', '/about', '/Signup', '/Login']) {
    await expectNothingUntrue(page, url);
  }
  for (const key of ['returns', 'refunds', 'delivery', 'privacy', 'terms', 'grievance']) {
    await expectNothingUntrue(page, `/policies/${key}`);
  }
  // The home page gives the shop's own terms.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: SHOP.name })).toBeVisible();
  await expect(page.locator('#features')).toContainText('Delivery ₹20; minimum order ₹100.');

  // The shopper orders on the khata.
  await logIn(page, shopper.email, shopper.password);
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.goto('/Order/Checkout');
  // 1 kg is ₹80, under the ₹100 minimum: 2 kg.
  await page.getByRole('combobox', { name: 'Quantity of Bhindi' }).selectOption({ label: '2 Kg' });
  await fillShipping(page, {
    address: '7, Sitabuldi Main Road',
    city: 'Nagpur',
    mobileNumber: '9822012345',
    pinCode: '440012',
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: /^Khata/ }).check();
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveTitle(`Order Placed | ${SHOP.name}`);
  // The order's own words (the footer's list of how the shop takes payment is the shop's, not the order's).
  expect(await visibleText(page, 'main')).not.toMatch(/cash/i);
  expect(await visibleText(page)).not.toMatch(UNTRUE);

  await page.goto('/Order/MyOrder');
  await page.getByRole('link', { name: 'Get Order Details' }).first().click();
  await expect(page).toHaveURL(/\/Order\/OrderDetails\//);
  await expect(page.getByText(/on the khata/i).first()).toBeVisible();
  expect(await visibleText(page, 'main')).not.toMatch(/cash/i);
  expect(await visibleText(page)).not.toMatch(UNTRUE);
  await expectNothingUntrue(page, '/Order/MyOrder');

  // The mails: the confirmation link and the order's, from the shop's name, linking to its public address.
  const orderMail = await readMailIn(server.mailDir, shopper.email, 'Thank you for your order');
  expect(orderMail).toContain(PUBLIC_URL);
  const fs = await import('node:fs');
  const path = await import('node:path');
  const mails = fs
    .readdirSync(server.mailDir)
    .map((file) => decodeMailText(fs.readFileSync(path.join(server.mailDir, file), 'utf8')));
  expect(mails.length).toBeGreaterThanOrEqual(2);
  for (const mail of mails) {
    expect(mail, mail.slice(0, 400)).not.toMatch(UNTRUE);
    expect(mail).toMatch(/^From: (?:"?Sharma Sabzi Bhandar"?) <orders@sharmasabzi\.example>/m);
  }

  await context.close();
  await api.dispose();
  await admin.dispose();
});

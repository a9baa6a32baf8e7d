/**
 * The hot reads answer from the response cache, yet every write is visible to the very next read.
 * The first suite follows a shopper and an admin through a few of them. The others are generated
 * from the cache declarations (`src/cache-registry.ts`, docs/decisions/0016-cache-declarations.md):
 * every route is either a declared cached read, a declared write, or listed here as changing no
 * cached read; and every declared write, run through each of its routes, leaves every declared
 * read (warmed first) answering what the same read answers from an app without a cache on the same
 * database. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the cache listens on
 * the invalidation bus).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHOP_UTC_OFFSET } from '@mandi/shared/kernel';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { CACHE_REGISTRY } from '../src/cache-registry.js';
import { products } from '../src/db/schema.js';
import { type CachedRead, type ModuleCache, ResponseCache } from '../src/lib/response-cache.js';
import { SHOP_SLOT } from '../src/lib/web-app.js';
import { body, buildTestApp, type TestApp } from './build-test-app.js';
import { createCategory, createProduct, createUser, TEST_PASSWORD } from './factories.js';
import { sessionCookie } from './test-sessions.js';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

type ProductBody = { product: { name: string; rate: number; stocks: number; category: { _id: string } } };
type ListBody = { products: { _id: string; name: string; rate: number }[]; productsDocCount: number };
type StatsBody = { ordersCount: number; usersCount: number; productsCount: number; deliveredAmount: number };
type OrdersBody = { myOrders: { _id: string; status: string }[] };

const get = async <T>(url: string, cookie?: string) => {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return body<T>(response);
};

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, {});
  adminCookie = await sessionCookie(t.db, admin.id);
  shopperCookie = await sessionCookie(t.db, shopper.id);
});
afterAll(() => t.close());

describe('reads served from memory stay fresh', () => {
  it('answers repeated reads with the same body, and an admin edit shows in the next listing and product', async () => {
    const product = await createProduct(t.db, { name: 'Nagpur Orange', rate: 90, stockKg: 30 });
    const listUrl = '/api/product/getAllProducts?keyword=nagpur';
    const first = await get<ListBody>(listUrl);
    expect(await get<ListBody>(listUrl)).toEqual(first);
    expect(first.products.map((p) => p.rate)).toEqual([90]);
    const single = await get<ProductBody>(`/api/product/getSingleProduct/${product.id}`);

    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/product/update/${product.id}`,
      headers: { cookie: adminCookie },
      payload: {
        name: 'Nagpur Orange',
        rate: '95.5',
        stocks: '30',
        kilogramOption: '1',
        category: single.product.category._id,
      },
    });
    expect(update.statusCode).toBe(200);
    expect((await get<ListBody>(listUrl)).products.map((p) => p.rate)).toEqual([95.5]);
    expect((await get<ProductBody>(`/api/product/getSingleProduct/${product.id}`)).product.rate).toBe(95.5);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/delete/${product.id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get<ListBody>(listUrl)).productsDocCount).toBe(0);
    const gone = await t.app.inject({ url: `/api/product/getSingleProduct/${product.id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('an order shows at once in the stock, in my orders, in its new status and in the dashboard counts', async () => {
    const product = await createProduct(t.db, { name: 'Alphonso Mango', rate: 400, stockKg: 10, weightsKg: [1, 2] });
    const productUrl = `/api/product/getSingleProduct/${product.id}`;
    expect((await get<ProductBody>(productUrl)).product.stocks).toBe(10);
    const ordersBefore = (await get<OrdersBody>('/api/user/my/orders', shopperCookie)).myOrders.length;
    const statsBefore = await get<StatsBody>('/api/user/admin/stats', adminCookie);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie },
      payload: { cartItems: [{ id: product.id, quantity: 2 }], shippingInfo: shipping },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = body<{ order: { _id: string } }>(placed).order._id;

    expect((await get<ProductBody>(productUrl)).product.stocks).toBe(8);
    const mine = await get<OrdersBody>('/api/user/my/orders', shopperCookie);
    expect(mine.myOrders).toHaveLength(ordersBefore + 1);
    expect(mine.myOrders[0]).toMatchObject({ _id: orderId, status: 'Processing' });
    expect((await get<StatsBody>('/api/user/admin/stats', adminCookie)).ordersCount).toBe(statsBefore.ordersCount + 1);

    for (const oStatus of ['Shipped', 'Delivered']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/user/update/order/${orderId}`,
        headers: { cookie: adminCookie },
        payload: { oStatus },
      });
      expect(moved.statusCode).toBe(200);
      expect((await get<OrdersBody>('/api/user/my/orders', shopperCookie)).myOrders[0]?.status).toBe(oStatus);
    }
    const statsAfter = await get<StatsBody>('/api/user/admin/stats', adminCookie);
    expect(statsAfter.deliveredAmount).toBe(statsBefore.deliveredAmount + 800);
  });

  it('a new account shows in the dashboard count at once', async () => {
    const before = (await get<StatsBody>('/api/user/admin/stats', adminCookie)).usersCount;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        firstName: 'Kavya',
        lastName: 'Iyer',
        email: 'kavya.fresh@example.com',
        password: 'Fresh-Produce-42',
        confirmPassword: 'Fresh-Produce-42',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect((await get<StatsBody>('/api/user/admin/stats', adminCookie)).usersCount).toBe(before + 1);
  });

  it('one shopper never sees another shopper’s cached orders', async () => {
    const other = await createUser(t.db, {});
    const otherCookie = await sessionCookie(t.db, other.id);
    await get<OrdersBody>('/api/user/my/orders', shopperCookie);
    expect((await get<OrdersBody>('/api/user/my/orders', otherCookie)).myOrders).toEqual([]);
  });
});

const DECLARED_READS: CachedRead<never>[] = CACHE_REGISTRY.flatMap((module) => Object.values(module.reads));
/** The app's pages are served by the not-found handler (lib/web-app.ts), not by a route of that name. */
const PAGES_ROUTE = 'GET /*';
/** Reads kept while another is built: every page carries the shop's profile (decision 0028). */
const INNER_READS: Readonly<Record<string, readonly string[]>> = {
  'shop.page': ['shop.profile'],
  // The dashboard's exact figures and its 30-day ones, which may lag (decision 0047): both at once.
  'dashboard.shopStats': ['dashboard.salesTrend', 'dashboard.shopStatsAnswer'],
  'dashboard.salesTrend': ['dashboard.shopStats', 'dashboard.shopStatsAnswer'],
  'dashboard.shopStatsAnswer': ['dashboard.shopStats', 'dashboard.salesTrend'],
  // A listing keeps which products it shows apart from their stock (decision 0046): both at once.
  'catalog.products': ['catalog.productMatches'],
  'catalog.productMatches': ['catalog.products'],
  // A product keeps its fields apart from its stock the same way.
  'catalog.product': ['catalog.productFields'],
  'catalog.productFields': ['catalog.product'],
  'shop.manifest': ['shop.profile'],
  // A product's page is made from the product's kept fields, as the product's answer is.
  'catalog.productPage': ['shop.profile', 'catalog.productFields'],
  'rates.today': ['shop.profile'],
  // Bills are figured with the shop's state and GSTIN.
  'margins.report': ['shop.profile'],
  'gst-return.gstr1': ['shop.profile'],
  // The reminder names the shop.
  'khata.accounts': ['shop.profile'],
};
const DECLARED_WRITES = CACHE_REGISTRY.flatMap((module) => Object.values(module.writes));
/** Reads that may lag (`refreshWithinMs`), and the reads served with one of them. */
const LAGGING_READS = new Set(
  DECLARED_READS.filter((read) => read.refreshWithinMs !== undefined).flatMap((read) => [
    read.name,
    ...(INNER_READS[read.name] ?? []),
  ]),
);
/** How long a lagging read's stale entry goes without a refill, at most. */
const LAGGING_REFILL_AFTER_MS = Math.max(0, ...DECLARED_READS.map((read) => read.refillAfterMs ?? 0));
/** The routes that write, with the declared writes each one makes. */
const WRITES_BY_ROUTE = new Map<string, string[]>();
for (const write of DECLARED_WRITES) {
  for (const route of write.routes) WRITES_BY_ROUTE.set(route, [...(WRITES_BY_ROUTE.get(route) ?? []), write.name]);
}

/** Writes that change nothing a cached read shows; a new write route must be declared or listed here. */
const CHANGES_NO_CACHED_READ = new Set([
  'POST /api/user/login',
  'POST /api/user/logOut',
  'PUT /api/user/changePassword',
  'PUT /api/user/language',
  'POST /api/user/send-reset-password-email',
  'POST /api/user/reset-password/:id/:token',
  // Whether an address is confirmed shows only on the Notifications page, read uncached.
  'POST /api/user/confirm-email/:id/:token',
  'POST /api/user/my/email-confirmation',
  // The address book is read uncached (one shopper's few rows).
  'POST /api/user/my/addresses',
  'PUT /api/user/my/addresses/:id',
  'DELETE /api/user/my/addresses/:id',
  // Usual, order again and the named lists are read uncached (decision 0042); the lists' writes touch only their tables.
  'POST /api/user/my/lists',
  'PUT /api/user/my/lists/:id',
  'DELETE /api/user/my/lists/:id',
  // Notifications (decision 0045) are read uncached; settings, reminders and statuses touch only their own tables.
  'PUT /api/user/my/notifications',
  'POST /api/admin/khata/:userId/whatsapp-reminder',
  'POST /api/notifications/whatsapp/webhook',
  // A cash close writes only its own table, which no cached read shows (decision 0033).
  'POST /api/admin/delivery/run/close',
  // Suppliers and their balances are read uncached (decision 0035); a payment writes only its own table.
  'POST /api/admin/suppliers/:id/payments',
  // Coupons are read uncached (decision 0044); an order keeps its coupon's terms, so a coupon's
  // writes change no order.
  'POST /api/admin/coupons',
  'PUT /api/admin/coupons/:id',
  'DELETE /api/admin/coupons/:id',
  // Counter devices and the barcode rules are read uncached (decision 0060).
  'POST /api/admin/counter/devices',
  'PUT /api/admin/counter/devices/:id',
  'PUT /api/admin/barcodes/rules',
  // Standing orders are read uncached (decision 0064); the shopper's changes touch only their tables.
  'POST /api/user/my/subscriptions',
  'PUT /api/user/my/subscriptions/:id',
  'DELETE /api/user/my/subscriptions/:id',
  'POST /api/user/my/subscriptions/:id/skips',
  'DELETE /api/user/my/subscriptions/:id/skips/:date',
  'POST /api/user/my/subscriptions/:id/pauses',
  'DELETE /api/user/my/subscriptions/:id/pauses/:pauseId',
]);

/** 12:00 in Kolkata on a Tuesday: today's evening slot is open, its morning is over. */
const NOW = new Date('2026-11-24T06:30:00Z');
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
const now = () => NOW;

type Request = { url: string; cookie?: string };
interface Scenario {
  /** The declared route it runs. */
  route: string;
  what: string;
  /** Writes that must happen before the reads are warmed (an order to cancel, say). */
  prepare?: () => Promise<void>;
  write: () => Promise<LightMyRequestResponse>;
  status?: number;
}

const routeOf = (method: string, url: string) => `${method} ${url}`;
const matchesRoute = (route: string, url: string) => {
  const pattern = (route.split(' ')[1] ?? '').replace(/:[^/]+/g, '[^/]+').replace(/\*$/, '.*');
  return new RegExp(`^${pattern}$`).test(url.split('?')[0] ?? '');
};

describe('the cache declarations, and every declared write against every declared read', () => {
  /** Its own database: every fixture is written before anything is cached. */
  let s: TestApp;
  /** The cache's clock: moved on past a lagging read's refill interval (decision 0053) after each write. */
  let clock = 0;
  const cache = new ResponseCache({ declared: CACHE_REGISTRY, maxAgeMs: 24 * 3_600_000, now: () => clock });
  const routes = new Set<string>();
  let uncached: FastifyInstance;
  let adminSession = '';
  let shopperSession = '';
  let picture = '';
  const ids = {
    category: '',
    emptyCategory: '',
    addedCategory: '',
    spinach: '',
    okra: '',
    mango: '',
    clerk: '',
    reviewer: '',
    author: '',
    pune: '',
    evening: '',
    mumbai: '',
    morning: '',
    complaint: '',
    shopper: '',
    counterDevice: '',
    counterSale: '',
  };
  const productIds: string[] = [];

  /** The requests that read each declared read: every declared read must have some. */
  const samples: Record<string, () => Request[]> = {
    'catalog.categories': () => [{ url: '/api/category/get' }],
    'catalog.recentProducts': () => [{ url: '/api/product/recent/products' }],
    'catalog.products': () => [
      { url: '/api/product/getAllProducts' },
      { url: '/api/product/getAllProducts?keyword=fresh' },
      { url: `/api/product/getAllProducts?category=${ids.category}` },
    ],
    // (A search word is a sample of `catalog.products`: each search counts against the address's budget.)
    'catalog.productMatches': () => [{ url: '/api/product/getAllProducts?page=2&limit=1' }],
    'catalog.suggestions': () => [{ url: '/api/product/suggest?q=fresh' }],
    'catalog.product': () => productIds.map((id) => ({ url: `/api/product/getSingleProduct/${id}` })),
    'catalog.productFields': () => productIds.map((id) => ({ url: `/api/product/getSingleProduct/${id}` })),
    'catalog.productPage': () => productIds.map((id) => ({ url: `/product/${id}` })),
    'catalog.adminProducts': () => [
      { url: '/api/admin/products', cookie: adminSession },
      { url: '/api/admin/products?page=1&limit=50&q=fresh&sort=stock', cookie: adminSession },
    ],
    'orders.mine': () => [{ url: '/api/user/my/orders', cookie: shopperSession }],
    'dashboard.shopStats': () => [{ url: '/api/user/admin/stats', cookie: adminSession }],
    'dashboard.salesTrend': () => [{ url: '/api/user/admin/stats', cookie: adminSession }],
    'dashboard.shopStatsAnswer': () => [{ url: '/api/user/admin/stats', cookie: adminSession }],
    'dashboard.today': () => [{ url: '/api/admin/dashboard/today', cookie: adminSession }],
    'dashboard.topProducts': () => [{ url: '/api/admin/dashboard/top-products', cookie: adminSession }],
    'margins.report': () => [
      { url: '/api/admin/reports/margin', cookie: adminSession },
      { url: '/api/admin/reports/margin?from=2026-11-01&to=2026-11-30', cookie: adminSession },
    ],
    'gst-return.gstr1': () => [
      { url: '/api/admin/gst/gstr1', cookie: adminSession },
      { url: '/api/admin/gst/gstr1?period=112026', cookie: adminSession },
    ],
    'khata.accounts': () => [
      { url: '/api/admin/khata', cookie: adminSession },
      { url: '/api/admin/khata?page=1&limit=50&q=meera', cookie: adminSession },
    ],
    'deliveryRun.sheet': () => [
      { url: '/api/admin/delivery/run', cookie: adminSession },
      { url: `/api/admin/delivery/run?date=${TOMORROW}`, cookie: adminSession },
    ],
    'weighing.picklist': () => [
      { url: '/api/admin/picklist', cookie: adminSession },
      { url: `/api/admin/picklist?date=${TOMORROW}`, cookie: adminSession },
    ],
    'delivery.pinCode': () => [{ url: '/api/delivery/pincode/411001' }, { url: '/api/delivery/pincode/400050' }],
    'delivery.terms': () => [{ url: '/api/delivery/terms' }],
    'delivery.slots': () => [
      { url: '/api/delivery/slots?pinCode=411001' },
      { url: '/api/delivery/slots?pinCode=400050' },
    ],
    'reviews.list': () => [{ url: '/api/user/get/reviews' }, { url: '/api/user/get/reviews?page=1&limit=2' }],
    'shop.profile': () => [{ url: '/api/shop' }],
    'rates.today': () => [{ url: '/api/rates/today' }, { url: '/api/rates/today?lang=hi' }],
    'rates.board': () => [{ url: '/api/admin/rates', cookie: adminSession }],
    'rates.boardPage': () => [
      { url: '/api/admin/rates?page=1&limit=2', cookie: adminSession },
      { url: '/api/admin/rates?page=2&limit=2', cookie: adminSession },
    ],
    'shop.page': () => [{ url: '/' }, { url: '/products' }, { url: '/Order/Checkout' }],
    'shop.manifest': () => [{ url: '/manifest.webmanifest' }],
    'accounts.adminUsers': () => [
      { url: '/api/user/admin/user', cookie: adminSession },
      { url: '/api/user/admin/user?page=1&limit=50&sort=role', cookie: adminSession },
    ],
  };
  const allReads = () =>
    DECLARED_READS.flatMap((read) =>
      (samples[read.name]?.() ?? []).map((request) => ({ read: read.name, ...request })),
    );

  const inject = (app: FastifyInstance, { url, cookie }: Request) =>
    app.inject({ url, headers: cookie ? { cookie } : {} });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: Record<string, unknown>) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    call(method, url, adminSession, payload);
  const expectStatus = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return response;
  };

  /** Places an order of okra for the shopper (its slot is chosen, or the earliest) and answers it. */
  async function placeOrder(kg = 1, extra: Record<string, unknown> = {}) {
    const placed = await call('POST', '/api/user/new/order', shopperSession, {
      cartItems: [{ id: ids.okra, quantity: kg }],
      shippingInfo: { ...shipping, pinCode: '411001' },
      ...extra,
    });
    return body<{ order: { _id: string; orderItems: { _id: string }[] } }>(expectStatus(placed, 201)).order;
  }
  const pack = (order: { _id: string; orderItems: { _id: string }[] }, packedQuantity: number) =>
    admin('PUT', `/api/admin/orders/${order._id}/pack`, {
      items: [{ _id: order.orderItems[0]?._id, packedQuantity }],
    });
  const review = (cookie: string, comment: string) =>
    call('POST', '/api/user/add/review', cookie, { comment, ratings: 4 });

  let current = { _id: '', orderItems: [] as { _id: string }[] };
  let reviewerSession = '';
  let authorSession = '';
  let leaverSession = '';
  /** Run in this order: each starts from the state the ones before it left. */
  const scenarios: Scenario[] = [
    {
      route: 'POST /api/category/add',
      what: 'a category added',
      status: 201,
      write: async () => {
        const added = await admin('POST', '/api/category/add', { categoryName: 'Fresh Herbs', categoryImage: picture });
        ids.addedCategory = body<{ newCategory: { _id: string } }>(added).newCategory._id;
        return added;
      },
    },
    {
      route: 'PUT /api/category/update/:id',
      what: 'a category renamed',
      write: () => admin('PUT', `/api/category/update/${ids.category}`, { categoryName: 'Fresh Leafy Greens' }),
    },
    {
      route: 'POST /api/product/add',
      what: 'a product added',
      status: 201,
      write: async () => {
        const added = await admin('POST', '/api/product/add', {
          name: 'Fresh Coriander',
          rate: '20',
          stocks: '5',
          kilogramOption: '1',
          category: ids.addedCategory,
          image: picture,
        });
        productIds.push(body<{ newProduct: { _id: string } }>(added).newProduct._id);
        return added;
      },
    },
    {
      route: 'PUT /api/product/update/:id',
      what: 'a product renamed, repriced and restocked',
      write: () =>
        admin('PUT', `/api/product/update/${ids.spinach}`, {
          name: 'Fresh Baby Spinach',
          rate: '35',
          stocks: '3',
          kilogramOption: '1',
          category: ids.category,
        }),
    },
    {
      route: 'PUT /api/admin/rates',
      what: 'two rates published on the rate board',
      write: () =>
        admin('PUT', '/api/admin/rates', {
          rates: [
            { productId: ids.spinach, rate: 33 },
            { productId: ids.okra, rate: '41.50' },
          ],
        }),
    },
    {
      route: 'PUT /api/admin/rates',
      what: 'a rate scheduled for tomorrow morning on the rate board',
      write: () =>
        admin('PUT', '/api/admin/rates', {
          rates: [{ productId: ids.spinach, rate: 35 }],
          effectiveAt: `${TOMORROW}T06:00:00${SHOP_UTC_OFFSET}`,
        }),
    },
    {
      route: 'DELETE /api/category/delete/:id',
      what: 'an empty category deleted',
      write: () => admin('DELETE', `/api/category/delete/${ids.emptyCategory}`),
    },
    {
      route: 'POST /api/admin/purchases',
      what: 'a purchase at the mandi (stock added, cost moved)',
      status: 201,
      write: () =>
        admin('POST', '/api/admin/purchases', {
          supplier: 'Fresh Reads Traders',
          date: TODAY,
          commissionPercent: 6,
          charges: [{ label: 'Transport', amount: 50 }],
          lines: [{ productId: ids.spinach, grossQuantity: 10, tareQuantity: 0.5, rate: 20 }],
        }),
    },
    {
      route: 'POST /api/admin/wastage',
      what: 'stock written off',
      status: 201,
      write: () => admin('POST', '/api/admin/wastage', { productId: ids.spinach, quantity: 2, reason: 'rotten' }),
    },
    {
      route: 'POST /api/admin/delivery/zones',
      what: 'a zone added (a PIN code becomes served)',
      status: 201,
      write: async () => {
        const added = await admin('POST', '/api/admin/delivery/zones', {
          name: 'Mumbai',
          pinPrefixes: ['400'],
          deliveryFee: 30,
        });
        ids.mumbai = body<{ zone: { _id: string } }>(added).zone._id;
        return added;
      },
    },
    {
      route: 'PUT /api/admin/delivery/zones/:id',
      what: 'a zone’s fee changed',
      write: () =>
        admin('PUT', `/api/admin/delivery/zones/${ids.pune}`, {
          name: 'Pune',
          pinPrefixes: ['411'],
          deliveryFee: 25,
          freeAbove: 400,
        }),
    },
    {
      route: 'POST /api/admin/delivery/slots',
      what: 'a slot template added',
      status: 201,
      write: async () => {
        const added = await admin('POST', '/api/admin/delivery/slots', {
          days: [0, 1, 2, 3, 4, 5, 6],
          start: '07:00',
          end: '09:00',
          capacity: 3,
          cutoffMinutes: 60,
        });
        ids.morning = body<{ slot: { _id: string } }>(added).slot._id;
        return added;
      },
    },
    {
      route: 'PUT /api/admin/delivery/slots/:id',
      what: 'a slot’s capacity changed',
      write: () =>
        admin('PUT', `/api/admin/delivery/slots/${ids.evening}`, {
          days: [0, 1, 2, 3, 4, 5, 6],
          start: '17:00',
          end: '19:00',
          capacity: 4,
          cutoffMinutes: 60,
          zoneIds: [ids.pune],
        }),
    },
    {
      route: 'POST /api/user/new/order',
      what: 'an order placed (stock taken, a slot booked)',
      status: 201,
      write: async () => {
        const placed = await call('POST', '/api/user/new/order', shopperSession, {
          cartItems: [{ id: ids.okra, quantity: 1 }],
          shippingInfo: { ...shipping, pinCode: '411001' },
        });
        current = body<{ order: typeof current }>(placed).order;
        return placed;
      },
    },
    {
      route: 'PUT /api/admin/orders/:id/pack',
      what: 'an order packed heavier than ordered (stock, amount due, bill number)',
      write: () => pack(current, 1.05),
    },
    {
      route: 'PUT /api/admin/orders/:id/pack',
      what: 'an order packed again, lighter',
      write: () => pack(current, 0.9),
    },
    {
      route: 'PUT /api/admin/orders/:id/payment',
      what: 'a payment recorded',
      write: () => admin('PUT', `/api/admin/orders/${current._id}/payment`, { method: 'Cash' }),
    },
    {
      route: 'PUT /api/user/update/order/:id',
      what: 'an order shipped',
      write: () => admin('PUT', `/api/user/update/order/${current._id}`, { oStatus: 'Shipped' }),
    },
    {
      route: 'PUT /api/user/update/order/:id',
      what: 'an order delivered',
      write: () => admin('PUT', `/api/user/update/order/${current._id}`, { oStatus: 'Delivered' }),
    },
    {
      route: 'PUT /api/user/my/order/:id/cancel',
      what: 'the shopper cancels (stock and slot given back)',
      prepare: async () => {
        current = await placeOrder(2);
      },
      write: () => call('PUT', `/api/user/my/order/${current._id}/cancel`, shopperSession),
    },
    {
      route: 'PUT /api/user/update/order/:id',
      what: 'an unpacked order shipped (packed at the ordered weights, numbered)',
      prepare: async () => {
        current = await placeOrder(1, { slotId: `${ids.evening}_${TODAY}` });
      },
      write: () => admin('PUT', `/api/user/update/order/${current._id}`, { oStatus: 'Shipped' }),
    },
    {
      route: 'PUT /api/user/update/order/:id',
      what: 'a shipped order cancelled by the admin (stock and slot given back)',
      write: () => admin('PUT', `/api/user/update/order/${current._id}`, { oStatus: 'Cancelled' }),
    },
    {
      route: 'DELETE /api/admin/delivery/slots/:id',
      what: 'a slot template deleted with its bookings',
      prepare: async () => {
        await placeOrder(1, { slotId: `${ids.morning}_${TOMORROW}` });
      },
      write: () => admin('DELETE', `/api/admin/delivery/slots/${ids.morning}`),
    },
    {
      route: 'DELETE /api/admin/delivery/zones/:id',
      what: 'a zone deleted',
      write: () => admin('DELETE', `/api/admin/delivery/zones/${ids.mumbai}`),
    },
    {
      route: 'DELETE /api/product/delete/:id',
      what: 'a product the shopper ordered deleted (its order lines lose their product id)',
      prepare: async () => {
        await placeOrder(1);
      },
      // Its single-product read stays among the samples: from now on a 404, cached or not.
      write: () => admin('DELETE', `/api/product/delete/${ids.okra}`),
    },
    {
      route: 'POST /api/user/add/review',
      what: 'a review added',
      status: 201,
      write: () => review(reviewerSession, 'Crisp okra, delivered early'),
    },
    {
      route: 'POST /api/user/add/review',
      what: 'a review replaced by its author',
      write: () => review(reviewerSession, 'Crisp okra, delivered on time'),
    },
    {
      route: 'DELETE /api/user/admin/review/:id',
      what: 'a review deleted by an admin',
      write: async () => {
        const listed = body<{ reviews: { _id: string }[] }>(await s.app.inject({ url: '/api/user/get/reviews' }));
        return admin('DELETE', `/api/user/admin/review/${listed.reviews[0]?._id}`);
      },
    },
    {
      route: 'POST /api/user/complaints',
      what: 'a complaint made (the dashboard’s open count)',
      status: 201,
      write: async () => {
        const made = await call('POST', '/api/user/complaints', shopperSession, {
          subject: 'Spoilt okra',
          message: 'The okra was soft and brown.',
        });
        ids.complaint = body<{ complaint: { _id: string } }>(made).complaint._id;
        return made;
      },
    },
    {
      route: 'PUT /api/admin/complaints/:id',
      what: 'a complaint resolved (the dashboard’s open count)',
      write: () => admin('PUT', `/api/admin/complaints/${ids.complaint}`, { status: 'Resolved', reply: 'Refunded.' }),
    },
    {
      route: 'POST /api/user/register',
      what: 'an account registered',
      status: 201,
      write: () =>
        s.app.inject({
          method: 'POST',
          url: '/api/user/register',
          payload: {
            firstName: 'Ravi',
            lastName: 'Menon',
            email: 'ravi.fresh@example.com',
            password: 'Fresh-Produce-42',
            confirmPassword: 'Fresh-Produce-42',
          },
        }),
    },
    {
      route: 'PUT /api/user/admin/user/:id',
      what: 'a role changed',
      write: () => admin('PUT', `/api/user/admin/user/${ids.clerk}`, { UserRole: 'Admin' }),
    },
    {
      route: 'PUT /api/admin/khata/:userId',
      what: 'a khata opened for the shopper',
      write: () => admin('PUT', `/api/admin/khata/${ids.shopper}`, { creditLimit: 1000, mobile: '9876543210' }),
    },
    {
      route: 'POST /api/admin/khata/:userId/payments',
      what: 'a cash payment credited to the khata (an advance)',
      status: 201,
      write: () => admin('POST', `/api/admin/khata/${ids.shopper}/payments`, { amount: 50, method: 'Cash' }),
    },
    {
      route: 'POST /api/admin/khata/:userId/payouts',
      what: 'part of the advance paid back',
      status: 201,
      write: () => admin('POST', `/api/admin/khata/${ids.shopper}/payouts`, { amount: 20, method: 'Cash' }),
    },
    {
      route: 'POST /api/admin/counter/sales',
      what: 'a sale at the counter (delivered, billed and paid at once; stock taken)',
      status: 201,
      prepare: async () => {
        const device = await admin('POST', '/api/admin/counter/devices', { name: 'Front counter' });
        ids.counterDevice = body<{ device: { _id: string } }>(expectStatus(device, 201)).device._id;
      },
      write: async () => {
        const sold = await admin('POST', '/api/admin/counter/sales', {
          deviceId: ids.counterDevice,
          clientSaleId: '6f1d3c2a-8b4e-4f7a-9c1d-2e3f4a5b6c7d',
          sequence: 1,
          soldAt: NOW.toISOString(),
          lines: [{ productId: ids.mango, quantity: 1.5, source: 'scale' }],
          tenders: [{ method: 'Cash', amount: 600 }],
        });
        ids.counterSale = body<{ sale: { orderId: string } }>(sold).sale?.orderId ?? '';
        return sold;
      },
    },
    {
      route: 'POST /api/admin/counter/sales/:orderId/cancel',
      what: 'a counter sale taken back with its cash refunded (stock back)',
      write: () =>
        admin('POST', `/api/admin/counter/sales/${ids.counterSale}/cancel`, {
          reason: 'Returned',
          refund: { method: 'Cash', reference: '' },
        }),
    },
    {
      route: 'POST /api/admin/subscriptions/run',
      what: "tomorrow's standing orders made by hand (an order, its stock, its slot)",
      prepare: async () => {
        const saved = await call('POST', '/api/user/my/addresses', shopperSession, {
          label: 'Home',
          ...shipping,
          pinCode: '411001',
        });
        const addressId = body<{ address: { _id: string } }>(expectStatus(saved, 201)).address._id;
        expectStatus(
          await call('POST', '/api/user/my/subscriptions', shopperSession, {
            productId: ids.mango,
            quantity: 1,
            schedule: { kind: 'daily', startDate: TOMORROW },
            addressId,
          }),
          201,
        );
      },
      write: () => admin('POST', '/api/admin/subscriptions/run', { date: TOMORROW }),
    },
    {
      route: 'POST /api/admin/closed-dates',
      what: 'a day closed: its slots are no longer offered',
      status: 201,
      write: () => admin('POST', '/api/admin/closed-dates', { date: '2026-11-27', note: 'Holiday' }),
    },
    {
      route: 'DELETE /api/admin/closed-dates/:date',
      what: 'the closed day opened again: its slots are offered',
      write: () => admin('DELETE', '/api/admin/closed-dates/2026-11-27'),
    },
    {
      route: 'PUT /api/admin/shop',
      what: 'the shop profile saved (every page and the bills name the new shop)',
      write: () => admin('PUT', '/api/admin/shop', { name: 'Fresh Sabzi', fssaiNumber: '10020011000123' }),
    },
    {
      route: 'DELETE /api/user/admin/user/:id',
      what: 'a user deleted with their review',
      prepare: async () => {
        expectStatus(await review(authorSession, 'Sweet mangoes'), 201);
      },
      write: () => admin('DELETE', `/api/user/admin/user/${ids.author}`),
    },
    {
      route: 'DELETE /api/user/me',
      what: 'a shopper deleting their own account, with their review',
      prepare: async () => {
        expectStatus(await review(leaverSession, 'Leaving, but the okra was good'), 201);
      },
      write: () => call('DELETE', '/api/user/me', leaverSession, { password: TEST_PASSWORD }),
    },
  ];

  beforeAll(async () => {
    // A product's page is written from the built index.html: a small stand-in for the build.
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-fresh-reads-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><meta name="description" content="Mandi" /><title>Mandi</title>${SHOP_SLOT}</head><body></body></html>`,
    );
    s = await buildTestApp(
      // A GST-registered shop, so GSTR-1 is answered (and bills carry tax). No standing-order
      // clock: its look as the app starts reads the shop profile through the cache, and with the
      // database in its own thread (decision 0065) that look may still run beside the first samples.
      {
        WEB_DIST_DIR: webDist,
        SHOP_STATE: 'Karnataka',
        SHOP_GSTIN: '29AAJCM4321F1ZJ',
        STANDING_ORDERS_CLOCK: 'off',
      },
      {
        cache,
        now,
        onRoute: (route) => {
          for (const method of [route.method].flat()) routes.add(routeOf(method, route.url));
        },
      },
    );
    adminSession = await sessionCookie(s.db, (await createUser(s.db, { role: 'Admin' })).id);
    ids.shopper = (await createUser(s.db, { firstName: 'Meera' })).id;
    shopperSession = await sessionCookie(s.db, ids.shopper);
    const category = await createCategory(s.db, 'Fresh Greens');
    ids.category = category.id;
    ids.emptyCategory = (await createCategory(s.db, 'Fresh Nothing')).id;
    ids.spinach = (await createProduct(s.db, { name: 'Fresh Spinach', categoryId: category.id, weightsKg: [1] })).id;
    ids.okra = (await createProduct(s.db, { name: 'Fresh Okra', rate: 60, stockKg: 9, weightsKg: [1, 2] })).id;
    ids.mango = (await createProduct(s.db, { name: 'Alphonso Mango', rate: 400, stockKg: 4, weightsKg: [1] })).id;
    productIds.push(ids.spinach, ids.okra, ids.mango);
    ids.clerk = (await createUser(s.db, { firstName: 'Clerk' })).id;
    const reviewer = await createUser(s.db, { firstName: 'Asha' });
    const author = await createUser(s.db, { firstName: 'Kiran' });
    ids.author = author.id;
    reviewerSession = await sessionCookie(s.db, reviewer.id);
    authorSession = await sessionCookie(s.db, author.id);
    leaverSession = await sessionCookie(s.db, (await createUser(s.db, { firstName: 'Leela' })).id);
    const pune = await admin('POST', '/api/admin/delivery/zones', {
      name: 'Pune',
      pinPrefixes: ['411'],
      deliveryFee: 40,
    });
    ids.pune = body<{ zone: { _id: string } }>(expectStatus(pune, 201)).zone._id;
    const evening = await admin('POST', '/api/admin/delivery/slots', {
      days: [0, 1, 2, 3, 4, 5, 6],
      start: '17:00',
      end: '19:00',
      capacity: 5,
      cutoffMinutes: 60,
      zoneIds: [ids.pune],
    });
    ids.evening = body<{ slot: { _id: string } }>(expectStatus(evening, 201)).slot._id;
    // An order before anything is cached: the lists and counts have something to show.
    await placeOrder(1);
    // The same database, no response cache: what every read must answer.
    uncached = await buildApp({ config: { ...s.config, responseCacheMb: 0 }, db: s.db, logger: false, now });
    await uncached.ready();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a9d3a' } })
      .png()
      .toBuffer();
    picture = `data:image/png;base64,${png.toString('base64')}`;
    // On PostgreSQL nothing is kept until the cache listens on the invalidation bus.
    const deadline = Date.now() + 10_000;
    while (cache.size === 0 && Date.now() < deadline) {
      await inject(s.app, { url: '/api/category/get' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await uncached?.close();
    await s?.close();
  });

  it('every *.cache.ts of a module is in the registry, and every name is unique', async () => {
    const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
    const files = fs
      .readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.cache.ts'));
    const declared: ModuleCache[] = [];
    for (const file of files) {
      const exported = (await import(path.join(modulesDir, file))) as Record<string, unknown>;
      declared.push(...(Object.values(exported) as ModuleCache[]).filter((value) => value && 'reads' in value));
    }
    expect(declared.map((module) => module.module).sort()).toEqual(
      CACHE_REGISTRY.map((module) => module.module).sort(),
    );
    for (const module of declared) expect(CACHE_REGISTRY).toContain(module);
    const names = [...DECLARED_READS, ...DECLARED_WRITES].map((item) => item.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('every declared route exists; every write route is declared or listed as changing no cached read', () => {
    const declaredRoutes = [...DECLARED_READS.map((read) => read.route), ...WRITES_BY_ROUTE.keys()];
    expect(declaredRoutes.filter((route) => !routes.has(route) && route !== PAGES_ROUTE)).toEqual([]);
    for (const route of DECLARED_READS.map((read) => read.route)) expect(route).toMatch(/^GET /);
    const writeRoutes = [...routes].filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
    expect(writeRoutes.filter((route) => !WRITES_BY_ROUTE.has(route) && !CHANGES_NO_CACHED_READ.has(route))).toEqual(
      [],
    );
    expect([...CHANGES_NO_CACHED_READ].filter((route) => !routes.has(route) || WRITES_BY_ROUTE.has(route))).toEqual([]);
  });

  it('every declared read has sample requests, each served through that read and kept', async () => {
    expect(DECLARED_READS.filter((read) => !samples[read.name]).map((read) => read.name)).toEqual([]);
    expect(Object.keys(samples).filter((name) => !DECLARED_READS.some((read) => read.name === name))).toEqual([]);
    for (const read of DECLARED_READS) {
      for (const request of samples[read.name]?.() ?? []) {
        expect(matchesRoute(read.route, request.url), `${request.url} is not ${read.route}`).toBe(true);
        // Work after an earlier answer (an order's mail names the shop) reads the profile through
        // this cache: it is done before the cache is emptied, so only this request's reads are kept.
        await s.settle();
        cache.clear();
        // Twice: a one-off prone answer (a search word) is kept on its second request (decision 0039).
        expectStatus(await inject(s.app, request), 200);
        expectStatus(await inject(s.app, request), 200);
        expect(cache.storedReads(), request.url).toEqual(new Set([read.name, ...(INNER_READS[read.name] ?? [])]));
      }
    }
  });

  it('no other read route keeps anything in the cache (an undeclared cached read is refused)', async () => {
    const declared = new Set(DECLARED_READS.map((read) => read.route));
    // GET /api/user/logOut logs out (kept for old clients): it is a write, listed above as POST.
    const others = [...routes].filter(
      (route) => route.startsWith('GET /api/') && !declared.has(route) && route !== 'GET /api/user/logOut',
    );
    expect(others.length).toBeGreaterThan(10);
    for (const route of others) {
      const url = (route.split(' ')[1] ?? '').replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
      cache.clear();
      const answer = await inject(s.app, { url, cookie: adminSession });
      // The shop's profile is a declared read of its own that bills and mails read through (decision 0028).
      const kept = [...cache.storedReads()].filter((name) => name !== 'shop.profile');
      expect({ route, isAnswered: answer.statusCode < 500, kept }).toEqual({ route, isAnswered: true, kept: [] });
    }
  });

  it('every route of every declared write has a scenario below', () => {
    const covered = new Set(scenarios.map((scenario) => scenario.route));
    expect([...WRITES_BY_ROUTE.keys()].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !WRITES_BY_ROUTE.has(route))).toEqual([]);
  });

  for (const scenario of scenarios) {
    const writes = (WRITES_BY_ROUTE.get(scenario.route) ?? []).join(', ');
    it(`${scenario.route} (${writes}): after ${scenario.what}, every cached read is fresh`, async () => {
      await scenario.prepare?.();
      const reads = allReads();
      for (const request of reads) await inject(s.app, request);
      // Again for the reads with one-off prone answers: kept on their second request (decision 0039).
      const oneOffProne = new Set(DECLARED_READS.filter((read) => read.oneOff).map((read) => read.name));
      for (const request of reads.filter((request) => oneOffProne.has(request.read))) await inject(s.app, request);
      // Every declared read is warm, so a write that forgets a tag shows as a stale answer below.
      const stored = cache.storedReads();
      expect(DECLARED_READS.map((read) => read.name).filter((name) => !stored.has(name))).toEqual([]);

      expectStatus(await scenario.write(), scenario.status ?? 200);
      // A read that may lag (decision 0047) is fresh from the request after the one that refills
      // it, which is the first one once its refill interval has passed (decision 0053).
      clock += LAGGING_REFILL_AFTER_MS;
      for (const request of reads.filter((request) => LAGGING_READS.has(request.read))) await inject(s.app, request);
      await cache.refilled();

      const stale: { read: string; url: string; cached: string; fresh: string }[] = [];
      for (const request of reads) {
        const [cached, fresh] = await Promise.all([inject(s.app, request), inject(uncached, request)]);
        if (cached.statusCode !== fresh.statusCode || cached.body !== fresh.body) {
          stale.push({ read: request.read, url: request.url, cached: cached.body, fresh: fresh.body });
        }
      }
      expect(stale).toEqual([]);
    });
  }
});

describe('the safety lifetime', () => {
  let t: TestApp;
  let clock = 0;
  const cache = new ResponseCache({ declared: CACHE_REGISTRY, maxAgeMs: 300_000, now: () => clock });

  beforeAll(async () => {
    t = await buildTestApp({}, { cache });
  });
  afterAll(() => t?.close());

  it('bounds a change no invalidation told this process about', async () => {
    const product = await createProduct(t.db, { name: 'Shelf Banana', rate: 50, stockKg: 5 });
    const url = `/api/product/getSingleProduct/${product.id}`;
    const nameNow = async () => body<ProductBody>(await t.app.inject({ url })).product.name;
    // Kept (on PostgreSQL, once the cache listens on the bus).
    await expect
      .poll(async () => (await nameNow()) === 'Shelf Banana' && cache.storedReads().has('catalog.product'), {
        timeout: 10_000,
      })
      .toBe(true);
    // A change behind the app's back: no unit of work, so no invalidation anywhere.
    await t.db.update(products).set({ name: 'Robusta Banana' }).where(eq(products.id, product.id));
    clock = 299_999;
    expect(await nameNow()).toBe('Shelf Banana');
    clock = 300_000;
    expect(await nameNow()).toBe('Robusta Banana');
  });

  it('is five minutes unless RESPONSE_CACHE_MAX_AGE_SECONDS says otherwise', async () => {
    expect(t.config.responseCacheMaxAgeSeconds).toBe(300);
    const { loadConfig } = await import('../src/config.js');
    expect(loadConfig({ RESPONSE_CACHE_MAX_AGE_SECONDS: '60' }).responseCacheMaxAgeSeconds).toBe(60);
  });
});

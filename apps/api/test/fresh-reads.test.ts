/**
 * The hot reads answer from the response cache, yet every write is visible to the very next read:
 * catalogue edits, stock taken by an order, a shopper's new order and its status, and the
 * dashboard counts. The last suite runs every write route and compares every cached read with the
 * same read from an app without a cache on the same database.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { body, buildTestApp, type TestApp } from './build-test-app.js';
import { createCategory, createProduct, createUser } from './factories.js';
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

describe('every write route leaves every cached read fresh', () => {
  /** Its own database: every fixture is written before anything is cached. */
  let s: TestApp;
  let adminSession: string;
  let uncached: FastifyInstance;
  let fixtures: {
    category: { id: string };
    emptyCategory: { id: string };
    spinach: { id: string };
    okra: { id: string };
    clerk: { id: string };
    reviewer: { id: string };
    author: { id: string };
  };
  let picture: string;
  const reads: { url: string; cookie?: () => string }[] = [];
  const productIds: string[] = [];

  beforeAll(async () => {
    s = await buildTestApp();
    adminSession = await sessionCookie(s.db, (await createUser(s.db, { role: 'Admin' })).id);
    const category = await createCategory(s.db, 'Fresh Greens');
    fixtures = {
      category,
      emptyCategory: await createCategory(s.db, 'Fresh Nothing'),
      spinach: await createProduct(s.db, { name: 'Fresh Spinach', categoryId: category.id, weightsKg: [1] }),
      okra: await createProduct(s.db, { name: 'Fresh Okra', rate: 60, stockKg: 9, weightsKg: [1] }),
      clerk: await createUser(s.db, { firstName: 'Clerk' }),
      reviewer: await createUser(s.db, { firstName: 'Asha' }),
      author: await createUser(s.db, { firstName: 'Kiran' }),
    };
    productIds.push(fixtures.spinach.id, fixtures.okra.id);
    // The same database, no response cache: what every read must answer.
    uncached = await buildApp({ config: { ...s.config, responseCacheMb: 0 }, db: s.db, logger: false });
    await uncached.ready();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a9d3a' } })
      .png()
      .toBuffer();
    picture = `data:image/png;base64,${png.toString('base64')}`;
    const shopper = await createUser(s.db, { firstName: 'Meera' });
    const shopperSession = await sessionCookie(s.db, shopper.id);
    reads.push(
      { url: '/api/category/get' },
      { url: '/api/product/recent/products' },
      { url: '/api/product/getAllProducts' },
      { url: '/api/product/getAllProducts?keyword=fresh' },
      { url: '/api/user/my/orders', cookie: () => shopperSession },
      { url: '/api/user/admin/stats', cookie: () => adminSession },
      { url: '/api/user/get/reviews' },
      { url: '/api/user/get/reviews?page=1&limit=2' },
      { url: '/api/admin/products', cookie: () => adminSession },
      { url: '/api/admin/products?page=1&limit=50&q=fresh&sort=stock', cookie: () => adminSession },
      { url: '/api/user/admin/user?page=1&limit=50&sort=role', cookie: () => adminSession },
    );
  });
  afterAll(async () => {
    await uncached?.close();
    await s?.close();
  });

  const inject = (app: FastifyInstance, url: string, cookie?: string) =>
    app.inject({ url, headers: cookie ? { cookie } : {} });
  const readAll = () => [
    ...reads,
    ...productIds.map((id) => ({ url: `/api/product/getSingleProduct/${id}`, cookie: undefined })),
  ];
  /** Fills the cache with every read, runs the write, then checks every read against the database. */
  async function expectFreshAfter(write: () => Promise<{ statusCode: number }>, status = 200) {
    for (const read of readAll()) await inject(s.app, read.url, read.cookie?.());
    expect((await write()).statusCode).toBe(status);
    for (const read of readAll()) {
      const [cached, fresh] = await Promise.all([
        inject(s.app, read.url, read.cookie?.()),
        inject(uncached, read.url, read.cookie?.()),
      ]);
      expect({ url: read.url, status: cached.statusCode, body: cached.body }).toEqual({
        url: read.url,
        status: fresh.statusCode,
        body: fresh.body,
      });
    }
  }
  const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    s.app.inject({ method, url, headers: { cookie: adminSession }, ...(payload ? { payload } : {}) });

  it('catalogue writes: categories and products added, renamed, changed and deleted', async () => {
    const { category, spinach, emptyCategory } = fixtures;

    let addedId = '';
    await expectFreshAfter(async () => {
      const added = await admin('POST', '/api/category/add', { categoryName: 'Fresh Herbs', categoryImage: picture });
      addedId = body<{ newCategory: { _id: string } }>(added).newCategory._id;
      return added;
    }, 201);
    await expectFreshAfter(() =>
      admin('PUT', `/api/category/update/${category.id}`, { categoryName: 'Fresh Leafy Greens' }),
    );
    await expectFreshAfter(async () => {
      const added = await admin('POST', '/api/product/add', {
        name: 'Fresh Coriander',
        rate: '20',
        stocks: '5',
        kilogramOption: '1',
        category: addedId,
        image: picture,
      });
      productIds.push(body<{ newProduct: { _id: string } }>(added).newProduct._id);
      return added;
    }, 201);
    await expectFreshAfter(() =>
      admin('PUT', `/api/product/update/${spinach.id}`, {
        name: 'Fresh Baby Spinach',
        rate: '35',
        stocks: '12',
        kilogramOption: '1',
        category: category.id,
      }),
    );
    await expectFreshAfter(() => admin('DELETE', `/api/category/delete/${emptyCategory.id}`));
  });

  it('order writes, and deleting a product a shopper ordered (its lines lose their product id)', async () => {
    const { okra } = fixtures;
    const shopperSession = reads.find((read) => read.url === '/api/user/my/orders')?.cookie?.() ?? '';
    let orderId = '';
    await expectFreshAfter(async () => {
      const placed = await s.app.inject({
        method: 'POST',
        url: '/api/user/new/order',
        headers: { cookie: shopperSession },
        payload: { cartItems: [{ id: okra.id, quantity: 1 }], shippingInfo: shipping },
      });
      orderId = body<{ order: { _id: string } }>(placed).order._id;
      return placed;
    }, 201);
    await expectFreshAfter(() => admin('PUT', `/api/user/update/order/${orderId}`, { oStatus: 'Shipped' }));

    // Weighing: packing (stock and the amount due change), packing again, the shopper's cancel and
    // an admin's cancel (stock comes back).
    const placeOkra = async () => {
      const placed = await s.app.inject({
        method: 'POST',
        url: '/api/user/new/order',
        headers: { cookie: shopperSession },
        payload: { cartItems: [{ id: okra.id, quantity: 1 }], shippingInfo: shipping },
      });
      expect(placed.statusCode).toBe(201);
      return body<{ order: { _id: string; orderItems: { _id: string }[] } }>(placed).order;
    };
    const weighed = await placeOkra();
    const packTo = (packedQuantity: number) =>
      admin('PUT', `/api/admin/orders/${weighed._id}/pack`, {
        items: [{ _id: weighed.orderItems[0]?._id, packedQuantity }],
      });
    await expectFreshAfter(() => packTo(1.05));
    await expectFreshAfter(() => packTo(0.9));
    await expectFreshAfter(() =>
      s.app.inject({
        method: 'PUT',
        url: `/api/user/my/order/${weighed._id}/cancel`,
        headers: { cookie: shopperSession },
      }),
    );
    const unwanted = await placeOkra();
    await expectFreshAfter(() => admin('PUT', `/api/user/update/order/${unwanted._id}`, { oStatus: 'Cancelled' }));

    await expectFreshAfter(() => admin('DELETE', `/api/product/delete/${okra.id}`));
    // The list and the single-order read agree: the line is kept, without its product.
    const single = await inject(s.app, `/api/user/my/order/${orderId}`, shopperSession);
    const line = body<{ order: { orderItems: { productId: string | null }[] } }>(single).order.orderItems[0];
    expect(line?.productId).toBeNull();
    const mine = body<{ myOrders: { _id: string; orderItems: { productId: string | null }[] }[] }>(
      await inject(s.app, '/api/user/my/orders', shopperSession),
    );
    expect(mine.myOrders.find((order) => order._id === orderId)?.orderItems[0]?.productId).toBeNull();
  });

  it('review writes: added, replaced, deleted by the admin, and gone with their author', async () => {
    const post = (cookie: string, comment: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/user/add/review',
        headers: { cookie },
        payload: { comment, ratings: 4 },
      });
    const reviewer = await sessionCookie(s.db, fixtures.reviewer.id);
    await expectFreshAfter(() => post(reviewer, 'Crisp okra, delivered early'), 201);
    await expectFreshAfter(() => post(reviewer, 'Crisp okra, delivered on time'));
    const listed = body<{ reviews: { _id: string }[] }>(await s.app.inject({ url: '/api/user/get/reviews' }));
    const reviewId = listed.reviews[0]?._id ?? '';
    await expectFreshAfter(() => admin('DELETE', `/api/user/admin/review/${reviewId}`));

    const { author } = fixtures;
    await expectFreshAfter(async () => post(await sessionCookie(s.db, author.id), 'Sweet mangoes'), 201);
    await expectFreshAfter(() => admin('DELETE', `/api/user/admin/user/${author.id}`));
  });

  it('account writes: registering, changing a role and deleting a user', async () => {
    await expectFreshAfter(
      () =>
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
      201,
    );
    const { clerk } = fixtures;
    await expectFreshAfter(() => admin('PUT', `/api/user/admin/user/${clerk.id}`, { UserRole: 'Admin' }));
    await expectFreshAfter(() => admin('DELETE', `/api/user/admin/user/${clerk.id}`));
  });
});

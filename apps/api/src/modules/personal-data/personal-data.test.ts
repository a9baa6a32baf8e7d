/**
 * Personal data (contract "Personal data", decision 0031): the download holds the shopper's own
 * data and nothing else (no password hash, no session token, no other shopper); deleting the
 * account checks the password (400, nothing changed), refuses while an order is open (409 naming
 * it) and for an admin, then erases the person and keeps the books: the billed order keeps the
 * buyer on its bill and in the bills register, the unbilled one loses the name and address, the
 * sessions end, the review goes, the complaint stays unlinked and the email can register again.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser, loginAs, TEST_PASSWORD } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { complaints, orders, rateLimits, reviews, savedAddresses, sessions, users } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

let t: TestApp;
let adminCookie: string;
let product: { id: string };

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000', REGISTER_MAX_PER_IP: '100000' });
  const admin = await createUser(t.db, { role: 'Admin', firstName: 'Anil', lastName: 'Admin' });
  adminCookie = await loginAs(t.app, admin.email);
  product = await createProduct(t.db, { name: 'Fresh Okra', rate: 80, stockKg: 100, weightsKg: [1, 2] });
});
afterAll(() => t?.close());

const SHIPPING = { address: '14 Lake View Road', city: 'Pune', mobileNumber: '9822012345', pinCode: '411001' };

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function placeOrder(cookie: string, productId = product.id): Promise<OrderView> {
  const placed = await inject('POST', '/api/user/new/order', cookie, {
    cartItems: [{ id: productId, quantity: 1 }],
    shippingInfo: SHIPPING,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return body<{ order: OrderView }>(placed).order;
}

async function setStatus(id: string, oStatus: string) {
  const answer = await inject('PUT', `/api/user/update/order/${id}`, adminCookie, { oStatus });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A shopper with a saved address, a review, a delivered (billed) order and a cancelled (unbilled) one. */
async function shopperWithHistory(firstName: string) {
  const user = await createUser(t.db, { firstName, lastName: 'Kulkarni' });
  const cookie = await loginAs(t.app, user.email);
  const saved = await inject('POST', '/api/user/my/addresses', cookie, { label: 'Home', ...SHIPPING });
  expect(saved.statusCode, saved.body).toBe(201);
  const reviewed = await inject('POST', '/api/user/add/review', cookie, {
    comment: `${firstName} likes the okra`,
    ratings: 4,
  });
  expect(reviewed.statusCode, reviewed.body).toBe(201);
  const delivered = await placeOrder(cookie);
  await setStatus(delivered._id, 'Shipped');
  await setStatus(delivered._id, 'Delivered');
  const cancelled = await placeOrder(cookie);
  const cancel = await inject('PUT', `/api/user/my/order/${cancelled._id}/cancel`, cookie);
  expect(cancel.statusCode, cancel.body).toBe(200);
  const complained = await inject('POST', '/api/user/complaints', cookie, {
    orderId: delivered._id,
    subject: `${firstName}: bruised okra`,
    message: 'Half of the okra in this order was bruised and soft.',
  });
  expect(complained.statusCode, complained.body).toBe(201);
  const complaint = body<{ complaint: { _id: string; ticket: string } }>(complained).complaint;
  return { user, cookie, delivered, cancelled, complaint };
}

const adminOrder = async (id: string) =>
  body<{ order: OrderView }>(await inject('GET', `/api/user/my/order/${id}`, adminCookie)).order;

describe('GET /api/user/me/data', () => {
  it('answers a visitor with 401', async () => {
    const response = await inject('GET', '/api/user/me/data');
    expect(response.statusCode).toBe(401);
  });

  it("sends the shopper's own account, addresses, orders, reviews as a JSON file, and nothing of anyone else", async () => {
    const mine = await shopperWithHistory('Gauri');
    const other = await shopperWithHistory('Tanvi');
    const response = await inject('GET', '/api/user/me/data', mine.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="mandi-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.parse(response.body);
    expect(Object.keys(data).sort()).toEqual(
      [
        'account',
        'addresses',
        'complaints',
        'exportedAt',
        'khata',
        'notifications',
        'orders',
        'reviews',
        'shoppingLists',
      ].sort(),
    );
    expect(data.account).toEqual({
      _id: mine.user.id,
      firstName: 'Gauri',
      lastName: 'Kulkarni',
      email: mine.user.email,
      role: 'User',
      language: 'en',
      createdAt: expect.any(String),
    });
    expect(data.addresses).toEqual([expect.objectContaining({ label: 'Home', ...SHIPPING })]);
    expect(data.reviews).toEqual([expect.objectContaining({ comment: 'Gauri likes the okra', ratings: 4 })]);
    expect(data.orders.map((order: OrderView) => order._id).sort()).toEqual(
      [mine.delivered._id, mine.cancelled._id].sort(),
    );
    const delivered = data.orders.find((order: OrderView) => order._id === mine.delivered._id);
    expect(delivered.invoiceNumber).toMatch(/\/\d{6}$/);
    expect(delivered.orderItems).toEqual([expect.objectContaining({ name: 'Fresh Okra', quantity: 1 })]);
    expect(delivered.history.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['placed', 'status']),
    );
    expect(data.complaints).toEqual([
      expect.objectContaining({
        _id: mine.complaint._id,
        ticket: mine.complaint.ticket,
        subject: 'Gauri: bruised okra',
      }),
    ]);
    expect(data.khata).toBeNull();

    // Nothing of the other shopper, no secrets.
    expect(response.body).not.toContain(other.user.email);
    expect(response.body).not.toContain('Tanvi');
    expect(response.body).not.toContain(other.delivered._id);
    expect(response.body).not.toMatch(/\$argon2/);
    expect(response.body.toLowerCase()).not.toContain('password');
    expect(response.body).not.toContain(mine.cookie.replace('token=', ''));
    expect(response.body).not.toContain('tokenHash');
  });

  it('reads many orders a chunk at a time: every order with its own whole history, the file as JSON.stringify writes it', async () => {
    const user = await createUser(t.db, { firstName: 'Leela', lastName: 'Joshi' });
    const cookie = await loginAs(t.app, user.email);
    // 120 orders: past two chunks of 50; every third one cancelled, so the histories differ.
    const leaves = await createProduct(t.db, { name: 'Curry Leaves', rate: 10, stockKg: 1000, weightsKg: [1] });
    const placed: OrderView[] = [];
    for (let i = 0; i < 120; i++) placed.push(await placeOrder(cookie, leaves.id));
    for (const order of placed.filter((_, i) => i % 3 === 0)) {
      expect((await inject('PUT', `/api/user/my/order/${order._id}/cancel`, cookie)).statusCode).toBe(200);
    }
    const response = await inject('GET', '/api/user/me/data', cookie);
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(response.body);
    expect(response.body).toBe(`${JSON.stringify(data, null, 2)}\n`);
    expect(data.orders).toHaveLength(120);
    for (const [i, order] of placed.entries()) {
      const downloaded = data.orders.find((entry: OrderView) => entry._id === order._id);
      expect(downloaded.history.map((entry: { kind: string }) => entry.kind)).toEqual(
        i % 3 === 0 ? ['placed', 'cancelled'] : ['placed'],
      );
    }
  });

  it("limits each shopper's downloads to 10 an hour (429), whatever their other requests", async () => {
    const user = await createUser(t.db, { firstName: 'Sunita', lastName: 'Rao' });
    const cookie = await loginAs(t.app, user.email);
    for (let i = 0; i < 10; i++) expect((await inject('GET', '/api/user/me/data', cookie)).statusCode).toBe(200);
    const refused = await inject('GET', '/api/user/me/data', cookie);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({
      code: 'myDataTooOften',
      message: 'Your data can be downloaded 10 times an hour: please try again later',
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another shopper's budget is their own.
    const other = await createUser(t.db, {});
    expect((await inject('GET', '/api/user/me/data', await loginAs(t.app, other.email))).statusCode).toBe(200);
  });
});

describe('DELETE /api/user/me', () => {
  it('answers a visitor with 401', async () => {
    const response = await inject('DELETE', '/api/user/me', undefined, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong or missing password with a 400 and changes nothing', async () => {
    const { user, cookie } = await shopperWithHistory('Meena');
    const wrong = await inject('DELETE', '/api/user/me', cookie, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ success: false, code: 'deletePasswordWrong' });
    const missing = await inject('DELETE', '/api/user/me', cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, user.id))).toHaveLength(1);
    expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, user.id))).toHaveLength(1);
    expect((await inject('GET', '/api/user/getloggeduser', cookie)).statusCode).toBe(200);
  });

  it('refuses while an order is not yet Delivered or Cancelled, naming it, then deletes once it is delivered', async () => {
    const user = await createUser(t.db, { firstName: 'Ritu' });
    const cookie = await loginAs(t.app, user.email);
    const first = await placeOrder(cookie);
    const second = await placeOrder(cookie);
    const both = await inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD });
    expect(both.statusCode).toBe(409);
    expect(body(both)).toMatchObject({
      code: 'accountHasOpenOrders',
      message: `Your orders #${first.orderNumber}, #${second.orderNumber} are not yet delivered or cancelled: wait for them to be delivered, or cancel them, before deleting your account`,
    });
    await setStatus(first._id, 'Shipped');
    await setStatus(first._id, 'Delivered');
    const shipped = await placeOrder(cookie);
    await setStatus(shipped._id, 'Shipped');
    expect((await inject('PUT', `/api/user/my/order/${second._id}/cancel`, cookie)).statusCode).toBe(200);
    const one = await inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD });
    expect(one.statusCode).toBe(409);
    expect(body(one)).toMatchObject({ code: 'accountHasOpenOrder', values: { order: `#${shipped.orderNumber}` } });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    await setStatus(shipped._id, 'Delivered');
    const done = await inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
  });

  it("refuses an admin's own account: another admin makes them a User first", async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    const refused = await inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'adminCannotDeleteOwnAccount' });
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    const demoted = await inject('PUT', `/api/user/admin/user/${admin.id}`, adminCookie, { UserRole: 'User' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('never leaves an open order behind when an order is placed while the account is being deleted', async () => {
    for (let round = 0; round < 4; round++) {
      const user = await createUser(t.db, { firstName: `Racer${round}` });
      const cookie = await loginAs(t.app, user.email);
      const [deleted, placed] = await Promise.all([
        inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD }),
        inject('POST', '/api/user/new/order', cookie, {
          cartItems: [{ id: product.id, quantity: 1 }],
          shippingInfo: SHIPPING,
        }),
      ]);
      const left = await t.db
        .select()
        .from(orders)
        .where(eq(orders.customerFirstName, `Racer${round}`));
      if (deleted.statusCode === 200) {
        // The order lost the race: it was refused, and nothing of it is left.
        expect(placed.statusCode).not.toBe(201);
        expect(left).toEqual([]);
      } else {
        // The order won: the deletion saw it and refused.
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(placed.statusCode).toBe(201);
        expect(left).toEqual([expect.objectContaining({ userId: user.id, status: 'Processing' })]);
      }
    }
  });

  describe('once deleted', () => {
    let shopper: Awaited<ReturnType<typeof shopperWithHistory>>;
    let otherDevice: string;
    let answer: Awaited<ReturnType<typeof inject>>;

    beforeAll(async () => {
      shopper = await shopperWithHistory('Sunita');
      otherDevice = await loginAs(t.app, shopper.user.email);
      t.mails.length = 0;
      answer = await inject('DELETE', '/api/user/me', shopper.cookie, { password: TEST_PASSWORD });
      await t.settle();
    });

    it('answers success, clears the cookie and ends every session (old cookies are 401)', async () => {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(body(answer)).toMatchObject({ success: true, message: 'Your account has been deleted' });
      expect(answer.cookies.find((cookie) => cookie.name === 'token')?.value).toBe('');
      for (const cookie of [shopper.cookie, otherDevice]) {
        expect((await inject('GET', '/api/user/getloggeduser', cookie)).statusCode).toBe(401);
        expect((await inject('GET', '/api/user/me/data', cookie)).statusCode).toBe(401);
      }
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, shopper.user.id))).toEqual([]);
      // No counter keyed by the email or the id is left (before the failed login below makes a new one).
      const rows = await t.db.select({ key: rateLimits.key }).from(rateLimits);
      expect(rows.filter((row) => row.key.includes(shopper.user.email) || row.key.includes(shopper.user.id))).toEqual(
        [],
      );
      const login = await inject('POST', '/api/user/login', undefined, {
        email: shopper.user.email,
        password: TEST_PASSWORD,
      });
      expect(login.statusCode).toBe(401);
    });

    it('erases the account, its saved addresses and its review (the review list no longer shows it)', async () => {
      expect(await t.db.select().from(users).where(eq(users.id, shopper.user.id))).toEqual([]);
      expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, shopper.user.id))).toEqual([]);
      expect(await t.db.select().from(reviews).where(eq(reviews.userId, shopper.user.id))).toEqual([]);
      const listed = await inject('GET', '/api/user/get/reviews?limit=100');
      expect(listed.body).not.toContain('Sunita likes the okra');
    });

    it('keeps the billed order with the buyer on it, in the admin order, on the bill PDF and in the bills register', async () => {
      const order = await adminOrder(shopper.delivered._id);
      expect(order).toMatchObject({
        status: 'Delivered',
        userId: null,
        user: { _id: null, firstName: 'Sunita', lastName: 'Kulkarni' },
        shippingInfo: SHIPPING,
      });
      expect(order.invoiceNumber).toBe(shopper.delivered.invoiceNumber ?? order.invoiceNumber);
      const pdf = await inject('GET', `/api/user/my/order/${order._id}/invoice`, adminCookie);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Sunita Kulkarni');
      expect(text).toContain('14 Lake View Road');
      const register = body<{ bills: { orderId: string; buyer: string }[] }>(
        await inject('GET', '/api/admin/bills', adminCookie),
      );
      expect(register.bills.find((bill) => bill.orderId === order._id)?.buyer).toBe('Sunita Kulkarni');
    });

    it('keeps the unbilled order in the books without the name, address or mobile', async () => {
      const order = await adminOrder(shopper.cancelled._id);
      expect(order).toMatchObject({
        status: 'Cancelled',
        invoiceNumber: null,
        userId: null,
        user: { _id: null, firstName: 'Deleted shopper', lastName: '' },
        shippingInfo: { address: '', city: '', mobileNumber: '', pinCode: '' },
      });
      const listed = body<{ AllOrders?: OrderView[]; orders?: OrderView[] }>(
        await inject('GET', '/api/user/admin/orders', adminCookie),
      );
      const all = listed.AllOrders ?? listed.orders ?? [];
      expect(all.map((o) => o._id)).toEqual(expect.arrayContaining([shopper.delivered._id, shopper.cancelled._id]));
      const [row] = await t.db.select().from(orders).where(eq(orders.id, shopper.cancelled._id));
      expect(row).toMatchObject({ customerFirstName: 'Deleted shopper', address: '', mobileNumber: '' });
      const stats = await inject('GET', '/api/user/admin/stats', adminCookie);
      expect(stats.statusCode).toBe(200);
    });

    it('keeps the complaint in the books, no longer linked to the person', async () => {
      const [row] = await t.db.select().from(complaints).where(eq(complaints.id, shopper.complaint._id));
      expect(row).toMatchObject({ userId: null, orderId: shopper.delivered._id, subject: 'Sunita: bruised okra' });
    });

    it('mails the old address that the account was deleted', () => {
      // Found by its subject: the shopper's complaint, made earlier, has its own mail to the same address.
      const mail = t.mails.find((m) => m.to === shopper.user.email && m.subject === 'Your Mandi account was deleted');
      expect(mail).toBeDefined();
      expect(mail?.text).toContain('72 months');
    });

    it('lets the email register again, as a new account', async () => {
      const registered = await inject('POST', '/api/user/register', undefined, {
        firstName: 'Sunita',
        lastName: 'K',
        email: shopper.user.email,
        password: 'Fresh-Start-42',
        confirmPassword: 'Fresh-Start-42',
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const cookie = await loginAs(t.app, shopper.user.email, 'Fresh-Start-42');
      const mine = body<{ orders?: OrderView[]; myOrders?: OrderView[] }>(
        await inject('GET', '/api/user/my/orders', cookie),
      );
      expect(JSON.stringify(mine)).not.toContain(shopper.delivered._id);
    });
  });
});

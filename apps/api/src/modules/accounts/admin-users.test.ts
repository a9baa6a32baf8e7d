import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser, loginAs } from '../../../test/factories.js';
import { khataAccounts, khataEntries, orders, reviews, sessions, users } from '../../db/schema.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000' });
  admin = await createUser(t.db, { role: 'Admin', firstName: 'Anil', lastName: 'Admin' });
  adminCookie = await loginAs(t.app, admin.email);
});
afterAll(() => t.close());

const listUsers = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/admin/user', headers: cookie ? { cookie } : {} });
const deleteUser = (id: string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/admin/user/${id}`, headers: cookie ? { cookie } : {} });
const setRole = (id: string, UserRole: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/admin/user/${id}`,
    headers: cookie ? { cookie } : {},
    payload: { UserRole } as object,
  });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user/getloggeduser', headers: { cookie } });

const noSecrets = (text: string) => {
  expect(text).not.toMatch(/\$argon2/);
  expect(text.toLowerCase()).not.toContain('password');
};

describe('GET /api/user/admin/user', () => {
  it('lists every user in the public view with the count', async () => {
    const shopper = await createUser(t.db, { firstName: 'Sita', lastName: 'Rao' });
    const response = await listUsers(adminCookie);
    expect(response.statusCode).toBe(200);
    const data = body<{ success: boolean; AllUsers: Record<string, unknown>[]; userDocCount: number }>(response);
    expect(data.success).toBe(true);
    expect(data.userDocCount).toBe(data.AllUsers.length);
    expect(data.AllUsers).toContainEqual({
      _id: shopper.id,
      firstName: 'Sita',
      lastName: 'Rao',
      email: shopper.email,
      role: 'User',
    });
    for (const user of data.AllUsers)
      expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'firstName', 'lastName', 'role']);
    noSecrets(response.body);
  });
});

describe('who may call admin routes', () => {
  const ADMIN_ROUTES = [
    { method: 'GET', url: '/api/user/admin/user', owned: true },
    { method: 'DELETE', url: '/api/user/admin/user/00000000-0000-4000-8000-000000000000', owned: true },
    {
      method: 'PUT',
      url: '/api/user/admin/user/00000000-0000-4000-8000-000000000000',
      owned: true,
      payload: { UserRole: 'Admin' },
    },
    { method: 'DELETE', url: '/api/user/admin/review/x' },
    { method: 'GET', url: '/api/user/admin/orders' },
    { method: 'PUT', url: '/api/user/update/order/x', payload: { oStatus: 'Shipped' } },
    { method: 'POST', url: '/api/category/add', payload: { categoryName: 'Hacked' } },
    { method: 'POST', url: '/api/product/add', payload: { name: 'Hacked' } },
  ] as const;

  it('answers a visitor with 401 and a User with 403', async () => {
    const shopper = await createUser(t.db);
    const cookie = await loginAs(t.app, shopper.email);
    for (const route of ADMIN_ROUTES) {
      const payload = 'payload' in route ? route.payload : undefined;
      const asVisitor = await t.app.inject({ method: route.method, url: route.url, payload });
      const asUser = await t.app.inject({ method: route.method, url: route.url, payload, headers: { cookie } });
      if ('owned' in route) {
        expect(asVisitor.statusCode, `${route.method} ${route.url} as visitor`).toBe(401);
        expect(asUser.statusCode, `${route.method} ${route.url} as User`).toBe(403);
      } else {
        // Routes of other modules: whatever they answer, never success.
        expect(asVisitor.statusCode, `${route.method} ${route.url} as visitor`).toBeGreaterThanOrEqual(400);
        expect(asUser.statusCode, `${route.method} ${route.url} as User`).toBeGreaterThanOrEqual(400);
      }
    }
    // Nothing changed: the shopper is still a User.
    expect((await me(cookie)).json().user.role).toBe('User');
  });

  it("refuses a demoted admin's cookie on the very next admin request", async () => {
    const other = await createUser(t.db, { role: 'Admin' });
    const otherCookie = await loginAs(t.app, other.email);
    expect((await listUsers(otherCookie)).statusCode).toBe(200);
    const demoted = await setRole(other.id, 'User', adminCookie);
    expect(demoted.statusCode).toBe(200);
    expect((await listUsers(otherCookie)).statusCode).toBe(403);
    expect((await me(otherCookie)).json().user.role).toBe('User');
  });

  it("refuses a deleted admin's cookie on the very next request", async () => {
    const other = await createUser(t.db, { role: 'Admin' });
    const otherCookie = await loginAs(t.app, other.email);
    expect((await deleteUser(other.id, adminCookie)).statusCode).toBe(200);
    expect((await listUsers(otherCookie)).statusCode).toBe(401);
    expect((await me(otherCookie)).statusCode).toBe(401);
  });
});

describe('PUT /api/user/admin/user/:id', () => {
  it('promotes and demotes a user and answers with the public view', async () => {
    const shopper = await createUser(t.db, { firstName: 'Gita' });
    const promoted = await setRole(shopper.id, 'Admin', adminCookie);
    expect(promoted.statusCode).toBe(200);
    expect(body(promoted)).toEqual({
      success: true,
      message: 'User role updated',
      code: 'roleUpdated',
      values: {},
      isUserExit: { _id: shopper.id, firstName: 'Gita', lastName: 'Patel', email: shopper.email, role: 'Admin' },
    });
    noSecrets(promoted.body);
    const demoted = await setRole(shopper.id, 'User', adminCookie);
    expect(body<{ isUserExit: { role: string } }>(demoted).isUserExit.role).toBe('User');
  });

  it('refuses an unknown role, a missing role and object-shaped roles with 400', async () => {
    const shopper = await createUser(t.db);
    for (const role of ['SuperAdmin', 'admin', '', undefined, { $ne: 'User' }, ['Admin']]) {
      const response = await setRole(shopper.id, role, adminCookie);
      expect(response.statusCode).toBe(400);
      expect(typeof body(response).message).toBe('string');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row?.role).toBe('User');
  });

  it('answers an unknown or malformed id with 404', async () => {
    expect((await setRole('00000000-0000-4000-8000-000000000000', 'Admin', adminCookie)).statusCode).toBe(404);
    expect((await setRole("1' OR '1'='1", 'Admin', adminCookie)).statusCode).toBe(404);
  });

  it('does not let an admin demote themself', async () => {
    const response = await setRole(admin.id, 'User', adminCookie);
    expect(response.statusCode).toBe(409);
    expect(body(response).message).toBe('You cannot remove your own admin role');
    expect((await listUsers(adminCookie)).statusCode).toBe(200);
    // Setting one's own role to Admin changes nothing and is allowed.
    expect((await setRole(admin.id, 'Admin', adminCookie)).statusCode).toBe(200);
  });

  it('never leaves the shop without an admin when two admins demote each other at once', async () => {
    const a = await createUser(t.db, { role: 'Admin' });
    const b = await createUser(t.db, { role: 'Admin' });
    const cookieA = await loginAs(t.app, a.email);
    const cookieB = await loginAs(t.app, b.email);
    // Leave only a and b as admins.
    await t.db.update(users).set({ role: 'User' }).where(eq(users.id, admin.id));
    try {
      const [first, second] = await Promise.all([setRole(b.id, 'User', cookieA), setRole(a.id, 'User', cookieB)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBeGreaterThanOrEqual(400);
      const admins = await t.db.select().from(users).where(eq(users.role, 'Admin'));
      expect(admins).toHaveLength(1);
    } finally {
      await t.db.update(users).set({ role: 'Admin' }).where(eq(users.id, admin.id));
      await t.db.update(users).set({ role: 'User' }).where(eq(users.id, a.id));
      await t.db.update(users).set({ role: 'User' }).where(eq(users.id, b.id));
    }
  });
});

/** An order of Uma Shah's with no bill, written straight to the table. */
async function unbilledOrder(userId: string, status: 'Processing' | 'Delivered') {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId,
      customerFirstName: 'Uma',
      customerLastName: 'Shah',
      totalPaise: 5000,
      estimatedTotalPaise: 5000,
      address: '1 Market Road',
      city: 'Pune',
      mobileNumber: '9876543210',
      pinCode: '411001',
      status,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

describe('DELETE /api/user/admin/user/:id', () => {
  it('deletes the user with their sessions and reviews but keeps their orders', async () => {
    const shopper = await createUser(t.db, { firstName: 'Uma', lastName: 'Shah' });
    const cookie = await loginAs(t.app, shopper.email);
    await t.db.insert(reviews).values({ userId: shopper.id, rating: 4, comment: 'Sweet mangoes' });
    await createProduct(t.db);
    const order = await unbilledOrder(shopper.id, 'Delivered');

    const response = await deleteUser(shopper.id, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, message: 'User deleted', code: 'userDeleted', values: {} });
    expect(await t.db.select().from(users).where(eq(users.id, shopper.id))).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, shopper.id))).toHaveLength(0);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, shopper.id))).toHaveLength(0);
    // The same erasure as the shopper's own (decision 0055): an order without a bill keeps no person.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, customerFirstName: 'Deleted shopper', address: '', mobileNumber: '' });
    expect((await me(cookie)).statusCode).toBe(401);
    // A second delete finds nothing.
    expect((await deleteUser(shopper.id, adminCookie)).statusCode).toBe(404);
  });

  it("settles first, as the shopper's own deletion does: an open order or a khata balance is a 409 and nothing changes", async () => {
    const shopper = await createUser(t.db, { firstName: 'Uma', lastName: 'Shah' });
    const open = await unbilledOrder(shopper.id, 'Processing');
    const refused = await deleteUser(shopper.id, adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'accountHasOpenOrder', values: { order: `#${open.orderNumber}` } });
    await t.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, open.id));
    const [khata] = await t.db
      .insert(khataAccounts)
      .values({ userId: shopper.id, customerName: 'Uma Shah', creditLimitPaise: 50_000, balancePaise: 20_000 })
      .returning();
    // ₹200 owed, as a billed khata order would have left it (the balance is its entries' sum).
    await t.db.insert(khataEntries).values({
      accountId: khata!.id,
      kind: 'adjustment',
      amountPaise: 20_000,
      balanceAfterPaise: 20_000,
    });
    const owing = await deleteUser(shopper.id, adminCookie);
    expect(owing.statusCode).toBe(409);
    expect(body(owing)).toMatchObject({ code: 'accountHasKhataBalance' });
    expect(await t.db.select().from(users).where(eq(users.id, shopper.id))).toHaveLength(1);
    const [unchanged] = await t.db.select().from(orders).where(eq(orders.id, open.id));
    expect(unchanged).toMatchObject({ userId: shopper.id, customerFirstName: 'Uma', address: '1 Market Road' });
  });

  it('does not let an admin delete themself', async () => {
    const response = await deleteUser(admin.id, adminCookie);
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({
      success: false,
      message: 'You cannot delete your own account',
      code: 'cannotDeleteSelf',
      values: {},
    });
    expect((await listUsers(adminCookie)).statusCode).toBe(200);
  });

  it('answers an unknown or malformed id with 404', async () => {
    expect((await deleteUser('00000000-0000-4000-8000-000000000000', adminCookie)).statusCode).toBe(404);
    expect((await deleteUser('not-an-id', adminCookie)).statusCode).toBe(404);
  });

  it('never leaves the shop without an admin when two admins delete each other at once', async () => {
    const a = await createUser(t.db, { role: 'Admin' });
    const b = await createUser(t.db, { role: 'Admin' });
    const cookieA = await loginAs(t.app, a.email);
    const cookieB = await loginAs(t.app, b.email);
    await t.db.update(users).set({ role: 'User' }).where(eq(users.id, admin.id));
    try {
      const [first, second] = await Promise.all([deleteUser(b.id, cookieA), deleteUser(a.id, cookieB)]);
      expect([first.statusCode, second.statusCode].filter((status) => status === 200)).toHaveLength(1);
      expect(await t.db.select().from(users).where(eq(users.role, 'Admin'))).toHaveLength(1);
    } finally {
      await t.db.update(users).set({ role: 'Admin' }).where(eq(users.id, admin.id));
    }
  });
});

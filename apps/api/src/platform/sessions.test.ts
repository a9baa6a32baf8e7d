/**
 * Session lookups are batched per turn of the event loop (one query for many requests). These
 * tests pin down what a shopper must never notice: each request gets its own user, and a change
 * that committed before a request arrived applies to it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser } from '../../test/factories.js';
import { sessionCookie } from '../../test/test-sessions.js';
import { sessions, users } from '../db/schema.js';
import { TurnBatcher } from '../lib/turn-batcher.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/getloggeduser', headers: cookie ? { cookie } : {} });

describe('session lookups of requests arriving together', () => {
  it('answers each request with its own user, and strangers with 401', async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createUser(t.db, { firstName: `Guest${i}`, role: i % 3 ? 'User' : 'Admin' }),
      ),
    );
    const cookies = await Promise.all(people.map((person) => sessionCookie(t.db, person.id)));
    const strangers = ['token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'token=short', undefined];
    // The same cookie twice in one batch, and unknown tokens among the known ones.
    const asked = [...cookies, cookies[0], ...strangers];
    const responses = await Promise.all(asked.map((cookie) => me(cookie)));

    people.forEach((person, i) => {
      expect(responses[i]?.statusCode).toBe(200);
      expect(body(responses[i]!).user).toMatchObject({ _id: person.id, firstName: `Guest${i}`, role: person.role });
    });
    expect(body(responses[people.length]!).user).toMatchObject({ _id: people[0]?.id });
    for (const response of responses.slice(people.length + 1)) {
      expect(response.statusCode).toBe(401);
      expect(body(response)).toMatchObject({ success: false, user: null });
    }
  });

  it('applies a logout, a role change and a deletion to the very next request', async () => {
    const leaving = await createUser(t.db);
    const promoted = await createUser(t.db);
    const deleted = await createUser(t.db);
    const [leavingCookie, promotedCookie, deletedCookie] = await Promise.all(
      [leaving, promoted, deleted].map((person) => sessionCookie(t.db, person.id)),
    );
    // Warm: all three are logged in.
    const before = await Promise.all([leavingCookie, promotedCookie, deletedCookie].map((cookie) => me(cookie)));
    expect(before.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(body(before[1]!).user).toMatchObject({ role: 'User' });

    await t.db.delete(sessions).where(eq(sessions.userId, leaving.id));
    await t.db.update(users).set({ role: 'Admin' }).where(eq(users.id, promoted.id));
    await t.db.delete(users).where(eq(users.id, deleted.id));

    const after = await Promise.all([leavingCookie, promotedCookie, deletedCookie].map((cookie) => me(cookie)));
    expect(after.map((r) => r.statusCode)).toEqual([401, 200, 401]);
    expect(body(after[1]!).user).toMatchObject({ role: 'Admin' });
  });

  it('ends an expired session', async () => {
    const person = await createUser(t.db);
    const cookie = await sessionCookie(t.db, person.id);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, person.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('reads no session for a public read, even with a cookie; a route that needs the user reads it once', async () => {
    const shopper = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'Admin' });
    const shopperCookie = await sessionCookie(t.db, shopper.id);
    const adminCookie = await sessionCookie(t.db, admin.id);
    // Every session lookup goes through the session reader's batcher (no order is placed here).
    const lookups = vi.spyOn(TurnBatcher.prototype, 'call');
    try {
      for (const url of ['/api/product/recent/products', '/api/product/recent/products', '/api/category/get']) {
        const response = await t.app.inject({ url, headers: { cookie: shopperCookie } });
        expect(response.statusCode).toBe(200);
      }
      expect(lookups).not.toHaveBeenCalled();

      expect((await t.app.inject({ url: '/api/user/my/orders', headers: { cookie: shopperCookie } })).statusCode).toBe(
        200,
      );
      expect(lookups).toHaveBeenCalledTimes(1);
      expect((await t.app.inject({ url: '/api/user/admin/stats', headers: { cookie: adminCookie } })).statusCode).toBe(
        200,
      );
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it('applies a logout, a role change and a deletion to the next guarded request', async () => {
    const [leaving, promoted, deleted] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const leavingCookie = await sessionCookie(t.db, leaving.id);
    const promotedCookie = await sessionCookie(t.db, promoted.id);
    const deletedCookie = await sessionCookie(t.db, deleted.id);
    const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
    expect((await get('/api/user/my/orders', leavingCookie)).statusCode).toBe(200);
    expect((await get('/api/user/admin/stats', promotedCookie)).statusCode).toBe(403);
    expect((await get('/api/user/my/orders', deletedCookie)).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logOut', headers: { cookie: leavingCookie } });
    expect(logout.statusCode).toBeLessThan(300);
    await t.db.update(users).set({ role: 'Admin' }).where(eq(users.id, promoted.id));
    await t.db.delete(users).where(eq(users.id, deleted.id));

    expect((await get('/api/user/my/orders', leavingCookie)).statusCode).toBe(401);
    expect((await get('/api/user/admin/stats', promotedCookie)).statusCode).toBe(200);
    expect((await get('/api/user/my/orders', deletedCookie)).statusCode).toBe(401);
  });
});

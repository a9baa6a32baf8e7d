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
import { sessions } from '../db/schema.js';
import { sessionsOf } from '../lib/cache-tags.js';
import { ResponseCache } from '../lib/response-cache.js';
import { hashToken, newToken } from '../lib/session.js';
import { TurnBatcher } from '../lib/turn-batcher.js';
import { createSessionReader } from './sessions.js';

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

  it('applies a logout, a role change, a deletion and a password change to the very next request', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const adminCookie = await sessionCookie(t.db, admin.id);
    const [leaving, promoted, deleted, careful] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ]);
    const leavingCookie = await sessionCookie(t.db, leaving.id);
    const promotedCookie = await sessionCookie(t.db, promoted.id);
    const deletedCookie = await sessionCookie(t.db, deleted.id);
    const carefulCookie = await sessionCookie(t.db, careful.id);
    const carefulElsewhere = await sessionCookie(t.db, careful.id);
    const cookies = [leavingCookie, promotedCookie, deletedCookie, carefulElsewhere];
    // Warm, twice: each session read and (on the embedded database) kept in memory.
    for (let round = 0; round < 2; round += 1) {
      const before = await Promise.all(cookies.map((cookie) => me(cookie)));
      expect(before.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(body(before[1]!).user).toMatchObject({ role: 'User' });
    }

    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect((await send('POST', '/api/user/logOut', leavingCookie)).statusCode).toBe(200);
    expect(
      (await send('PUT', `/api/user/admin/user/${promoted.id}`, adminCookie, { UserRole: 'Admin' })).statusCode,
    ).toBe(200);
    expect((await send('DELETE', `/api/user/admin/user/${deleted.id}`, adminCookie)).statusCode).toBe(200);
    // A new password ends the user's other sessions, not the one that set it.
    const changed = await send('PUT', '/api/user/changePassword', carefulCookie, {
      password: 'Fresh-Produce-77',
      confirm_password: 'Fresh-Produce-77',
    });
    expect(changed.statusCode).toBe(200);

    const after = await Promise.all(cookies.map((cookie) => me(cookie)));
    expect(after.map((r) => r.statusCode)).toEqual([401, 200, 401, 401]);
    expect(body(after[1]!).user).toMatchObject({ role: 'Admin' });
    expect((await me(carefulCookie)).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const person = await createUser(t.db);
    const token = newToken();
    await t.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: person.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await me(`token=${token}`)).statusCode).toBe(401);
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
    const admin = await createUser(t.db, { role: 'Admin' });
    const adminCookie = await sessionCookie(t.db, admin.id);
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
    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/user/${promoted.id}`,
      headers: { cookie: adminCookie },
      payload: { UserRole: 'Admin' },
    });
    expect(role.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/admin/user/${deleted.id}`,
      headers: { cookie: adminCookie },
    });
    expect(gone.statusCode).toBe(200);

    expect((await get('/api/user/my/orders', leavingCookie)).statusCode).toBe(401);
    expect((await get('/api/user/admin/stats', promotedCookie)).statusCode).toBe(200);
    expect((await get('/api/user/my/orders', deletedCookie)).statusCode).toBe(401);
  });
});

describe('sessions kept in memory (the embedded database, decision 0069)', () => {
  const MAX_AGE_MS = 300_000;
  const setUp = async (lifeMs = 3_600_000) => {
    let clock = Date.now();
    const cache = new ResponseCache({ maxAgeMs: MAX_AGE_MS, now: () => clock });
    const reader = createSessionReader(t.db, { cache, maxAgeMs: MAX_AGE_MS, now: () => clock });
    const person = await createUser(t.db, { firstName: 'Kept' });
    const token = newToken();
    const tokenHash = hashToken(token);
    await t.db.insert(sessions).values({ tokenHash, userId: person.id, expiresAt: new Date(clock + lifeMs) });
    const lookups = vi.spyOn(TurnBatcher.prototype, 'call');
    return {
      cache,
      reader,
      person,
      tokenHash,
      lookups,
      later: (ms: number) => {
        clock += ms;
      },
    };
  };

  it('answers a session found once from memory, and reads it again once its user’s sessions are touched', async () => {
    const { cache, reader, person, tokenHash, lookups } = await setUp();
    try {
      expect(await reader.call(tokenHash)).toMatchObject({ id: person.id, firstName: 'Kept', role: 'User' });
      expect(await reader.call(tokenHash)).toMatchObject({ id: person.id });
      expect(lookups).toHaveBeenCalledTimes(1);

      // Another user's sessions touched: this one stays kept.
      cache.invalidate([sessionsOf(crypto.randomUUID())]);
      await reader.call(tokenHash);
      expect(lookups).toHaveBeenCalledTimes(1);

      // The write ended the session (a logout's transaction, here by hand) and touched its user.
      await t.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      cache.invalidate([sessionsOf(person.id)]);
      expect(await reader.call(tokenHash)).toBeNull();
      expect(lookups).toHaveBeenCalledTimes(2);
      // An unknown token is never kept: it is asked again.
      expect(await reader.call(tokenHash)).toBeNull();
      expect(lookups).toHaveBeenCalledTimes(3);
    } finally {
      lookups.mockRestore();
    }
  });

  it('keeps nothing a lookup read while some session changed, nor after the cache is cleared', async () => {
    const { cache, reader, person, tokenHash, lookups } = await setUp();
    try {
      const reading = reader.call(tokenHash);
      // The change commits while the lookup is on its way: what it read may be the old row.
      cache.invalidate([sessionsOf(person.id)]);
      expect(await reading).toMatchObject({ id: person.id });
      await reader.call(tokenHash);
      expect(lookups).toHaveBeenCalledTimes(2);
      await reader.call(tokenHash);
      expect(lookups).toHaveBeenCalledTimes(2);

      cache.clear();
      await reader.call(tokenHash);
      expect(lookups).toHaveBeenCalledTimes(3);
    } finally {
      lookups.mockRestore();
    }
  });

  it('reads a kept session again once it has expired or was kept for the safety lifetime', async () => {
    const { reader, person, tokenHash, lookups, later } = await setUp(60_000);
    try {
      await reader.call(tokenHash);
      later(59_000);
      await reader.call(tokenHash);
      expect(lookups).toHaveBeenCalledTimes(1);
      // Past its expiry in memory (the database's own clock still has it open, so it answers again).
      later(1_000);
      expect(await reader.call(tokenHash)).toMatchObject({ id: person.id });
      expect(lookups).toHaveBeenCalledTimes(2);
      await reader.call(tokenHash);
      expect(lookups).toHaveBeenCalledTimes(3);
    } finally {
      lookups.mockRestore();
    }
    const kept = await setUp();
    try {
      await kept.reader.call(kept.tokenHash);
      kept.later(MAX_AGE_MS - 1);
      await kept.reader.call(kept.tokenHash);
      expect(kept.lookups).toHaveBeenCalledTimes(1);
      kept.later(1);
      await kept.reader.call(kept.tokenHash);
      expect(kept.lookups).toHaveBeenCalledTimes(2);
    } finally {
      kept.lookups.mockRestore();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';

let t: TestApp;
let asha: { id: string };
let ashaCookie: string;
let raviCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  asha = await createUser(t.db, { firstName: 'Asha', lastName: 'Patel' });
  const ravi = await createUser(t.db, { firstName: 'Ravi', lastName: 'Kumar' });
  const admin = await createUser(t.db, { role: 'Admin' });
  ashaCookie = await sessionCookie(t.db, asha.id);
  raviCookie = await sessionCookie(t.db, ravi.id);
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t.close());

type Review = {
  _id: string;
  user: { _id: string; firstName: string; lastName: string };
  comment: string;
  ratings: number;
  createdAt: string;
};

const add = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/add/review',
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });
const list = async () =>
  body<{ success: boolean; reviews: Review[] }>(await t.app.inject({ method: 'GET', url: '/api/user/get/reviews' }));

describe('reviews', () => {
  it('starts empty for anyone', async () => {
    expect(await list()).toEqual({ success: true, reviews: [], total: 0, page: 1, limit: 20 });
  });

  it('adds one review per user (201), and a second post updates it (200)', async () => {
    const first = await add({ comment: '  Fresh mangoes!  ', ratings: 5 }, ashaCookie);
    expect(first.statusCode).toBe(201);
    expect(body(first)).toEqual({ success: true, message: 'Review added', code: 'reviewAdded', values: {} });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await add({ comment: 'Good dal', ratings: '4' }, raviCookie)).statusCode).toBe(201);

    const reviews = (await list()).reviews;
    expect(reviews.map((r) => r.comment)).toEqual(['Good dal', 'Fresh mangoes!']);
    expect(reviews[1]).toEqual({
      _id: expect.any(String),
      user: { _id: asha.id, firstName: 'Asha', lastName: 'Patel' },
      comment: 'Fresh mangoes!',
      ratings: 5,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(reviews)).not.toContain('@');

    const again = await add({ comment: 'Still fresh', ratings: 3 }, ashaCookie);
    expect(again.statusCode).toBe(200);
    expect(body(again)).toEqual({ success: true, message: 'Review updated', code: 'reviewUpdated', values: {} });
    const after = (await list()).reviews;
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.user._id === asha.id)).toMatchObject({ comment: 'Still fresh', ratings: 3 });
  });

  it('refuses blank comments, ratings outside 1-5 or not whole, and visitors', async () => {
    const before = await list();
    for (const payload of [
      { comment: '   ', ratings: 4 },
      { ratings: 4 },
      { comment: 'ok', ratings: 0 },
      { comment: 'ok', ratings: 6 },
      { comment: 'ok', ratings: 2.5 },
      { comment: 'ok', ratings: 'five' },
      { comment: 'ok' },
      { comment: 'x'.repeat(1001), ratings: 4 },
    ]) {
      const response = await add(payload, ashaCookie);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(response).success).toBe(false);
    }
    expect((await add({ comment: 'hi', ratings: 5 })).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it('lets only an admin delete a review', async () => {
    const [review] = (await list()).reviews;
    const url = `/api/user/admin/review/${review?._id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: raviCookie } })).statusCode).toBe(403);
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } });
    expect(deleted.statusCode).toBe(200);
    expect(body(deleted)).toEqual({ success: true, message: 'Review deleted', code: 'reviewDeleted', values: {} });
    expect((await list()).reviews.map((r) => r._id)).not.toContain(review?._id);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: adminCookie } })).statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/admin/review/1;drop',
      headers: { cookie: adminCookie },
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('keeps one review per user when posts race', async () => {
    const user = await createUser(t.db, { firstName: 'Dev' });
    const cookie = await sessionCookie(t.db, user.id);
    const responses = await Promise.all(
      [1, 2, 3, 4].map((ratings) => add({ comment: `take ${ratings}`, ratings }, cookie)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect((await list()).reviews.filter((r) => r.user._id === user.id)).toHaveLength(1);
  });

  it('pages the list: newest 20 by default with the total, ?page= and ?limit= for more', async () => {
    const authors = await Promise.all(Array.from({ length: 25 }, (_, i) => createUser(t.db, { firstName: `P${i}` })));
    for (const [i, author] of authors.entries()) {
      expect((await add({ comment: `review ${i}`, ratings: 4 }, await sessionCookie(t.db, author.id))).statusCode).toBe(
        201,
      );
    }
    const all = await list();
    const total = (all as unknown as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(25);
    expect(all.reviews).toHaveLength(20);
    expect(all.reviews[0]?.comment).toBe('review 24');

    const page = async (query: string) => t.app.inject({ method: 'GET', url: `/api/user/get/reviews?${query}` });
    const second = body<{ reviews: Review[]; total: number; page: number; limit: number }>(
      await page('page=2&limit=10'),
    );
    expect(second).toMatchObject({ total, page: 2, limit: 10 });
    expect(second.reviews.map((r) => r.comment)).toEqual(Array.from({ length: 10 }, (_, i) => `review ${14 - i}`));
    for (const bad of ['page=0', 'limit=101', 'limit=abc', 'page=1.5']) {
      const response = await page(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(body(response).success).toBe(false);
    }
  });

  it('serves the list from the cache until a review changes', async () => {
    const before = await list();
    const user = await createUser(t.db, { firstName: 'Cached' });
    expect((await add({ comment: 'Newest of all', ratings: 5 }, await sessionCookie(t.db, user.id))).statusCode).toBe(
      201,
    );
    const after = await list();
    expect(after.reviews[0]?.comment).toBe('Newest of all');
    expect((after as unknown as { total: number }).total).toBe((before as unknown as { total: number }).total + 1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/admin/user/${user.id}`,
      headers: { cookie: adminCookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await list()).reviews[0]?.comment).not.toBe('Newest of all');
  });
});

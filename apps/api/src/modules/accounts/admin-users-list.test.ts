/** GET /api/user/admin/user paged, searched and sorted on the server, and GET /api/user/admin/user/:id. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser, loginAs } from '../../../test/factories.js';
import { users } from '../../db/schema.js';

interface ListedUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'Admin' | 'User';
}
interface UserList {
  success: true;
  AllUsers: ListedUser[];
  userDocCount: number;
}

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
/** Every user made here, oldest first (the admin first). */
const made: ListedUser[] = [];

const PEOPLE: Omit<ListedUser, '_id'>[] = [
  { firstName: 'Anil', lastName: 'Admin', email: 'anil@shop.example', role: 'Admin' },
  { firstName: 'Sita', lastName: 'Rao', email: 'sita.rao@example.com', role: 'User' },
  { firstName: 'ravi', lastName: 'Kumar', email: 'ravi_k@example.com', role: 'User' },
  { firstName: 'Meena', lastName: 'Iyer', email: 'ravixk@example.com', role: 'User' },
  { firstName: 'Per%cent', lastName: 'Shah', email: 'pc@example.com', role: 'User' },
  { firstName: 'Kiran', lastName: 'Bose', email: 'kiran@example.org', role: 'Admin' },
  { firstName: 'Deepa', lastName: 'nair', email: 'deepa@example.net', role: 'User' },
];

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000' });
  for (const [i, person] of PEOPLE.entries()) {
    const row = await createUser(t.db, person);
    // A minute apart: two accounts made in the same clock tick would be ordered by their random ids.
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000) })
      .where(eq(users.id, row.id));
    made.push({ _id: row.id, ...person });
  }
  adminCookie = await loginAs(t.app, 'anil@shop.example');
  shopperCookie = await loginAs(t.app, 'sita.rao@example.com');
});
afterAll(() => t.close());

const list = (query = '', cookie: string | null = adminCookie) =>
  t.app.inject({ method: 'GET', url: `/api/user/admin/user${query}`, headers: cookie ? { cookie } : {} });

async function listed(query = ''): Promise<UserList> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return body<UserList>(response);
}

const ids = (data: UserList) => data.AllUsers.map((user) => user._id);
const byId = (a: ListedUser, b: ListedUser) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

describe('GET /api/user/admin/user with paging, search and sort', () => {
  it('without them answers every user, oldest first, as before', async () => {
    const data = await listed();
    expect(data).toEqual({ success: true, AllUsers: made, userDocCount: made.length });
  });

  it('pages, and the count counts every user', async () => {
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const data = await listed(`?page=${page}&limit=3`);
      expect(data.userDocCount).toBe(made.length);
      paged.push(...ids(data));
    }
    expect(paged).toEqual(made.map((user) => user._id));
    expect((await listed('?page=1')).AllUsers.length).toBe(made.length);
    expect((await listed('?page=5&limit=3')).AllUsers).toEqual([]);
  });

  it('searches the full name and the email as plain text in any case', async () => {
    const found = async (q: string) =>
      (await listed(`?q=${encodeURIComponent(q)}`)).AllUsers.map((user) => user.firstName).sort();
    expect(await found('sita rao')).toEqual(['Sita']);
    expect(await found('NAIR')).toEqual(['Deepa']);
    expect(await found('@example.org')).toEqual(['Kiran']);
    expect(await found('ravi')).toEqual(['Meena', 'ravi']);
    expect(await found('ravi_')).toEqual(['ravi']);
    expect(await found('%')).toEqual(['Per%cent']);
    expect(await found('r%c')).toEqual(['Per%cent']);
    expect(await found('nobody')).toEqual([]);
    const counted = await listed('?q=example.com&page=1&limit=2');
    expect(counted.userDocCount).toBe(4);
    expect(counted.AllUsers.length).toBe(2);
  });

  it('sorts by each column both ways, ties broken by id', async () => {
    const key = {
      firstName: (user: ListedUser) => user.firstName.toLowerCase(),
      lastName: (user: ListedUser) => user.lastName.toLowerCase(),
      email: (user: ListedUser) => user.email,
    };
    for (const sort of ['firstName', 'lastName'] as const) {
      const expected = [...made].sort((a, b) => key[sort](a).localeCompare(key[sort](b), 'en')).map((u) => u._id);
      expect(ids(await listed(`?sort=${sort}`)), sort).toEqual(expected);
      expect(ids(await listed(`?sort=${sort}&order=desc`)), sort).toEqual([...expected].reverse());
    }
    // Admin before User (the order the roles are declared in), ties by id.
    const roles = [...made].sort((a, b) => (a.role === b.role ? byId(a, b) : a.role === 'Admin' ? -1 : 1));
    expect(ids(await listed('?sort=role'))).toEqual(roles.map((user) => user._id));
    expect(ids(await listed('?sort=role&order=desc'))).toEqual(roles.map((user) => user._id).reverse());
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) paged.push(...ids(await listed(`?sort=role&page=${page}&limit=2`)));
    expect(paged).toEqual(roles.map((user) => user._id));
    const emails = (await listed('?sort=email')).AllUsers.map((user) => user.email);
    expect(emails[0]).toBe('anil@shop.example');
    expect(emails.at(-1)).toBe('sita.rao@example.com');
    expect(ids(await listed('?sort=createdAt&order=desc'))).toEqual(made.map((user) => user._id).reverse());
  });

  it('refuses a bad page, limit, sort or order with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['?page=0', /page must be 1 or more/],
      ['?page=x', /page must be a whole number/],
      ['?limit=501', /limit must be at most 500/],
      ['?limit=-1', /limit must be 1 or more/],
      ['?sort=password', /sort must be one of: firstName, lastName, email, role, createdAt/],
      ['?order=sideways', /order must be one of: asc, desc/],
      [`?q=${'a'.repeat(101)}`, /q must be at most 100 characters/],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(body(response)).toEqual({
        success: false,
        message: expect.stringMatching(message),
        code: expect.any(String),
        values: expect.any(Object),
      });
    }
  });

  it('is for admins only', async () => {
    expect((await list('?page=1&q=a', null)).statusCode).toBe(401);
    expect((await list('?page=1&q=a', shopperCookie)).statusCode).toBe(403);
  });

  it('shows a registration and a deletion at once (cached pages are dropped)', async () => {
    const query = '?q=newcomer&page=1&limit=50';
    expect((await listed(query)).userDocCount).toBe(0);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        firstName: 'New',
        lastName: 'Comer',
        email: 'newcomer@example.com',
        password: 'a-long-password-1',
        confirmPassword: 'a-long-password-1',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const after = await listed(query);
    expect(after.AllUsers.map((user) => user.email)).toEqual(['newcomer@example.com']);
    const id = after.AllUsers[0]?._id;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/admin/user/${id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await listed(query)).userDocCount).toBe(0);
  });

  it('never sends a secret', async () => {
    const response = await list('?q=example&sort=email&page=1&limit=50');
    expect(response.body).not.toMatch(/\$argon2|password/i);
  });
});

describe('GET /api/user/admin/user/:id', () => {
  const one = (id: string, cookie: string | null = adminCookie) =>
    t.app.inject({ method: 'GET', url: `/api/user/admin/user/${id}`, headers: cookie ? { cookie } : {} });

  it('answers one user in the public view', async () => {
    const sita = made[1] as ListedUser;
    const response = await one(sita._id);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, user: sita });
    expect(response.body).not.toMatch(/\$argon2|password/i);
  });

  it('shows a role change at once', async () => {
    const deepa = made[6] as ListedUser;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/user/${deepa._id}`,
      headers: { cookie: adminCookie },
      payload: { UserRole: 'Admin' },
    });
    expect(changed.statusCode).toBe(200);
    expect(body<{ user: ListedUser }>(await one(deepa._id)).user.role).toBe('Admin');
    expect((await listed('?q=deepa&page=1')).AllUsers[0]?.role).toBe('Admin');
  });

  it('answers an unknown or malformed id with 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await one(id);
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ success: false, message: 'User not found', code: 'userNotFound', values: {} });
    }
  });

  it('is for admins only', async () => {
    expect((await one(made[1]?._id ?? '', null)).statusCode).toBe(401);
    expect((await one(made[1]?._id ?? '', shopperCookie)).statusCode).toBe(403);
  });
});

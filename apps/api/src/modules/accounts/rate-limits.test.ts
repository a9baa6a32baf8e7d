import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    TRUST_PROXY: '1',
    LOGIN_MAX_PER_IP: '8',
    LOGIN_MAX_FAILED_PER_ACCOUNT: '3',
    RESET_EMAIL_MAX_PER_IP: '4',
    RESET_EMAIL_MAX_PER_ACCOUNT: '2',
    REGISTER_MAX_PER_IP: '3',
  });
});
afterAll(() => t.close());

/** Each test uses its own client address (trusted X-Forwarded-For), so budgets do not mix. */
let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

const login = (ip: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'x-forwarded-for': ip },
    payload: { email, password },
  });

function expectTooMany(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode).toBe(429);
  const data = body<{ success: boolean; message: string }>(response);
  expect(data.success).toBe(false);
  expect(data.message).toMatch(/try again in \d+ minutes?/i);
  // The same wait for clients that read headers: whole minutes, as the message says.
  const minutes = Number(/in (\d+) minute/.exec(data.message)?.[1]);
  expect(response.headers['retry-after']).toBe(String(minutes * 60));
}

describe('login limits', () => {
  it('locks an account after too many failed attempts, even with the right password, from any address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await login(newAddress(), user.email, 'wrong-password')).statusCode).toBe(401);
    expectTooMany(await login(newAddress(), user.email, TEST_PASSWORD));
    expectTooMany(await login(newAddress(), user.email.toUpperCase(), 'wrong-password'));
    // Other accounts are unaffected.
    const other = await createUser(t.db);
    expect((await login(newAddress(), other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a success clears the attempts counted for the account', async () => {
    const user = await createUser(t.db);
    for (let round = 0; round < 3; round++) {
      const ip = newAddress();
      expect((await login(ip, user.email, 'wrong-password')).statusCode).toBe(401);
      expect((await login(ip, user.email, 'wrong-password')).statusCode).toBe(401);
      expect((await login(ip, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('limits the attempts of one client address across accounts', async () => {
    const ip = newAddress();
    for (let i = 0; i < 8; i++) {
      expect((await login(ip, `unknown-${i}@example.com`, 'wrong-password')).statusCode).toBe(401);
    }
    const user = await createUser(t.db);
    expectTooMany(await login(ip, user.email, TEST_PASSWORD));
    // Another address still gets in.
    expect((await login(newAddress(), user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('checks at most the budget of passwords when guesses arrive all at once', async () => {
    const user = await createUser(t.db);
    // All wrong: a right guess among the first three checked would rightly clear the count (a
    // success does) and let later guesses through, which says nothing about the budget.
    const guesses = Array.from({ length: 30 }, (_, i) => `wrong-password-${i}`);
    const responses = await Promise.all(guesses.map((password) => login(newAddress(), user.email, password)));
    const checked = responses.filter((response) => response.statusCode !== 429);
    expect(checked.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectTooMany(response);
    // The budget is spent: the right password is not even checked now.
    expectTooMany(await login(newAddress(), user.email, TEST_PASSWORD));
  });

  it('treats unknown emails like known ones (no enumeration through the limit)', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(newAddress(), 'ghost@example.com', 'wrong-password')).statusCode).toBe(401);
    }
    expectTooMany(await login(newAddress(), 'ghost@example.com', 'wrong-password'));
  });
});

describe('device cookies', () => {
  const loginWith = (cookie: string | undefined, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-forwarded-for': newAddress(), ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });
  const deviceOf = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((c) => c.name === 'device');
    if (!cookie) throw new Error('no device cookie');
    expect(cookie.httpOnly).toBe(true);
    return `device=${cookie.value}`;
  };

  it("let the owner's browser in while strangers have locked the account", async () => {
    const user = await createUser(t.db);
    const device = deviceOf(await loginWith(undefined, user.email, TEST_PASSWORD));
    for (let i = 0; i < 3; i++) expect((await loginWith(undefined, user.email, 'wrong')).statusCode).toBe(401);
    expectTooMany(await loginWith(undefined, user.email, TEST_PASSWORD));
    expect((await loginWith(device, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('are themselves limited when they start failing', async () => {
    const user = await createUser(t.db);
    const device = deviceOf(await loginWith(undefined, user.email, TEST_PASSWORD));
    for (let i = 0; i < 3; i++) expect((await loginWith(device, user.email, 'wrong')).statusCode).toBe(401);
    expectTooMany(await loginWith(device, user.email, TEST_PASSWORD));
  });

  it('count only for the account they were set for, and only when signed by the shop', async () => {
    const owner = await createUser(t.db);
    const victim = await createUser(t.db);
    const device = deviceOf(await loginWith(undefined, owner.email, TEST_PASSWORD));
    for (let i = 0; i < 3; i++) expect((await loginWith(undefined, victim.email, 'wrong')).statusCode).toBe(401);
    expectTooMany(await loginWith(device, victim.email, TEST_PASSWORD));
    const [nonce] = device.slice('device='.length).split('.');
    expectTooMany(await loginWith(`device=${nonce}.forged`, victim.email, TEST_PASSWORD));
  });
});

describe('reset email limits', () => {
  const requestReset = (ip: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/send-reset-password-email',
      headers: { 'x-forwarded-for': ip },
      payload: { email },
    });

  it('limits mails per account and per address', async () => {
    const user = await createUser(t.db);
    const before = t.mails.length;
    expect((await requestReset(newAddress(), user.email)).statusCode).toBe(200);
    expect((await requestReset(newAddress(), user.email)).statusCode).toBe(200);
    expectTooMany(await requestReset(newAddress(), user.email));
    await t.settle();
    expect(t.mails.length).toBe(before + 2);

    const ip = newAddress();
    for (let i = 0; i < 4; i++) expect((await requestReset(ip, `someone-${i}@example.com`)).statusCode).toBe(200);
    expectTooMany(await requestReset(ip, 'someone-else@example.com'));
  });
});

describe('register limits', () => {
  it('limits registrations per address', async () => {
    const ip = newAddress();
    const register = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        headers: { 'x-forwarded-for': ip },
        payload: {
          firstName: 'New',
          lastName: 'Shopper',
          email: `new-${n}-${Date.now()}@example.com`,
          password: 'fresh-mangoes-1',
          confirmPassword: 'fresh-mangoes-1',
        },
      });
    for (let i = 0; i < 3; i++) expect((await register(i)).statusCode).toBe(201);
    expectTooMany(await register(3));
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const untrusting = await buildTestApp({ LOGIN_MAX_PER_IP: '3' });
    try {
      const attempt = (ip: string) =>
        untrusting.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'x-forwarded-for': ip },
          payload: { email: `x-${ip}@example.com`, password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`198.51.100.${i}`)).statusCode).toBe(401);
      // A new forged address does not buy a new budget.
      expect((await attempt('198.51.100.99')).statusCode).toBe(429);
    } finally {
      await untrusting.close();
    }
  });
});

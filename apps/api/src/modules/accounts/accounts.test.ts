import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser, loginAs, TEST_PASSWORD } from '../../../test/factories.js';
import { sessions, users } from '../../db/schema.js';

let t: TestApp;

beforeAll(async () => {
  // Plenty of logins happen in this file; the limits themselves are tested in rate-limits.test.ts.
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000', REGISTER_MAX_PER_IP: '100000' });
});
afterAll(() => t.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const register = (payload: unknown) =>
  inject({ method: 'POST', url: '/api/user/register', payload: payload as object });
const login = (payload: unknown) => inject({ method: 'POST', url: '/api/user/login', payload: payload as object });
const me = (cookie?: string) =>
  inject({ method: 'GET', url: '/api/user/getloggeduser', headers: cookie ? { cookie } : {} });

let emailCounter = 0;
const newEmail = () => `person${++emailCounter}-${Date.now()}@example.com`;
const validRegistration = () => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: newEmail(),
  password: 'fresh-mangoes-1',
  confirmPassword: 'fresh-mangoes-1',
});

/** No response may ever carry a password hash (argon2 strings start like this). */
function expectNoSecrets(text: string) {
  expect(text).not.toMatch(/\$argon2/);
  expect(text.toLowerCase()).not.toContain('passwordhash');
  expect(text.toLowerCase()).not.toContain('password_hash');
}

describe('GET /api/user/getloggeduser', () => {
  it('answers a visitor with 401 and an empty message', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ success: false, user: null, message: '' });
  });

  it('answers a logged-in user with the public view', async () => {
    const user = await createUser(t.db, { firstName: 'Meera', lastName: 'Iyer' });
    const response = await me(await loginAs(t.app, user.email));
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      success: true,
      user: { _id: user.id, firstName: 'Meera', lastName: 'Iyer', email: user.email, role: 'User' },
    });
    expectNoSecrets(response.body);
  });

  it('treats forged, malformed and stale cookies as a visitor', async () => {
    for (const cookie of [
      'token=forged',
      `token=${'A'.repeat(43)}`,
      "token=' OR '1'='1",
      `token=${'x'.repeat(5000)}`,
    ]) {
      const response = await me(cookie);
      expect(response.statusCode).toBe(401);
    }
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
    // Logging in again clears the user's expired sessions away.
    await loginAs(t.app, user.email);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('POST /api/user/register', () => {
  it('creates a User and answers 201 with the public view, without logging in', async () => {
    const payload = validRegistration();
    const response = await register({ ...payload, email: `  ${payload.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    const data = body<{ success: boolean; message: string; NewUser: Record<string, unknown> }>(response);
    expect(data.success).toBe(true);
    expect(data.message).toBe('Register SuccessFully..!!');
    expect(data.NewUser).toEqual({
      _id: expect.any(String),
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: payload.email,
      role: 'User',
    });
    expect(response.cookies.find((c) => c.name === 'token')).toBeUndefined();
    expectNoSecrets(response.body);
    // The new account can log in, with the email in any case.
    const loggedIn = await login({ email: payload.email.toUpperCase(), password: payload.password });
    expect(loggedIn.statusCode).toBe(200);
  });

  it('ignores role and UserRole smuggled into the body', async () => {
    const payload = { ...validRegistration(), role: 'Admin', UserRole: 'Admin', _id: 'x', passwordHash: 'y' };
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    expect(body<{ NewUser: { role: string } }>(response).NewUser.role).toBe('User');
    const [row] = await t.db.select().from(users).where(eq(users.email, payload.email));
    expect(row?.role).toBe('User');
    expect(row?.passwordHash).toMatch(/^\$argon2/);
  });

  it('lists every problem, one string each, and creates nothing', async () => {
    const response = await register({ firstName: ' ', email: 'not-an-email', password: 'short', confirmPassword: 'x' });
    expect(response.statusCode).toBe(400);
    const data = body<{ success: boolean; message: string[] }>(response);
    expect(data.success).toBe(false);
    expect(Array.isArray(data.message)).toBe(true);
    expect(data.message).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Last name is required',
        'Email is not valid',
        'Password must be at least 8 characters',
      ]),
    );
    const [row] = await t.db.select().from(users).where(eq(users.email, 'not-an-email'));
    expect(row).toBeUndefined();
  });

  it('refuses a password confirmation that does not match', async () => {
    const response = await register({ ...validRegistration(), confirmPassword: 'something-else' });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toEqual(['Password and confirm password do not match']);
  });

  it('refuses a duplicate email (any case) with 409 and a list', async () => {
    const payload = validRegistration();
    expect((await register(payload)).statusCode).toBe(201);
    const again = await register({ ...payload, email: payload.email.toUpperCase(), firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toEqual(['An account with this email already exists']);
  });

  it('answers object-shaped and empty bodies with 400, never 500', async () => {
    for (const payload of [{}, { firstName: { $gt: '' }, email: ['a'] }, [1, 2]]) {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(Array.isArray(body(response).message)).toBe(true);
    }
  });
});

describe('POST /api/user/login', () => {
  it('logs in, sets a safe session cookie and never puts the token in the body', async () => {
    const user = await createUser(t.db, { firstName: 'Kiran' });
    const response = await login({ email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const data = body<{ success: boolean; message: string; user: Record<string, unknown> }>(response);
    expect(data.success).toBe(true);
    expect(data.user).toEqual({ _id: user.id, firstName: 'Kiran', lastName: 'Patel', email: user.email, role: 'User' });
    const cookie = response.cookies.find((c) => c.name === 'token');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeFalsy();
    expect(response.body).not.toContain(cookie?.value);
    expectNoSecrets(response.body);
    // The database keeps only a hash of the token.
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash)).not.toContain(cookie?.value);
  });

  it('gives the same 401 text for an unknown email and a wrong password', async () => {
    const user = await createUser(t.db);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody-here@example.com', password: TEST_PASSWORD });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({
        success: false,
        message: 'Invalid email or password',
        code: 'badCredentials',
        values: {},
      });
      expect(response.cookies.find((c) => c.name === 'token')).toBeUndefined();
    }
  });

  it('refuses SQL-shaped credentials with 401', async () => {
    await createUser(t.db, { email: 'victim@example.com' });
    for (const payload of [
      { email: "' OR '1'='1", password: "' OR '1'='1" },
      { email: "victim@example.com' --", password: 'x' },
      { email: 'victim@example.com', password: "' OR 1=1; DROP TABLE users; --" },
      { email: 'a'.repeat(400), password: 'x' },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(body(response).message).toBe('Invalid email or password');
    }
    expect((await t.db.select().from(users).where(eq(users.email, 'victim@example.com'))).length).toBe(1);
  });

  it('refuses object-shaped and missing fields with 400, never 500', async () => {
    for (const payload of [
      { email: { $ne: null }, password: { $ne: null } },
      { email: 'victim@example.com', password: { $gt: '' } },
      { email: ['victim@example.com'], password: 'x' },
      { email: 'victim@example.com' },
      {},
      [],
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(body(response)).toEqual({
        success: false,
        message: 'Email and password are required',
        code: 'credentialsRequired',
        values: {},
      });
    }
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).success).toBe(false);
  });
});

describe('logout', () => {
  it('GET and POST clear the cookie and delete the session', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const user = await createUser(t.db);
      const cookie = await loginAs(t.app, user.email);
      const response = await inject({ method, url: '/api/user/logOut', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ success: true, message: 'Logout Success..!!' });
      const cleared = response.cookies.find((c) => c.name === 'token');
      expect(cleared?.value).toBe('');
      expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(0);
      // The old cookie is dead on the very next request.
      expect((await me(cookie)).statusCode).toBe(401);
    }
  });

  it('ends only the session it is called with', async () => {
    const user = await createUser(t.db);
    const phone = await loginAs(t.app, user.email);
    const laptop = await loginAs(t.app, user.email);
    await inject({ method: 'GET', url: '/api/user/logOut', headers: { cookie: phone } });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('is harmless for a visitor and refuses a cross-site navigation', async () => {
    expect((await inject({ method: 'GET', url: '/api/user/logOut' })).statusCode).toBe(200);
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    const response = await inject({
      method: 'GET',
      url: '/api/user/logOut',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });
});

describe('PUT /api/user/changePassword', () => {
  const change = (cookie: string | undefined, payload: unknown) =>
    inject({
      method: 'PUT',
      url: '/api/user/changePassword',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it('needs a logged-in user', async () => {
    const response = await change(undefined, { password: 'new-password-1', confirm_password: 'new-password-1' });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(t.db);
    const current = await loginAs(t.app, user.email);
    const other = await loginAs(t.app, user.email);
    const response = await change(current, { password: 'new-password-1', confirm_password: 'new-password-1' });
    expect(response.statusCode).toBe(200);
    expect(body(response).success).toBe(true);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: 'new-password-1' })).statusCode).toBe(200);
  });

  it('refuses a mismatch, a short password and object fields with 400 and changes nothing', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    for (const payload of [
      { password: 'new-password-1', confirm_password: 'new-password-2' },
      { password: 'short', confirm_password: 'short' },
      { password: { $ne: '' }, confirm_password: { $ne: '' } },
      {},
    ]) {
      const response = await change(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(typeof body(response).message).toBe('string');
    }
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  /** Makes every session of the user as old as `minutes`, as if they logged in that long ago. */
  const ageSessions = (userId: string, minutes: number) =>
    t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(sessions.userId, userId));

  it('checks the current password when it is sent: a wrong one is a 400 and changes nothing', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    const wrong = await change(cookie, {
      currentPassword: 'not-my-password',
      password: 'new-password-1',
      confirm_password: 'new-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({
      success: false,
      message: 'The current password is not correct',
      code: 'currentPasswordWrong',
      values: {},
    });
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    const right = await change(cookie, {
      currentPassword: TEST_PASSWORD,
      password: 'new-password-1',
      confirm_password: 'new-password-1',
    });
    expect(right.statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'new-password-1' })).statusCode).toBe(200);
  });

  it('needs the current password when the login is older than 10 minutes; a recent login is enough without it', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    await ageSessions(user.id, 9);
    expect((await change(cookie, { password: 'new-password-1', confirm_password: 'new-password-1' })).statusCode).toBe(
      200,
    );

    await ageSessions(user.id, 11);
    for (const currentPassword of [undefined, '']) {
      const response = await change(cookie, {
        currentPassword,
        password: 'new-password-2',
        confirm_password: 'new-password-2',
      });
      expect(response.statusCode).toBe(400);
      expect(body(response)).toEqual({
        success: false,
        message: 'Please enter your current password: you logged in more than 10 minutes ago',
        code: 'currentPasswordNeeded',
        values: {},
      });
    }
    expect((await login({ email: user.email, password: 'new-password-1' })).statusCode).toBe(200);

    const withIt = await change(cookie, {
      currentPassword: 'new-password-1',
      password: 'new-password-2',
      confirm_password: 'new-password-2',
    });
    expect(withIt.statusCode).toBe(200);
  });

  it('limits wrong current passwords per account, like failed logins', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.app, user.email);
    const guesses: number[] = [];
    for (let i = 0; i < t.config.rateLimits.loginFailedPerAccount + 1; i += 1) {
      const guess = await change(cookie, {
        currentPassword: `guess-${i}-password`,
        password: 'new-password-1',
        confirm_password: 'new-password-1',
      });
      guesses.push(guess.statusCode);
    }
    expect(guesses.at(-1)).toBe(429);
    expect(guesses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });
});

describe('request guards', () => {
  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const user = await createUser(t.db);
    const response = await inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'https://evil.example.com' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === 'token')).toBeUndefined();
    const malformed = await inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { origin: 'null' },
      payload: validRegistration(),
    });
    expect(malformed.statusCode).toBe(403);
  });

  it('accepts the shop’s own Origin', async () => {
    const user = await createUser(t.db);
    const response = await inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a text/plain or form body with 415', async () => {
    const user = await createUser(t.db);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': type },
        payload: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
      });
      expect(response.statusCode).toBe(415);
      expect(body(response).success).toBe(false);
    }
  });
});

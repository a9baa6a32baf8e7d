/**
 * Mails only to confirmed addresses (decision 0055, third audit): registering mails a confirmation
 * link and nothing else reaches the address until it is followed (or a reset link is). Before this,
 * an account registered with somebody else's address sent them order and complaint mails carrying
 * the registrant's text.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser, loginAs, TEST_PASSWORD } from '../../../test/factories.js';
import { packAsOrdered, placeOrder } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { emailConfirmationTokens, users } from '../../db/schema.js';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({
    REGISTER_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_IP: '100000',
    RESET_EMAIL_MAX_PER_IP: '100000',
    RESET_EMAIL_MAX_PER_ACCOUNT: '100000',
  });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t.close());

const CONFIRM_LINK = /http:\/\/localhost:3000\/confirm-email\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;
const INVALID =
  'The confirmation link is invalid or has expired. Log in and ask for a new one on the Notifications page.';

let sequence = 0;
async function register(firstName = 'Kavya') {
  const email = `confirm-${Date.now().toString(36)}-${sequence++}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { firstName, lastName: 'Iyer', email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.settle();
  const id = body<{ NewUser: { _id: string } }>(response).NewUser._id;
  return { id, email, cookie: await loginAs(t.app, email) };
}

const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email);
function linkIn(text: string | undefined) {
  const match = CONFIRM_LINK.exec(text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no confirmation link in ${text}`);
  return { id: match[1], token: match[2] };
}
const confirm = (id: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/confirm-email/${id}/${token}` });
const askAgain = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/my/email-confirmation', headers: { cookie } });
const isConfirmed = async (id: string) =>
  (await t.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, id)))[0]?.at != null;

describe('registering mails a confirmation link', () => {
  it('sends one mail with a single-use link to the public address; following it confirms the address', async () => {
    const shopper = await register('Kavya');
    const mails = mailsTo(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/confirm your email address/i);
    expect(mails[0]?.text).toContain('Kavya');
    const link = linkIn(mails[0]?.text);
    expect(link.id).toBe(shopper.id);
    // Only the token's hash is kept.
    const [stored] = await t.db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.userId, shopper.id));
    expect(stored?.tokenHash).not.toBe(link.token);
    expect(await isConfirmed(shopper.id)).toBe(false);

    const confirmed = await confirm(link.id, link.token);
    expect(confirmed.statusCode).toBe(200);
    expect(body(confirmed)).toMatchObject({ success: true, code: 'emailConfirmed' });
    expect(await isConfirmed(shopper.id)).toBe(true);
    // Spent: the same link again is refused, and the address stays confirmed.
    const again = await confirm(link.id, link.token);
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(INVALID);
    expect(await isConfirmed(shopper.id)).toBe(true);
  });

  it('refuses a link with another user id, a made-up token or a malformed one, changing nothing', async () => {
    const shopper = await register();
    const other = await register();
    const link = linkIn(mailsTo(shopper.email)[0]?.text);
    for (const url of [
      `/api/user/confirm-email/${other.id}/${link.token}`,
      `/api/user/confirm-email/${shopper.id}/${'A'.repeat(43)}`,
      `/api/user/confirm-email/${shopper.id}/short`,
      `/api/user/confirm-email/not-a-uuid/${link.token}`,
    ]) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(400);
      expect(body(response).message).toBe(INVALID);
    }
    expect(await isConfirmed(shopper.id)).toBe(false);
    expect(await isConfirmed(other.id)).toBe(false);
  });
});

describe('nothing but the links reaches an unconfirmed address', () => {
  it('sends no order, bill or complaint mail until the address is confirmed, then sends them', async () => {
    const product = await createProduct(t.db, { name: 'Okra', rate: 60, stockKg: 20, weightsKg: [1] });
    const shopper = await register();
    const placed = await placeOrder(t, shopper.cookie, [{ id: product.id, quantity: 1 }]);
    await packAsOrdered(t, adminCookie, placed);
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/api/user/complaints',
      payload: { subject: 'Refund pending', message: 'Visit evil.example/kyc to claim your refund now' },
      headers: { cookie: shopper.cookie },
    });
    expect(complaint.statusCode).toBe(201);
    await t.settle();
    // The confirmation mail alone: no order placed, final bill or complaint mail.
    expect(mailsTo(shopper.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/confirm/i)]);

    const link = linkIn(mailsTo(shopper.email)[0]?.text);
    expect((await confirm(link.id, link.token)).statusCode).toBe(200);
    const second = await placeOrder(t, shopper.cookie, [{ id: product.id, quantity: 1 }]);
    await packAsOrdered(t, adminCookie, second);
    await t.settle();
    const subjects = mailsTo(shopper.email).map((mail) => mail.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects[2]).toMatch(/is packed/);
  });

  it('sends no goodbye mail to an unconfirmed address when the account is deleted', async () => {
    const shopper = await register();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      payload: { password: TEST_PASSWORD },
      headers: { cookie: shopper.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.settle();
    expect(mailsTo(shopper.email)).toHaveLength(1);
  });

  it('counts a followed reset link as confirming the address', async () => {
    const shopper = await register();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/send-reset-password-email',
      payload: { email: shopper.email },
    });
    await t.settle();
    const reset = /reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/.exec(
      mailsTo(shopper.email).at(-1)?.text ?? '',
    );
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/user/reset-password/${reset?.[1]}/${reset?.[2]}`,
      payload: { password: 'brand-new-pass-1', confirm_password: 'brand-new-pass-1' },
    });
    expect(done.statusCode).toBe(200);
    expect(await isConfirmed(shopper.id)).toBe(true);
    // The confirmation link mailed before is spent with it.
    const link = linkIn(mailsTo(shopper.email)[0]?.text);
    expect((await confirm(link.id, link.token)).statusCode).toBe(400);
  });
});

describe('POST /api/user/my/email-confirmation', () => {
  it('mails a new link, three an hour, and answers 409 once the address is confirmed', async () => {
    const shopper = await register();
    for (let i = 0; i < 3; i++) {
      const response = await askAgain(shopper.cookie);
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({ code: 'confirmMailSent', values: { email: shopper.email } });
    }
    await t.settle();
    expect(mailsTo(shopper.email)).toHaveLength(4);
    const limited = await askAgain(shopper.cookie);
    expect(limited.statusCode).toBe(429);
    await t.settle();
    expect(mailsTo(shopper.email)).toHaveLength(4);

    // Any unspent link of theirs works; it spends the others.
    const links = mailsTo(shopper.email).map((mail) => linkIn(mail.text));
    expect(new Set(links.map((link) => link.token)).size).toBe(4);
    expect((await confirm(shopper.id, links[1]!.token)).statusCode).toBe(200);
    expect((await confirm(shopper.id, links[3]!.token)).statusCode).toBe(400);

    const other = await createUser(t.db);
    const already = await askAgain(await sessionCookie(t.db, other.id));
    expect(already.statusCode).toBe(409);
    expect(body(already).code).toBe('emailAlreadyConfirmed');
  });

  it('needs a logged-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/user/my/email-confirmation' })).statusCode).toBe(401);
  });

  it('tells the notifications page whether the address is confirmed', async () => {
    const shopper = await register();
    const read = async () =>
      body<{ emailConfirmed: boolean }>(
        await t.app.inject({ method: 'GET', url: '/api/user/my/notifications', headers: { cookie: shopper.cookie } }),
      ).emailConfirmed;
    expect(await read()).toBe(false);
    const link = linkIn(mailsTo(shopper.email)[0]?.text);
    await confirm(link.id, link.token);
    expect(await read()).toBe(true);
  });
});

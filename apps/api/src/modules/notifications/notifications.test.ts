/**
 * Notifications (issue 30, decision 0045), against a local server that answers as the WhatsApp
 * Business Cloud API documents (test/fake-whatsapp-cloud-api.ts): the shopper's channels (email on,
 * WhatsApp off until chosen with a number; bad input a 400 that changes nothing), the outbox
 * written by the order events in the shopper's language (Hindi templates), sent once, retried after
 * a Cloud API failure, held back by a rate limit's Retry-After, failed for good on a refused
 * request or when the attempts run out; opt-outs honoured on both channels; two dispatchers never
 * sending one message twice; the status webhook (verification, signature, statuses forward only);
 * the khata reminder; and, without the Cloud API, the admin's wa.me link and no outbox at all.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { createHmac } from 'node:crypto';
import type {
  NotificationMessage,
  NotificationSettingsAnswer,
  NotificationTemplate,
  OrderNotificationsAnswer,
} from '@mandi/shared/schemas';
import { NOTIFICATION_TEMPLATES } from '@mandi/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { cloudError, type FakeCloudApi, startFakeCloudApi } from '../../../test/fake-whatsapp-cloud-api.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { khataAccounts, notificationMessages, notificationSettings, users } from '../../db/schema.js';
import { createAfterAnswerQueue } from '../../lib/after-answer.js';
import { createNotificationDispatcher } from './notifications.dispatcher.js';
import {
  displayName,
  judgeAnswer,
  nextStatus,
  orderParameters,
  retryAfterSeconds,
  templateText,
} from './notifications.rules.js';
import { createWhatsAppClient } from './notifications.whatsapp.js';

const SHIPPING = { address: '14 Lake View Road', city: 'Pune', mobileNumber: '9822012345', pinCode: '411001' };
const APP_SECRET = 'test-app-secret';
const VERIFY_TOKEN = 'verify-me-123';

/** How many parameters a template's body takes (the Cloud API refuses another count): its unfilled `{{n}}`. */
const parameterCount = (template: NotificationTemplate, language: 'en' | 'hi') =>
  new Set(templateText(template, language, []).match(/\{\{\d+\}\}/g) ?? []).size;

let cloud: FakeCloudApi;
let t: TestApp;
let adminCookie: string;
let productId: string;

beforeAll(async () => {
  cloud = await startFakeCloudApi();
  t = await buildTestApp({
    WHATSAPP_TOKEN: cloud.token,
    WHATSAPP_PHONE_NUMBER_ID: cloud.phoneNumberId,
    WHATSAPP_API_URL: cloud.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_RETRY_SECONDS: '0.2',
    WHATSAPP_MAX_ATTEMPTS: '3',
    // Sent at once here; a test of its own waits for the delay.
    WHATSAPP_PLACED_DELAY_SECONDS: '0',
    SHOP_PHONE: '9822000111',
  });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  productId = (await createProduct(t.db, { name: 'Desi Tomato', rate: 40, stockKg: 500, weightsKg: [0.5, 1, 2] })).id;
});
afterAll(async () => {
  await t?.close();
  await cloud?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function shopper(options: { language?: 'en' | 'hi'; firstName?: string } = {}) {
  const user = await createUser(t.db, { firstName: options.firstName ?? 'Asha' });
  if (options.language) await t.db.update(users).set({ language: options.language }).where(eq(users.id, user.id));
  return { id: user.id, email: user.email, cookie: await sessionCookie(t.db, user.id) };
}

/** A Cloud API webhook call's text carrying one change `value` (statuses, or messages shoppers sent). */
const webhookText = (value: Record<string, unknown>) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      { id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] },
    ],
  });
const sign = (text: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(text, 'utf8').digest('hex')}`;

/** A message from `from` (91 and ten digits) to the shop's WhatsApp, as the Cloud API's signed webhook reports it. */
function messageFrom(from: string) {
  const text = webhookText({
    messages: [{ from, id: `wamid.in-${from}-${Date.now()}`, type: 'text', text: { body: 'START messages' } }],
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/notifications/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(text) },
    payload: text,
  });
}

/** The shopper chooses WhatsApp with a number and proves it with a first message to the shop (decision 0055). */
async function chooseWhatsApp(cookie: string, whatsappNumber = '98220 12345', email = true, prove = true) {
  const saved = await inject('PUT', '/api/user/my/notifications', cookie, { email, whatsapp: true, whatsappNumber });
  expect(saved.statusCode, saved.body).toBe(200);
  if (prove) {
    const number = body<{ settings: { whatsappNumber: string } }>(saved).settings.whatsappNumber;
    expect((await messageFrom(`91${number}`)).statusCode).toBe(200);
  }
}

async function place(cookie: string): Promise<string> {
  const placed = await inject('POST', '/api/user/new/order', cookie, {
    cartItems: [{ id: productId, quantity: 1 }],
    shippingInfo: SHIPPING,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return body<{ order: { _id: string } }>(placed).order._id;
}

const messagesOf = (orderId: string) =>
  t.db
    .select()
    .from(notificationMessages)
    .where(eq(notificationMessages.orderId, orderId))
    .orderBy(notificationMessages.id);

// A test waits for several messages in turn, each up to `eventually`'s bound.
vi.setConfig({ testTimeout: 240_000 });

/**
 * Polls until `check` passes (the dispatcher sends after the answer, retries on its timer). Longer
 * than the outbox's idle poll (a minute): on a loaded machine a message queued as a run ends is
 * sent by the next look, which is a behaviour of the shop, not a failure.
 */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await t.settle();
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const requestsTo = (to: string) => cloud.requests.filter((request) => request.body.to === to);

describe('templates', () => {
  it('say the same in English and Hindi: every template has the same parameters in both', () => {
    for (const template of NOTIFICATION_TEMPLATES) {
      expect(parameterCount(template, 'hi'), template).toBe(parameterCount(template, 'en'));
      expect(parameterCount(template, 'en'), template).toBeGreaterThan(1);
    }
  });

  it('fill their parameters in the shopper’s language', () => {
    expect(templateText('order_out_for_delivery', 'en', ['Asha', '#1042', '₹120'])).toBe(
      'Namaste Asha, your order #1042 is out for delivery. The amount due is ₹120.',
    );
    expect(templateText('order_out_for_delivery', 'hi', ['आशा', '#1042', '₹120'])).toBe(
      'नमस्ते आशा, आपका ऑर्डर #1042 डिलीवरी के लिए निकल चुका है। देय राशि ₹120 है।',
    );
  });
});

describe('a Cloud API answer', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  it('is sent with its message id', () => {
    expect(judgeAnswer(200, { messages: [{ id: 'wamid.A' }] }, null, now)).toEqual({
      kind: 'sent',
      providerMessageId: 'wamid.A',
    });
  });
  it('is a rate limit on HTTP 429 or code 130429, waiting for Retry-After (seconds or a date), 60 s without', () => {
    expect(judgeAnswer(429, { error: { code: 130429, message: 'Rate limit hit' } }, '7', now)).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 7,
    });
    expect(judgeAnswer(400, { error: { code: 131056, message: 'Pair rate limit hit' } }, null, now)).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: 60,
    });
    expect(retryAfterSeconds('Fri, 27 Nov 2026 10:00:30 GMT', now)).toBe(30);
  });
  it('is permanent for a refused request (re-engagement, undeliverable, bad token) and transient for the API’s own trouble', () => {
    expect(judgeAnswer(400, { error: { code: 131047, message: 'Re-engagement message' } }, null, now).kind).toBe(
      'permanent',
    );
    expect(judgeAnswer(400, { error: { code: 131026, message: 'Message undeliverable' } }, null, now).kind).toBe(
      'permanent',
    );
    expect(judgeAnswer(401, { error: { code: 190, message: 'Invalid OAuth access token' } }, null, now).kind).toBe(
      'permanent',
    );
    expect(judgeAnswer(500, { error: { code: 131000, message: 'Something went wrong' } }, null, now).kind).toBe(
      'transient',
    );
    expect(judgeAnswer(503, null, null, now).kind).toBe('transient');
  });
  it('moves a status forward only', () => {
    expect(nextStatus('sent', 'delivered')).toBe('delivered');
    expect(nextStatus('read', 'delivered')).toBeNull();
    expect(nextStatus('read', 'failed')).toBeNull();
    expect(nextStatus('sent', 'failed')).toBe('failed');
    expect(nextStatus('sent', 'deleted')).toBeNull();
  });
});

describe('the shopper’s channels', () => {
  it('are email on and WhatsApp off until chosen; a number is normalised and kept', async () => {
    const asha = await shopper();
    const first = await inject('GET', '/api/user/my/notifications', asha.cookie);
    expect(body<NotificationSettingsAnswer>(first)).toMatchObject({
      settings: { email: true, whatsapp: false, whatsappNumber: null },
      whatsappAvailable: true,
    });
    await chooseWhatsApp(asha.cookie, '+91 98220-12345', false);
    const after = body<NotificationSettingsAnswer>(await inject('GET', '/api/user/my/notifications', asha.cookie));
    expect(after.settings).toEqual({
      email: false,
      whatsapp: true,
      whatsappNumber: '9822012345',
      whatsappVerified: true,
    });
  });

  it('refuse bad input with a clear 400 and change nothing', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9822012345');
    const cases: [object, string][] = [
      [{ email: true, whatsapp: true, whatsappNumber: '' }, 'whatsappNumberNeeded'],
      [{ email: true, whatsapp: true }, 'whatsappNumberNeeded'],
      [{ email: true, whatsapp: true, whatsappNumber: '12345' }, 'whatsappNumberInvalid'],
      [{ email: true, whatsapp: true, whatsappNumber: '5822012345' }, 'whatsappNumberInvalid'],
      [{ email: 'yes', whatsapp: false }, 'notificationChoiceInvalid'],
      [{ email: true, whatsapp: false, phone: '9822012345' }, 'notificationFieldsUnknown'],
    ];
    for (const [payload, code] of cases) {
      const refused = await inject('PUT', '/api/user/my/notifications', asha.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(refused).code, JSON.stringify(payload)).toBe(code);
    }
    const kept = body<NotificationSettingsAnswer>(await inject('GET', '/api/user/my/notifications', asha.cookie));
    expect(kept.settings).toEqual({
      email: true,
      whatsapp: true,
      whatsappNumber: '9822012345',
      whatsappVerified: true,
    });
    expect((await inject('GET', '/api/user/my/notifications')).statusCode).toBe(401);
  });
});

describe('order messages on WhatsApp', () => {
  it('go out in Hindi for a Hindi shopper at placing, packing (final bill), shipping and the shop’s cancel, once each', async () => {
    const meena = await shopper({ language: 'hi', firstName: 'मीना' });
    await chooseWhatsApp(meena.cookie, '9811100001');
    const shipped = await place(meena.cookie);
    const cancelled = await place(meena.cookie);
    const ship = await inject('PUT', `/api/user/update/order/${shipped}`, adminCookie, { oStatus: 'Shipped' });
    expect(ship.statusCode, ship.body).toBe(200);
    // Cancelled once its "placed" message went out (one still waiting would be withdrawn).
    await eventually(
      () => messagesOf(cancelled),
      (rows) => rows[0]?.status === 'sent',
    );
    const cancel = await inject('PUT', `/api/user/update/order/${cancelled}`, adminCookie, { oStatus: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const sent = await eventually(
      () => messagesOf(shipped),
      (rows) => rows.length === 3 && rows.every((row) => row.status === 'sent'),
    );
    expect(sent.map((row) => row.template)).toEqual(['order_placed', 'order_packed', 'order_out_for_delivery']);
    expect(sent.every((row) => row.language === 'hi' && row.recipient === '919811100001' && row.attempts === 1)).toBe(
      true,
    );
    expect(sent[0]?.body).toMatch(/^नमस्ते मीना, मंडी में आपका ऑर्डर #\d+ दर्ज हो गया है। अनुमानित राशि ₹40 है/);
    expect(sent[1]?.body).toContain(`/Order/OrderDetails/${shipped}`);
    const cancelledRows = await eventually(
      () => messagesOf(cancelled),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'sent'),
    );
    expect(cancelledRows.map((row) => row.template)).toEqual(['order_placed', 'order_cancelled']);

    // The Cloud API got the documented request: Bearer token, a template in Hindi with text parameters.
    const packed = requestsTo('919811100001').find((request) => request.body.template?.name === 'order_packed');
    expect(packed).toMatchObject({
      path: `/v21.0/${cloud.phoneNumberId}/messages`,
      authorization: `Bearer ${cloud.token}`,
      body: { messaging_product: 'whatsapp', type: 'template', template: { language: { code: 'hi' } } },
    });
    expect(packed?.body.template?.components?.[0]?.parameters?.map((p) => p.text)).toEqual(sent[1]?.parameters);
    expect(requestsTo('919811100001')).toHaveLength(5);
    // The mails go out too, as before: email stays on.
    expect(t.mails.filter((mail) => mail.to === meena.email).length).toBeGreaterThanOrEqual(2);
  });

  it('honour opt-outs: no WhatsApp without the choice, no mail once mail is off', async () => {
    const plain = await shopper();
    const noMail = await shopper();
    await inject('PUT', '/api/user/my/notifications', noMail.cookie, { email: false, whatsapp: false });
    const before = cloud.requests.length;
    const plainOrder = await place(plain.cookie);
    const noMailOrder = await place(noMail.cookie);
    for (const id of [plainOrder, noMailOrder]) {
      expect(
        (await inject('PUT', `/api/user/update/order/${id}`, adminCookie, { oStatus: 'Shipped' })).statusCode,
      ).toBe(200);
    }
    await t.settle();
    await t.settle();
    expect(await messagesOf(plainOrder)).toEqual([]);
    expect(await messagesOf(noMailOrder)).toEqual([]);
    expect(cloud.requests.length).toBe(before);
    // Default: the confirmation and the final bill by mail, unchanged; mail off: none.
    expect(t.mails.filter((mail) => mail.to === plain.email)).toHaveLength(2);
    expect(t.mails.filter((mail) => mail.to === noMail.email)).toHaveLength(0);
  });

  it('are not told of the shopper’s own cancel', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100002');
    const id = await place(asha.cookie);
    // Cancelled after its "placed" message went out (one still waiting would be withdrawn).
    await eventually(
      () => messagesOf(id),
      (rows) => rows.length === 1 && rows[0]?.status === 'sent',
    );
    expect((await inject('PUT', `/api/user/my/order/${id}/cancel`, asha.cookie)).statusCode).toBe(200);
    await t.settle();
    expect((await messagesOf(id)).map((row) => row.template)).toEqual(['order_placed']);
  });
});

describe('what the shop’s number sends (decision 0055)', () => {
  it('carries a checked name, never the text a shopper typed as one', () => {
    expect(displayName('Asha', 'en')).toBe('Asha');
    expect(displayName('  Anil   Kumar ', 'en')).toBe('Anil Kumar');
    expect(displayName('आशा', 'hi')).toBe('आशा');
    expect(displayName("D'Souza", 'en')).toBe("D'Souza");
    for (const typed of [
      'Refund pending: visit evil.example/kyc',
      'evil.example',
      'Call 9876543210',
      'Asha Rani Devi',
      'A'.repeat(21),
      '',
    ]) {
      expect(displayName(typed, 'en'), typed).toBe('Customer');
      expect(displayName(typed, 'hi'), typed).toBe('ग्राहक');
    }
    const placed = templateText(
      'order_placed',
      'en',
      orderParameters(
        'order_placed',
        {
          orderId: 'x',
          orderNumber: 1042,
          firstName: 'Namaste Refund pending: visit evil.example/kyc',
          totalPaise: 0,
          estimatedTotalPaise: 12_000,
        },
        { shopName: 'Mandi', publicUrl: 'http://localhost:3000', language: 'en' },
      ),
    );
    expect(placed).not.toContain('evil.example');
    expect(placed).toContain('Customer');
  });

  it('sends at most 20 messages a day to a shopper, and to a number whoever gives it', async () => {
    const number = '98220 77777';
    const first = await shopper({ firstName: 'Kiran' });
    await chooseWhatsApp(first.cookie, number);
    const since = new Date(Date.now() - 3_600_000);
    // 19 messages already went to this number today, for this shopper.
    await t.db.insert(notificationMessages).values(
      Array.from({ length: 19 }, (_, i) => ({
        userId: first.id,
        channel: 'whatsapp' as const,
        template: 'order_placed',
        language: 'en' as const,
        recipient: '919822077777',
        parameters: [],
        body: 'earlier',
        status: 'sent' as const,
        dedupeKey: `earlier-${i}`,
        createdAt: since,
      })),
    );
    const twentieth = await place(first.cookie);
    await eventually(
      () => messagesOf(twentieth),
      (rows) => rows.length === 1,
    );
    // The number is full for today: a second account giving it is sent nothing either.
    const second = await shopper({ firstName: 'Ravi' });
    await chooseWhatsApp(second.cookie, number);
    const refused = [await place(first.cookie), await place(second.cookie)];
    await t.settle();
    for (const id of refused) expect(await messagesOf(id)).toEqual([]);
  });

  it('leaves the provider’s message ids out of the shopper’s data download', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '98220 66666');
    const id = await place(asha.cookie);
    const [row] = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.providerMessageId != null,
    );
    const download = await inject('GET', '/api/user/me/data', asha.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.body).not.toContain(row?.providerMessageId ?? 'no id');
    expect(download.body).not.toContain('providerMessageId');
  });
});

describe('a number proved before anything is sent (decision 0055)', () => {
  it('sends nothing to a number until a message from it reaches the shop; a new number must be proved again', async () => {
    const asha = await shopper({ firstName: 'Asha' });
    const saved = await inject('PUT', '/api/user/my/notifications', asha.cookie, {
      email: true,
      whatsapp: true,
      whatsappNumber: '98220 55555',
    });
    // Where to prove it: a first message to the shop's own WhatsApp (its phone), from that number.
    expect(body(saved)).toMatchObject({
      settings: { whatsappNumber: '9822055555', whatsappVerified: false },
      whatsappProofLink: 'https://wa.me/919822000111?text=START%20messages',
    });
    const unproved = await place(asha.cookie);
    await t.settle();
    expect(await messagesOf(unproved)).toEqual([]);

    // A stranger's message proves nothing; the shopper's own number does.
    expect((await messageFrom('919822099999')).statusCode).toBe(200);
    expect(body(await inject('GET', '/api/user/my/notifications', asha.cookie))).toMatchObject({
      settings: { whatsappVerified: false },
    });
    expect((await messageFrom('919822055555')).statusCode).toBe(200);
    expect(body(await inject('GET', '/api/user/my/notifications', asha.cookie))).toMatchObject({
      settings: { whatsappVerified: true },
      whatsappProofLink: null,
    });
    const proved = await place(asha.cookie);
    await eventually(
      () => messagesOf(proved),
      (rows) => rows.length === 1,
    );

    // Saving the same number keeps the proof; another number starts unproved.
    const same = await inject('PUT', '/api/user/my/notifications', asha.cookie, {
      email: false,
      whatsapp: true,
      whatsappNumber: '+91 98220 55555',
    });
    expect(body(same)).toMatchObject({ settings: { whatsappVerified: true } });
    const other = await inject('PUT', '/api/user/my/notifications', asha.cookie, {
      email: true,
      whatsapp: true,
      whatsappNumber: '98220 44444',
    });
    expect(body(other)).toMatchObject({ settings: { whatsappNumber: '9822044444', whatsappVerified: false } });
    const afterChange = await place(asha.cookie);
    await t.settle();
    expect(await messagesOf(afterChange)).toEqual([]);
  });

  it('withdraws the "placed" message of an order cancelled before it went out, and says nothing of the cancel', async () => {
    const waiting = await buildTestApp({
      WHATSAPP_TOKEN: cloud.token,
      WHATSAPP_PHONE_NUMBER_ID: cloud.phoneNumberId,
      WHATSAPP_API_URL: cloud.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_PLACED_DELAY_SECONDS: '600',
    });
    try {
      const user = await createUser(waiting.db, { firstName: 'Nisha' });
      const cookie = await sessionCookie(waiting.db, user.id);
      const admin = await sessionCookie(waiting.db, (await createUser(waiting.db, { role: 'Admin' })).id);
      const product = await createProduct(waiting.db, { name: 'Okra', rate: 40, stockKg: 50, weightsKg: [1] });
      await waiting.db.insert(notificationSettings).values({
        userId: user.id,
        email: true,
        whatsapp: true,
        whatsappNumber: '9822077001',
        whatsappVerifiedAt: new Date(),
      });
      const call = (method: 'POST' | 'PUT', url: string, who: string, payload?: object) =>
        waiting.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });
      const placed = async () => {
        const answer = await call('POST', '/api/user/new/order', cookie, {
          cartItems: [{ id: product.id, quantity: 1 }],
          shippingInfo: SHIPPING,
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return body<{ order: { _id: string } }>(answer).order._id;
      };
      const byShopper = await placed();
      const byShop = await placed();
      await waiting.settle();
      expect((await call('PUT', `/api/user/my/order/${byShopper}/cancel`, cookie)).statusCode).toBe(200);
      expect((await call('PUT', `/api/user/update/order/${byShop}`, admin, { oStatus: 'Cancelled' })).statusCode).toBe(
        200,
      );
      await waiting.settle();
      for (const id of [byShopper, byShop]) {
        const rows = await waiting.db.select().from(notificationMessages).where(eq(notificationMessages.orderId, id));
        expect(rows.map((row) => [row.template, row.status])).toEqual([['order_placed', 'failed']]);
        expect(rows[0]?.error).toBe('The order was cancelled before this message was sent');
      }
      expect(requestsTo('919822077001')).toEqual([]);
    } finally {
      await waiting.close();
    }
  });

  it('refuses an unsigned message: it proves nothing', async () => {
    const ravi = await shopper({ firstName: 'Ravi' });
    await chooseWhatsApp(ravi.cookie, '98220 33333', true, false);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: { entry: [{ changes: [{ value: { messages: [{ from: '919822033333' }] } }] }] },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(body(await inject('GET', '/api/user/my/notifications', ravi.cookie))).toMatchObject({
      settings: { whatsappVerified: false },
    });
  });
});

describe('the outbox', () => {
  it('tries again after a Cloud API failure, and is sent', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100003');
    cloud.answers.push(cloudError(500, 131000, 'Something went wrong'));
    const id = await place(asha.cookie);
    const [row] = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ attempts: 2, status: 'sent' });
    expect(row?.providerMessageId).toMatch(/^wamid\./);
    expect(requestsTo('919811100003')).toHaveLength(2);
  });

  it('waits out a rate limit’s Retry-After without counting it as an attempt', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100004');
    // Three seconds, so a busy machine's polling still sees the message waiting before it is sent.
    cloud.answers.push(cloudError(429, 130429, 'Rate limit hit', { 'retry-after': '3' }));
    const id = await place(asha.cookie);
    const waiting = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.error?.includes('130429') === true,
    );
    expect(waiting[0]?.status).toBe('queued');
    // Not before Retry-After: the next attempt is about three seconds after the refusal.
    const wait = (waiting[0]?.nextAttemptAt.getTime() ?? 0) - (waiting[0]?.updatedAt.getTime() ?? 0);
    expect(wait).toBeGreaterThanOrEqual(2_900);
    const [row] = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row?.attempts).toBe(1);
    expect(requestsTo('919811100004')).toHaveLength(2);
  });

  it('marks a refused request failed at once, with the Cloud API’s error', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100005');
    cloud.answers.push(cloudError(400, 131026, 'Message undeliverable'));
    const id = await place(asha.cookie);
    const [row] = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row?.error).toBe('400 (131026): Message undeliverable');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requestsTo('919811100005')).toHaveLength(1);
  });

  it('gives up after the attempts run out (3 here)', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100006');
    for (let i = 0; i < 3; i += 1) cloud.answers.push({ status: 503 });
    const id = await place(asha.cookie);
    const [row] = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.status === 'failed',
    );
    expect(row).toMatchObject({ attempts: 3, error: '503: no message' });
    expect(requestsTo('919811100006')).toHaveLength(3);
  });

  it('is written once for an order event delivered twice', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100007');
    const id = await place(asha.cookie);
    await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.status === 'sent',
    );
    const { queueOrderMessages } = await import('./notifications.service.js');
    const dispatcher = { isSending: true, dispatchSoon() {}, start() {}, async close() {} };
    const shop = { current: async () => ({ name: 'Mandi' }) } as never;
    const again = await queueOrderMessages({ db: t.db, config: t.config, shop, dispatcher }, [
      { type: 'placed', orderId: id },
    ]);
    expect(again).toBe(0);
    expect(await messagesOf(id)).toHaveLength(1);
  });

  it('is sent once however many dispatchers run at once', async () => {
    const user = await shopper();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      userId: user.id,
      orderId: null,
      channel: 'whatsapp' as const,
      template: 'khata_reminder',
      language: 'en' as const,
      recipient: '919811100008',
      parameters: ['Asha', 'Mandi', `₹${i + 1}`],
      body: `reminder ${i}`,
    }));
    const ids = (await t.db.insert(notificationMessages).values(rows).returning()).map((row) => row.id);
    const dispatchers = Array.from({ length: 3 }, () => {
      const afterAnswer = createAfterAnswerQueue();
      return {
        afterAnswer,
        dispatcher: createNotificationDispatcher({
          db: t.db,
          sender: createWhatsAppClient({ apiUrl: cloud.url, token: cloud.token, phoneNumberId: cloud.phoneNumberId }),
          afterAnswer,
          log: t.app.log,
          retrySeconds: 1,
          maxAttempts: 3,
        }),
      };
    });
    for (const { dispatcher } of dispatchers) dispatcher.start();
    await Promise.all(dispatchers.map(({ afterAnswer }) => afterAnswer.idle()));
    for (const { dispatcher } of dispatchers) await dispatcher.close();
    const after = await t.db.select().from(notificationMessages).where(sql`${notificationMessages.id} in ${ids}`);
    expect(after.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(requestsTo('919811100008')).toHaveLength(12);
  });
});

describe('the status webhook', () => {
  const statusesBody = (id: string, status: string) =>
    webhookText({
      metadata: { display_phone_number: '15550783881', phone_number_id: cloud.phoneNumberId },
      statuses: [
        {
          id,
          status,
          timestamp: '1750263773',
          recipient_id: '919811100009',
          ...(status === 'failed' ? { errors: [{ code: 131050, title: 'User stopped marketing messages' }] } : {}),
        },
      ],
    });
  const post = (text: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
      payload: text,
    });

  it('answers Meta’s verification with the challenge, and only with the right token', async () => {
    const ok = await inject(
      'GET',
      `/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await inject(
      'GET',
      '/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    );
    expect(wrong.statusCode).toBe(403);
    expect(body(wrong).code).toBe('webhookVerifyRefused');
  });

  it('moves a message to delivered and read, never back, and refuses an unsigned or forged call', async () => {
    const asha = await shopper();
    await chooseWhatsApp(asha.cookie, '9811100009');
    const id = await place(asha.cookie);
    const [row] = await eventually(
      () => messagesOf(id),
      (rows) => rows[0]?.status === 'sent',
    );
    const wamid = row?.providerMessageId as string;

    const forged = statusesBody(wamid, 'read');
    expect((await post(forged)).statusCode).toBe(401);
    const wrongKey = await post(forged, sign(forged, 'another-secret'));
    expect(wrongKey.statusCode).toBe(401);
    expect(body(wrongKey).code).toBe('webhookSignatureInvalid');
    expect((await messagesOf(id))[0]?.status).toBe('sent');

    for (const [status, expected, updated] of [
      ['delivered', 'delivered', 1],
      ['read', 'read', 1],
      ['delivered', 'read', 0],
      ['failed', 'read', 0],
    ] as const) {
      const text = statusesBody(wamid, status);
      const answer = await post(text, sign(text));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(body(answer)).toEqual({ success: true, updated });
      expect((await messagesOf(id))[0]?.status).toBe(expected);
    }
    // A status of a message the shop does not know changes nothing.
    const unknown = statusesBody('wamid.NOT-OURS', 'read');
    expect(body(await post(unknown, sign(unknown)))).toEqual({ success: true, updated: 0 });

    // The admin sees the message and where it got to.
    const seen = await inject('GET', `/api/admin/orders/${id}/notifications`, adminCookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(body<OrderNotificationsAnswer>(seen)).toMatchObject({
      whatsappConfigured: true,
      whatsappLink: null,
      messages: [{ template: 'order_placed', status: 'read', to: '919811100009', providerMessageId: wamid }],
    });
    expect((await inject('GET', `/api/admin/orders/${id}/notifications`, asha.cookie)).statusCode).toBe(403);
  });
});

describe('the khata reminder', () => {
  it('goes out on WhatsApp to a shopper who chose it, in their language, when something is due', async () => {
    const ravi = await shopper({ language: 'hi', firstName: 'रवि' });
    const url = `/api/admin/khata/${ravi.id}/whatsapp-reminder`;
    expect((await inject('POST', url, adminCookie)).statusCode).toBe(404);
    await t.db.insert(khataAccounts).values({ userId: ravi.id, customerName: 'रवि पटेल', creditLimitPaise: 500_000 });
    const notChosen = await inject('POST', url, adminCookie);
    expect([notChosen.statusCode, body(notChosen).code]).toEqual([409, 'whatsappNotChosen']);
    await chooseWhatsApp(ravi.cookie, '9811100010');
    const nothingDue = await inject('POST', url, adminCookie);
    expect([nothingDue.statusCode, body(nothingDue).code]).toEqual([409, 'khataNothingDue']);
    await t.db.update(khataAccounts).set({ balancePaise: 125_050 }).where(eq(khataAccounts.userId, ravi.id));

    const withBody = await inject('POST', url, adminCookie, { text: 'Pay now' });
    expect([withBody.statusCode, body(withBody).code]).toEqual([400, 'khataReminderTakesNoBody']);
    const queued = await inject('POST', url, adminCookie);
    expect(queued.statusCode, queued.body).toBe(202);
    const notification = body<{ notification: NotificationMessage }>(queued).notification;
    expect(notification).toMatchObject({ template: 'khata_reminder', language: 'hi', status: 'queued' });
    expect(notification.text).toBe('नमस्ते रवि Patel, मंडी के खाते में आपके ₹1,250.50 बाक़ी हैं। सुविधा से चुका दें। धन्यवाद!');
    await eventually(
      () =>
        t.db
          .select()
          .from(notificationMessages)
          .where(eq(notificationMessages.id, Number(notification._id))),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(requestsTo('919811100010')[0]?.body.template).toMatchObject({
      name: 'khata_reminder',
      language: { code: 'hi' },
    });
    expect((await inject('POST', url, ravi.cookie)).statusCode).toBe(403);
  });
});

describe('without the Cloud API', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(() => plain?.close());

  it('queues nothing, and gives the admin a wa.me link with the message in the shopper’s language', async () => {
    const admin = await createUser(plain.db, { role: 'Admin' });
    const admin2 = await sessionCookie(plain.db, admin.id);
    const user = await createUser(plain.db, { firstName: 'सुनीता' });
    await plain.db.update(users).set({ language: 'hi' }).where(eq(users.id, user.id));
    const cookie = await sessionCookie(plain.db, user.id);
    const product = await createProduct(plain.db, { rate: 50, stockKg: 50, weightsKg: [1] });
    const settings = body<NotificationSettingsAnswer>(
      await plain.app.inject({
        method: 'PUT',
        url: '/api/user/my/notifications',
        headers: { cookie },
        payload: { email: true, whatsapp: true, whatsappNumber: '9811100011' },
      }),
    );
    expect(settings.whatsappAvailable).toBe(false);
    const placed = await plain.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie },
      payload: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
    });
    const id = body<{ order: { _id: string; orderNumber: number } }>(placed).order;
    await plain.settle();
    const answer = await plain.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${id._id}/notifications`,
      headers: { cookie: admin2 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const link = body<OrderNotificationsAnswer>(answer);
    expect(link.whatsappConfigured).toBe(false);
    expect(link.messages).toEqual([]);
    const text = `नमस्ते सुनीता, मंडी में आपका ऑर्डर #${id.orderNumber} दर्ज हो गया है। अनुमानित राशि ₹50 है; अंतिम बिल तौल के बाद आएगा।`;
    expect(link.whatsappLink).toEqual({
      template: 'order_placed',
      language: 'hi',
      text,
      url: `https://wa.me/919811100011?text=${encodeURIComponent(text)}`,
    });
    expect(await plain.db.select().from(notificationMessages)).toEqual([]);

    const shipped = await plain.app.inject({
      method: 'PUT',
      url: `/api/user/update/order/${id._id}`,
      headers: { cookie: admin2 },
      payload: { oStatus: 'Shipped' },
    });
    expect(shipped.statusCode).toBe(200);
    const afterShipping = body<OrderNotificationsAnswer>(
      await plain.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${id._id}/notifications`,
        headers: { cookie: admin2 },
      }),
    );
    expect(afterShipping.whatsappLink?.template).toBe('order_out_for_delivery');

    await plain.db.insert(khataAccounts).values({ userId: user.id, customerName: 'सुनीता', balancePaise: 10_000 });
    const reminder = await plain.app.inject({
      method: 'POST',
      url: `/api/admin/khata/${user.id}/whatsapp-reminder`,
      headers: { cookie: admin2 },
    });
    expect([reminder.statusCode, body(reminder).code]).toEqual([409, 'whatsappNotConfigured']);
    // The webhook has no verify token here: nothing verifies.
    const verify = await plain.app.inject({
      method: 'GET',
      url: '/api/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=&hub.challenge=1',
    });
    expect(verify.statusCode).toBe(403);
  });
});

/**
 * Complaints (decision 0030): validation, who may call what, the shopper's own orders and
 * complaints only (else a 404), the status moves, the deadlines and the overdue flag on a moved
 * clock, the admin's order, the dashboard's counts, and the mails on making and on each reply.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { type Complaint, complaintAnswerSchema, complaintsAnswerSchema } from '@mandi/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { complaints, users } from '../../db/schema.js';

const START = new Date('2026-11-24T06:30:00Z');
let clock = START;
const HOUR = 3_600_000;
const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

let t: TestApp;
let asha: { id: string; cookie: string };
let ravi: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let ashaOrder: { _id: string; orderNumber: number };
let raviOrder: { _id: string };

async function person(role: 'Admin' | 'User' = 'User', firstName = 'Asha') {
  const user = await createUser(t.db, { role, firstName });
  return { id: user.id, cookie: await sessionCookie(t.db, user.id) };
}

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function placeOrder(cookie: string) {
  const product = await createProduct(t.db);
  const response = await call(cookie, 'POST', '/api/user/new/order', {
    cartItems: [{ id: product.id, quantity: 1 }],
    shippingInfo: shipping,
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: { _id: string; orderNumber: number } }>(response).order;
}

async function make(cookie: string, payload: object): Promise<Complaint> {
  const response = await call(cookie, 'POST', '/api/user/complaints', payload);
  expect(response.statusCode, response.body).toBe(201);
  return complaintAnswerSchema.parse(body(response)).complaint;
}

async function reply(id: string, payload: object, status = 200) {
  const response = await call(admin.cookie, 'PUT', `/api/admin/complaints/${id}`, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

async function adminList(query = ''): Promise<Complaint[]> {
  const response = await call(admin.cookie, 'GET', `/api/admin/complaints${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return complaintsAnswerSchema.parse(body(response)).complaints;
}

async function mine(cookie: string): Promise<Complaint[]> {
  const response = await call(cookie, 'GET', '/api/user/my/complaints');
  expect(response.statusCode, response.body).toBe(200);
  return complaintsAnswerSchema.parse(body(response)).complaints;
}

const problem = { subject: 'Spoilt tomatoes', message: 'Half of the tomatoes were soft and mouldy.' };

beforeAll(async () => {
  // Many complaints from one address and shopper here; the budgets are tested on an app of their own.
  t = await buildTestApp({ COMPLAINTS_MAX_PER_USER: '1000', COMPLAINTS_MAX_PER_IP: '1000' }, { now: () => clock });
  asha = await person('User', 'Asha');
  ravi = await person('User', 'Ravi');
  admin = await person('Admin', 'Meera');
  ashaOrder = await placeOrder(asha.cookie);
  raviOrder = await placeOrder(ravi.cookie);
  await t.settle();
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = START;
  await t.settle();
  await t.db.delete(complaints);
  t.mails.length = 0;
});

describe('making a complaint', () => {
  it('gives a ticket, the two deadlines and an Open status, about the shopper’s own order', async () => {
    const complaint = await make(asha.cookie, { ...problem, orderId: ashaOrder._id, subject: '  Spoilt tomatoes ' });
    expect(complaint).toMatchObject({
      orderId: ashaOrder._id,
      orderNumber: ashaOrder.orderNumber,
      userName: 'Asha Patel',
      subject: 'Spoilt tomatoes',
      message: problem.message,
      status: 'Open',
      reply: null,
      replies: [],
      createdAt: '2026-11-24T06:30:00.000Z',
      acknowledgeBy: '2026-11-26T06:30:00.000Z',
      resolveBy: '2026-12-24T06:30:00.000Z',
      acknowledgedAt: null,
      resolvedAt: null,
      overdue: false,
    });
    expect(complaint.ticket).toMatch(/^C-\d{6}$/);
    const other = await make(asha.cookie, problem);
    expect(other.orderId).toBeNull();
    expect(other.orderNumber).toBeNull();
    expect(Number(other.ticket.slice(2))).toBe(Number(complaint.ticket.slice(2)) + 1);
  });

  it('checks the subject and the message', async () => {
    const cases: [object, string][] = [
      [{ message: problem.message }, 'complaintSubjectLength'],
      [{ ...problem, subject: ' ab ' }, 'complaintSubjectLength'],
      [{ ...problem, subject: 'x'.repeat(121) }, 'complaintSubjectLength'],
      [{ ...problem, message: 'too short' }, 'complaintMessageLength'],
      [{ ...problem, message: 'x'.repeat(5001) }, 'complaintMessageLength'],
      [{ subject: 42, message: problem.message }, 'complaintSubjectLength'],
    ];
    for (const [payload, code] of cases) {
      const response = await call(asha.cookie, 'POST', '/api/user/complaints', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).code).toBe(code);
    }
    expect(body(await call(asha.cookie, 'POST', '/api/user/complaints', { ...problem, subject: 'ab' }))).toMatchObject({
      message: 'The subject must be 3 to 120 characters',
    });
    await make(asha.cookie, { subject: 'abc', message: 'x'.repeat(5000) });
  });

  it('takes only the shopper’s own order: another’s, or none such, is a 404', async () => {
    for (const orderId of [raviOrder._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await call(asha.cookie, 'POST', '/api/user/complaints', { ...problem, orderId });
      expect(response.statusCode).toBe(404);
      expect(body(response).code).toBe('orderNotFound');
    }
    expect(await mine(asha.cookie)).toEqual([]);
  });

  it('needs a logged-in user; the admin routes need an admin', async () => {
    expect((await call(undefined, 'POST', '/api/user/complaints', problem)).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/user/my/complaints')).statusCode).toBe(401);
    expect((await call(undefined, 'GET', '/api/admin/complaints')).statusCode).toBe(401);
    const complaint = await make(asha.cookie, problem);
    expect((await call(asha.cookie, 'GET', '/api/admin/complaints')).statusCode).toBe(403);
    const put = await call(asha.cookie, 'PUT', `/api/admin/complaints/${complaint._id}`, {
      status: 'Resolved',
      reply: 'Done',
    });
    expect(put.statusCode).toBe(403);
    expect((await mine(asha.cookie))[0]?.status).toBe('Open');
  });

  it('shows shoppers their own complaints only, newest first', async () => {
    const first = await make(asha.cookie, problem);
    clock = new Date(START.getTime() + HOUR);
    const second = await make(asha.cookie, { ...problem, subject: 'Late delivery' });
    await make(ravi.cookie, { ...problem, subject: 'Ravi’s problem' });
    expect((await mine(asha.cookie)).map((c) => c._id)).toEqual([second._id, first._id]);
    expect((await mine(ravi.cookie)).map((c) => c.subject)).toEqual(['Ravi’s problem']);
  });

  it('mails the ticket and the deadlines in the shopper’s language', async () => {
    const complaint = await make(asha.cookie, { ...problem, orderId: ashaOrder._id });
    await t.settle();
    expect(t.mails).toHaveLength(1);
    const [mail] = t.mails;
    expect(mail?.subject).toBe(`Your Mandi complaint ${complaint.ticket} has been received`);
    expect(mail?.text).toContain(`Your ticket number is ${complaint.ticket}`);
    expect(mail?.text).toContain('We will acknowledge it by Thursday, 26 November 2026 at 12:00 pm');
    expect(mail?.text).toContain('resolve it by Thursday, 24 December 2026 at 12:00 pm');
    expect(mail?.text).toContain('http://localhost:3000/account/complaints');

    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, ravi.id));
    const hindi = await make(ravi.cookie, problem);
    await t.settle();
    expect(t.mails[1]?.subject).toBe(`आपकी मंडी शिकायत ${hindi.ticket} मिल गई है`);
    expect(t.mails[1]?.html).toContain('lang="hi"');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, ravi.id));
  });
});

describe('budgets', () => {
  it('takes 5 complaints an hour from a shopper and 20 from an address (429 after), and a refused form costs nothing', async () => {
    const own = await buildTestApp({ COMPLAINTS_MAX_PER_IP: '7' });
    try {
      const post = (cookie: string, payload: object) =>
        own.app.inject({ method: 'POST', url: '/api/user/complaints', headers: { cookie }, payload });
      const first = await sessionCookie(own.db, (await createUser(own.db, {})).id);
      expect((await post(first, { subject: 'ab' })).statusCode).toBe(400);
      for (let i = 0; i < 5; i++) expect((await post(first, problem)).statusCode).toBe(201);
      const sixth = await post(first, problem);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();
      // A second shopper from the same address: the address has 2 of its 7 left.
      const second = await sessionCookie(own.db, (await createUser(own.db, {})).id);
      expect((await post(second, problem)).statusCode).toBe(201);
      expect((await post(second, problem)).statusCode).toBe(201);
      expect((await post(second, problem)).statusCode).toBe(429);
      const [{ count }] = (await own.db.select({ count: sql<number>`count(*)::int` }).from(complaints)) as [
        { count: number },
      ];
      expect(count).toBe(7);
    } finally {
      await own.close();
    }
  });
});

describe('the shop’s replies', () => {
  it('acknowledges, answers again and resolves; each reply is kept and mailed', async () => {
    const complaint = await make(asha.cookie, problem);
    await t.settle();
    t.mails.length = 0;

    clock = new Date(START.getTime() + 2 * HOUR);
    const acknowledged = complaintAnswerSchema.parse(body(await reply(complaint._id, { status: 'Acknowledged' })));
    expect(acknowledged.complaint).toMatchObject({
      status: 'Acknowledged',
      reply: null,
      replies: [{ at: '2026-11-24T08:30:00.000Z', status: 'Acknowledged', text: null }],
      acknowledgedAt: '2026-11-24T08:30:00.000Z',
      resolvedAt: null,
    });
    // A further reply needs words.
    const empty = await reply(complaint._id, { status: 'Acknowledged', reply: '  ' }, 400);
    expect(body(empty).code).toBe('complaintReplyRequired');
    clock = new Date(START.getTime() + 3 * HOUR);
    await reply(complaint._id, { status: 'Acknowledged', reply: 'We are checking with the farm.' });
    // Resolving needs words too.
    expect(body(await reply(complaint._id, { status: 'Resolved' }, 400)).code).toBe('complaintReplyRequired');
    clock = new Date(START.getTime() + 24 * HOUR);
    const resolved = complaintAnswerSchema.parse(
      body(await reply(complaint._id, { status: 'Resolved', reply: 'We refunded ₹40 for the tomatoes.' })),
    ).complaint;
    expect(resolved).toMatchObject({
      status: 'Resolved',
      reply: 'We refunded ₹40 for the tomatoes.',
      acknowledgedAt: '2026-11-24T08:30:00.000Z',
      resolvedAt: '2026-11-25T06:30:00.000Z',
    });
    expect(resolved.replies.map((r) => [r.status, r.text])).toEqual([
      ['Acknowledged', null],
      ['Acknowledged', 'We are checking with the farm.'],
      ['Resolved', 'We refunded ₹40 for the tomatoes.'],
    ]);
    expect((await mine(asha.cookie))[0]).toEqual(resolved);

    await t.settle();
    expect(t.mails.map((mail) => mail.subject)).toEqual([
      `Your Mandi complaint ${complaint.ticket}: Acknowledged`,
      `Your Mandi complaint ${complaint.ticket}: Acknowledged`,
      `Your Mandi complaint ${complaint.ticket}: Resolved`,
    ]);
    expect(t.mails[1]?.text).toContain('We are checking with the farm.');
    expect(t.mails[2]?.text).toContain('Its status is now: Resolved.');
    expect(t.mails[2]?.text).toContain('We refunded ₹40 for the tomatoes.');
    expect(t.mails.every((mail) => mail.to.startsWith('shopper-'))).toBe(true);

    // Closed: nothing moves it back, nothing adds to it.
    for (const payload of [
      { status: 'Acknowledged', reply: 'Reopening' },
      { status: 'Resolved', reply: 'Again' },
    ]) {
      expect(body(await reply(complaint._id, payload, 409)).code).toBe('complaintClosed');
    }
    expect((await mine(asha.cookie))[0]?.replies).toHaveLength(3);
  });

  it('resolves an Open complaint at once, which acknowledges it too', async () => {
    const complaint = await make(asha.cookie, problem);
    const resolved = complaintAnswerSchema.parse(
      body(await reply(complaint._id, { status: 'Resolved', reply: 'Replaced free of charge.' })),
    ).complaint;
    expect(resolved).toMatchObject({ status: 'Resolved', acknowledgedAt: START.toISOString() });
  });

  it('refuses an unknown status, a long reply, and a complaint that does not exist', async () => {
    const complaint = await make(asha.cookie, problem);
    expect(body(await reply(complaint._id, { status: 'Open', reply: 'x' }, 400)).code).toBe('complaintStatusInvalid');
    expect(body(await reply(complaint._id, { status: 'Resolved', reply: 'x'.repeat(5001) }, 400)).code).toBe(
      'complaintReplyMax',
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(body(await reply(id, { status: 'Resolved', reply: 'Done' }, 404)).code).toBe('complaintNotFound');
    }
    expect(body(await call(admin.cookie, 'GET', '/api/admin/complaints?status=Closed')).code).toBe(
      'complaintStatusFilter',
    );
  });

  it('two admins resolving at once: one wins, the other gets a 409', async () => {
    const complaint = await make(asha.cookie, problem);
    const answers = await Promise.all(
      ['First', 'Second'].map((text) =>
        call(admin.cookie, 'PUT', `/api/admin/complaints/${complaint._id}`, { status: 'Resolved', reply: text }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await mine(asha.cookie))[0]?.replies).toHaveLength(1);
  });
});

describe('deadlines, the admin’s list and the dashboard', () => {
  const today = async () => {
    const response = await call(admin.cookie, 'GET', '/api/admin/dashboard/today');
    expect(response.statusCode).toBe(200);
    return body<{ overdueComplaints: number; openComplaints: number }>(response);
  };

  it('flags Open past 48 hours and unresolved past 30 days, on the lists and the dashboard', async () => {
    const old = await make(asha.cookie, { ...problem, subject: 'Oldest' });
    clock = new Date(START.getTime() + HOUR);
    const acknowledged = await make(ravi.cookie, { ...problem, subject: 'Acknowledged one' });
    await reply(acknowledged._id, { status: 'Acknowledged' });
    clock = new Date(START.getTime() + 2 * HOUR);
    const resolved = await make(asha.cookie, { ...problem, subject: 'Resolved one' });
    await reply(resolved._id, { status: 'Resolved', reply: 'Sorted.' });
    clock = new Date(START.getTime() + 3 * HOUR);
    const newer = await make(ravi.cookie, { ...problem, subject: 'Newer open' });

    expect(await today()).toMatchObject({ overdueComplaints: 0, openComplaints: 3 });
    // Oldest open first, then the acknowledged, then the resolved.
    expect((await adminList()).map((c) => c.subject)).toEqual([
      'Oldest',
      'Newer open',
      'Acknowledged one',
      'Resolved one',
    ]);
    expect((await adminList('?status=Open')).map((c) => c._id)).toEqual([old._id, newer._id]);
    expect((await adminList('?status=Resolved')).map((c) => c._id)).toEqual([resolved._id]);

    // Just past 48 hours from the first: it alone is overdue (the acknowledged one is not).
    clock = new Date(START.getTime() + 48 * HOUR + 60_000);
    expect((await adminList()).map((c) => [c.subject, c.overdue])).toEqual([
      ['Oldest', true],
      ['Newer open', false],
      ['Acknowledged one', false],
      ['Resolved one', false],
    ]);
    expect((await mine(asha.cookie)).find((c) => c._id === old._id)?.overdue).toBe(true);
    expect(await today()).toMatchObject({ overdueComplaints: 1, openComplaints: 3 });

    // Acknowledging late clears the 48-hour flag, and the dashboard at once.
    await reply(old._id, { status: 'Acknowledged', reply: 'Sorry for the wait.' });
    expect(await today()).toMatchObject({ overdueComplaints: 0, openComplaints: 3 });

    // 30 days on, every complaint not resolved is overdue.
    clock = new Date(START.getTime() + 30 * 24 * HOUR + 4 * HOUR);
    expect((await adminList()).map((c) => c.overdue)).toEqual([true, true, true, false]);
    expect(await today()).toMatchObject({ overdueComplaints: 3, openComplaints: 3 });
  });
});

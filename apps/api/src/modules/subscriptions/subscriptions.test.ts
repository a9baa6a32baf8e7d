/**
 * Standing orders (contract part 4, "Standing orders"; decision 0064): the shopper's standing
 * orders (schedules, quantities, skips, pauses, the cut-off's 409s, at most 20), the run that makes
 * a date's orders (one per household, the rates of the date, the slot whatever its capacity, stock
 * and the khata limit, never twice), failures told once, closed dates, the admin's view of a date.
 * A controllable shop clock; the clock's own timer is off except where it is tested.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type {
  Order,
  Subscription,
  SubscriptionsAnswer,
  SubscriptionsDayAnswer,
  SubscriptionsRunAnswer,
} from '@mandi/shared/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders, products } from '../../db/schema.js';

/** The shop clock: 10:00 in Kolkata on Monday 7 December 2026 (04:30 UTC). */
let clockMs = Date.parse('2026-12-07T04:30:00Z');
const setClock = (iso: string) => {
  clockMs = Date.parse(iso);
};
const TODAY = '2026-12-07';
const TOMORROW = '2026-12-08';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ STANDING_ORDERS_CLOCK: 'off' }, { now: () => new Date(clockMs) });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const ADDRESS = {
  label: 'Home',
  address: '14 Lake View Road',
  city: 'Pune',
  mobileNumber: '9822012345',
  pinCode: '411001',
};

async function shopper() {
  const user = await createUser(t.db);
  const cookie = await sessionCookie(t.db, user.id);
  const saved = await inject('POST', '/api/user/my/addresses', cookie, ADDRESS);
  expect(saved.statusCode, saved.body).toBe(201);
  return { id: user.id, email: user.email, cookie, addressId: body<{ address: { _id: string } }>(saved).address._id };
}

const milk = () =>
  createProduct(t.db, { name: `Milk ${Math.random()}`, rate: 60, stockKg: 100, weightsKg: [0.5, 1, 2], unit: 'litre' });

async function subscribe(
  who: { cookie: string; addressId: string },
  productId: string,
  extra: Partial<{ quantity: number; schedule: object; paymentMethod: string; slotTemplateId: string | null }> = {},
) {
  const answer = await inject('POST', '/api/user/my/subscriptions', who.cookie, {
    productId,
    quantity: 1,
    schedule: { kind: 'daily', startDate: TOMORROW },
    addressId: who.addressId,
    ...extra,
  });
  return answer;
}

const subscribed = async (...args: Parameters<typeof subscribe>) => {
  const answer = await subscribe(...args);
  expect(answer.statusCode, answer.body).toBe(201);
  return body<{ subscription: Subscription }>(answer).subscription;
};

const run = async (date: string) => {
  const answer = await inject('POST', '/api/admin/subscriptions/run', adminCookie, { date });
  expect(answer.statusCode, answer.body).toBe(200);
  return body<SubscriptionsRunAnswer>(answer);
};

async function ordersOf(userId: string) {
  return t.db.select().from(orders).where(eq(orders.userId, userId));
}

describe('a shopper’s standing orders', () => {
  it('starts one, shows its next delivery, the coming two weeks and the cut-off', async () => {
    const me = await shopper();
    const product = await milk();
    const subscription = await subscribed(me, product.id, {
      schedule: { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5], startDate: TOMORROW },
    });
    expect(subscription).toMatchObject({
      product: { _id: product.id, name: product.name, unit: 'litre', price: 60, isActive: true },
      quantity: 1,
      unit: 'litre',
      schedule: { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5], everyNDays: null, startDate: TOMORROW },
      paymentMethod: 'COD',
      address: { _id: me.addressId, label: 'Home', pinCode: '411001' },
      slot: null,
      skips: [],
      pauses: [],
      nextDate: TOMORROW,
      status: 'active',
    });
    // Tuesday 8 to Sunday 20 December: ten weekdays.
    expect(subscription.upcoming.map((day) => day.date)).toEqual([
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
      '2026-12-18',
    ]);
    const list = body<SubscriptionsAnswer>(await inject('GET', '/api/user/my/subscriptions', me.cookie));
    expect(list).toMatchObject({ cutoff: '21:00', changesOpenFrom: TOMORROW, closedDates: [] });
    expect(list.subscriptions.map((one) => one._id)).toEqual([subscription._id]);
  });

  it('refuses what is not a standing order with a message, and changes nothing', async () => {
    const me = await shopper();
    const product = await milk();
    const cases: [object, number, RegExp][] = [
      [{ quantity: 0.75 }, 400, /0\.5, 1, 2/],
      [{ schedule: { kind: 'monthly', startDate: TOMORROW } }, 400, /daily, weekdays or everyNDays/],
      [{ schedule: { kind: 'weekdays', weekdays: [], startDate: TOMORROW } }, 400, /weekdays/],
      [{ schedule: { kind: 'everyNDays', everyNDays: 1, startDate: TOMORROW } }, 400, /2 to 30/],
      [{ schedule: { kind: 'daily', startDate: '2026-02-30' } }, 400, /date/],
      [{ schedule: { kind: 'daily', startDate: TODAY } }, 409, /closed at 21:00 the evening before/],
      [{ paymentMethod: 'Khata' }, 409, /khata/i],
      [{ slotTemplateId: '00000000-0000-4000-8000-000000000000' }, 400, /slot/],
    ];
    for (const [extra, status, message] of cases) {
      const answer = await subscribe(me, product.id, extra);
      expect(answer.statusCode, JSON.stringify(extra)).toBe(status);
      expect(body<{ message: string }>(answer).message).toMatch(message);
    }
    const other = await shopper();
    expect((await subscribe({ cookie: me.cookie, addressId: other.addressId }, product.id)).statusCode).toBe(400);
    expect((await subscribe(me, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await inject('POST', '/api/user/my/subscriptions', undefined, {})).statusCode).toBe(401);
    const list = body<SubscriptionsAnswer>(await inject('GET', '/api/user/my/subscriptions', me.cookie));
    expect(list.subscriptions).toEqual([]);
  });

  it('keeps at most 20 running; an ended one makes room', async () => {
    const me = await shopper();
    const product = await milk();
    const made: Subscription[] = [];
    for (let i = 0; i < 20; i += 1) made.push(await subscribed(me, product.id));
    const over = await subscribe(me, product.id);
    expect(over.statusCode).toBe(409);
    expect(body<{ message: string }>(over).message).toMatch(/at most 20/);
    const ended = await inject('DELETE', `/api/user/my/subscriptions/${made[0]?._id}`, me.cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await subscribe(me, product.id)).statusCode).toBe(201);
  });

  it('skips a day and pauses a week until the cut-off the evening before, then answers 409', async () => {
    const me = await shopper();
    const product = await milk();
    const subscription = await subscribed(me, product.id);
    const skipped = await inject('POST', `/api/user/my/subscriptions/${subscription._id}/skips`, me.cookie, {
      date: TOMORROW,
    });
    expect(skipped.statusCode, skipped.body).toBe(201);
    expect(body<{ subscription: Subscription }>(skipped).subscription).toMatchObject({
      skips: [TOMORROW],
      nextDate: '2026-12-09',
    });
    const paused = await inject('POST', `/api/user/my/subscriptions/${subscription._id}/pauses`, me.cookie, {
      from: '2026-12-14',
      to: '2026-12-20',
    });
    expect(paused.statusCode, paused.body).toBe(201);
    const withPause = body<{ subscription: Subscription }>(paused).subscription;
    expect(withPause.upcoming.find((day) => day.date === '2026-12-15')?.state).toBe('paused');
    expect(withPause.upcoming.find((day) => day.date === TOMORROW)?.state).toBe('skipped');

    // A date the schedule does not deliver on, and a pause that ends before it starts.
    const weekly = await subscribed(me, product.id, {
      schedule: { kind: 'weekdays', weekdays: [3], startDate: TOMORROW },
    });
    const wrongDay = await inject('POST', `/api/user/my/subscriptions/${weekly._id}/skips`, me.cookie, {
      date: TOMORROW,
    });
    expect(wrongDay.statusCode).toBe(400);
    const backwards = await inject('POST', `/api/user/my/subscriptions/${weekly._id}/pauses`, me.cookie, {
      from: '2026-12-20',
      to: '2026-12-14',
    });
    expect(backwards.statusCode).toBe(400);

    // 21:00 the evening before: tomorrow's changes are closed.
    setClock('2026-12-07T15:30:00Z');
    try {
      const late = await inject(
        'DELETE',
        `/api/user/my/subscriptions/${subscription._id}/skips/${TOMORROW}`,
        me.cookie,
      );
      expect(late.statusCode).toBe(409);
      expect(body<{ message: string; code: string }>(late)).toMatchObject({
        code: 'subscriptionCutoffPassed',
        message: `Changes for ${TOMORROW} closed at 21:00 the evening before`,
      });
      const latePause = await inject('POST', `/api/user/my/subscriptions/${subscription._id}/pauses`, me.cookie, {
        from: TOMORROW,
        to: '2026-12-09',
      });
      expect(latePause.statusCode).toBe(409);
      // The day after is still open.
      const next = await inject('POST', `/api/user/my/subscriptions/${subscription._id}/skips`, me.cookie, {
        date: '2026-12-09',
      });
      expect(next.statusCode, next.body).toBe(201);
    } finally {
      setClock('2026-12-07T04:30:00Z');
    }
    // Someone else's standing order is not found.
    const stranger = await shopper();
    expect((await inject('DELETE', `/api/user/my/subscriptions/${subscription._id}`, stranger.cookie)).statusCode).toBe(
      404,
    );
  });

  it('changes the quantity, not the product', async () => {
    const me = await shopper();
    const product = await milk();
    const subscription = await subscribed(me, product.id);
    const changed = await inject('PUT', `/api/user/my/subscriptions/${subscription._id}`, me.cookie, { quantity: 2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<{ subscription: Subscription }>(changed).subscription.quantity).toBe(2);
    const other = await milk();
    const swap = await inject('PUT', `/api/user/my/subscriptions/${subscription._id}`, me.cookie, {
      productId: other.id,
    });
    expect(swap.statusCode).toBe(400);
  });
});

describe('making a date’s standing orders', () => {
  it('makes one order per household with every line due, at the rate of the date, never twice', async () => {
    const slot = await inject('POST', '/api/admin/delivery/slots', adminCookie, {
      days: [0, 1, 2, 3, 4, 5, 6],
      start: '06:00',
      end: '08:00',
      capacity: 1,
      cutoffMinutes: 0,
      zoneIds: [],
    });
    expect(slot.statusCode, slot.body).toBe(201);
    const slotTemplateId = body<{ slot: { _id: string } }>(slot).slot._id;
    const product = await milk();
    const curd = await createProduct(t.db, {
      name: `Curd ${Math.random()}`,
      rate: 40,
      stockKg: 50,
      weightsKg: [0.5, 1],
    });
    const [a, b] = [await shopper(), await shopper()];
    await subscribed(a, product.id, { slotTemplateId });
    await subscribed(a, curd.id, { quantity: 0.5, slotTemplateId });
    await subscribed(b, product.id, { quantity: 2, slotTemplateId });
    // Tomorrow's milk rate, scheduled from 05:00: the orders are priced at it.
    const rates = await inject('PUT', '/api/admin/rates', adminCookie, {
      rates: [{ productId: product.id, rate: 64 }],
      effectiveAt: '2026-12-08T05:00:00+05:30',
    });
    expect(rates.statusCode, rates.body).toBe(200);

    const planned = body<SubscriptionsDayAnswer>(
      await inject('GET', `/api/admin/subscriptions?date=${TOMORROW}`, adminCookie),
    );
    expect(planned.made).toBe(false);
    expect(planned.products.find((row) => row.productId === product.id)).toMatchObject({ quantity: 3, households: 2 });

    setClock('2026-12-07T15:31:00Z');
    try {
      const first = await run(TOMORROW);
      expect(first.created).toBeGreaterThanOrEqual(2);
      const [orderA] = await ordersOf(a.id);
      expect(orderA).toMatchObject({
        channel: 'subscription',
        deliveryDate: TOMORROW,
        idempotencyKey: `standing:${TOMORROW}`,
      });
      const view = body<{ order: Order }>(await inject('GET', `/api/user/my/order/${orderA?.id}`, a.cookie)).order;
      expect(view.orderItems.map((item) => [item.name, item.quantity, item.rate])).toEqual(
        expect.arrayContaining([
          [product.name, 1, 64],
          [curd.name, 0.5, 40],
        ]),
      );
      // Its capacity (1) does not refuse them: both households are in the slot.
      expect(view.deliverySlot).toMatchObject({ date: TOMORROW, start: '06:00', end: '08:00' });
      expect((await ordersOf(b.id)).length).toBe(1);

      const again = await run(TOMORROW);
      expect(again.created).toBe(0);
      expect(again.skipped).toBeGreaterThanOrEqual(2);
      expect((await ordersOf(a.id)).length).toBe(1);

      const day = body<SubscriptionsDayAnswer>(
        await inject('GET', `/api/admin/subscriptions?date=${TOMORROW}`, adminCookie),
      );
      expect(day.made).toBe(true);
      // Grouped by the slot each order was booked in.
      expect(day.slots.find((row) => row.slotId === slotTemplateId)).toMatchObject({ start: '06:00', end: '08:00' });
      expect(day.slots.find((row) => row.slotId === slotTemplateId)?.households).toBeGreaterThanOrEqual(2);
      expect(day.orders.map((order) => order._id)).toEqual(expect.arrayContaining([orderA?.id]));
      // The pick list of the date carries them like any order.
      const pick = body<{ items: { productId: string; quantity: number }[] }>(
        await inject('GET', `/api/admin/picklist?date=${TOMORROW}`, adminCookie),
      );
      expect(pick.items.find((item) => item.productId === product.id)?.quantity).toBe(3);
    } finally {
      setClock('2026-12-07T04:30:00Z');
    }
    // A date made by hand is closed to changes, whatever the clock.
    const list = body<SubscriptionsAnswer>(await inject('GET', '/api/user/my/subscriptions', a.cookie));
    expect(list.changesOpenFrom).toBe('2026-12-09');
    expect(list.subscriptions[0]?.upcoming[0]).toMatchObject({ date: TOMORROW, state: 'made' });
  });

  it('leaves out what cannot be made, lists it with its reason and tells the shopper once', async () => {
    const scarce = await createProduct(t.db, {
      name: `Paneer ${Math.random()}`,
      rate: 400,
      stockKg: 1,
      weightsKg: [1],
    });
    const [a, b] = [await shopper(), await shopper()];
    await subscribed(a, scarce.id, { schedule: { kind: 'daily', startDate: '2026-12-10' } });
    await subscribed(b, scarce.id, { schedule: { kind: 'daily', startDate: '2026-12-10' } });
    // On a khata with ₹100 of credit, a ₹400 line is over the limit.
    const c = await shopper();
    expect((await inject('PUT', `/api/admin/khata/${c.id}`, adminCookie, { creditLimit: 100 })).statusCode).toBe(200);
    const big = await createProduct(t.db, { name: `Ghee ${Math.random()}`, rate: 400, stockKg: 10, weightsKg: [1] });
    await subscribed(c, big.id, { paymentMethod: 'Khata', schedule: { kind: 'daily', startDate: '2026-12-10' } });

    const before = t.mails.length;
    const made = await run('2026-12-10');
    const reasons = made.failures.map((failure) => [failure.productName, failure.reason]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        [scarce.name, 'noStock'],
        [big.name, 'khataLimit'],
      ]),
    );
    expect((await ordersOf(a.id)).length + (await ordersOf(b.id)).length).toBe(1);
    expect((await ordersOf(c.id)).length).toBe(0);
    await t.settle();
    const told = t.mails.slice(before);
    expect(told.filter((mail) => mail.to === c.email)).toHaveLength(1);
    expect(told.find((mail) => mail.to === c.email)?.text).toMatch(/khata has reached its limit/);

    // Made again: nothing new, nobody told twice.
    await run('2026-12-10');
    await t.settle();
    expect(t.mails.length).toBe(before + told.length);
  });

  it('makes nothing on a closed date, offers no slot then, and tells the shoppers ahead', async () => {
    const product = await milk();
    const me = await shopper();
    await subscribed(me, product.id, { schedule: { kind: 'daily', startDate: '2026-12-11' } });
    const before = t.mails.length;
    const closed = await inject('POST', '/api/admin/closed-dates', adminCookie, { date: '2026-12-12', note: 'Diwali' });
    expect(closed.statusCode, closed.body).toBe(201);
    await t.settle();
    const notice = t.mails.slice(before).find((mail) => mail.to === me.email);
    expect(notice?.subject).toMatch(/closed/);
    const list = body<SubscriptionsAnswer>(await inject('GET', '/api/user/my/subscriptions', me.cookie));
    expect(list.closedDates).toEqual([{ date: '2026-12-12', note: 'Diwali' }]);
    expect(list.subscriptions[0]?.upcoming.find((day) => day.date === '2026-12-12')?.state).toBe('closed');
    const slots = body<{ slots: { date: string; isAvailable: boolean }[] }>(
      await inject('GET', '/api/delivery/slots?pinCode=411001'),
    ).slots;
    expect(slots.filter((slot) => slot.date === '2026-12-12').every((slot) => !slot.isAvailable)).toBe(true);

    const made = await run('2026-12-12');
    expect(made.failures.find((failure) => failure.customer._id === me.id)?.reason).toBe('shopClosed');
    expect((await ordersOf(me.id)).filter((order) => order.deliveryDate === '2026-12-12')).toEqual([]);
    // A made date cannot be closed after; a date out of range is refused.
    expect((await inject('POST', '/api/admin/closed-dates', adminCookie, { date: '2026-12-12' })).statusCode).toBe(409);
    expect((await inject('POST', '/api/admin/closed-dates', adminCookie, { date: '2026-12-01' })).statusCode).toBe(400);
    expect((await inject('DELETE', '/api/admin/closed-dates/2026-12-12', adminCookie)).statusCode).toBe(200);
    expect((await inject('DELETE', '/api/admin/closed-dates/2026-12-12', adminCookie)).statusCode).toBe(404);
  });

  it('runs by hand only from today to 7 days ahead, for an admin only', async () => {
    expect((await inject('POST', '/api/admin/subscriptions/run', adminCookie, { date: '2026-12-06' })).statusCode).toBe(
      400,
    );
    expect((await inject('POST', '/api/admin/subscriptions/run', adminCookie, { date: '2026-12-15' })).statusCode).toBe(
      400,
    );
    const me = await shopper();
    expect((await inject('POST', '/api/admin/subscriptions/run', me.cookie, { date: TODAY })).statusCode).toBe(403);
  });

  it('stops after its end and takes no stock for an ended standing order', async () => {
    const product = await milk();
    const me = await shopper();
    const subscription = await subscribed(me, product.id, { schedule: { kind: 'daily', startDate: '2026-12-13' } });
    expect((await inject('DELETE', `/api/user/my/subscriptions/${subscription._id}`, me.cookie)).statusCode).toBe(200);
    const [stockBefore] = await t.db
      .select({ stock: products.stockGrams })
      .from(products)
      .where(eq(products.id, product.id));
    await run('2026-12-13');
    expect(await ordersOf(me.id)).toEqual([]);
    const [stockAfter] = await t.db
      .select({ stock: products.stockGrams })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stockAfter?.stock).toBe(stockBefore?.stock);
    const list = body<SubscriptionsAnswer>(await inject('GET', '/api/user/my/subscriptions', me.cookie));
    expect(list.subscriptions[0]).toMatchObject({ status: 'ended', nextDate: null });
  });
});

/**
 * Refunds when a paid order is cancelled (api-contract-shop "Refunds when a paid order is
 * cancelled", decision 0032), through the HTTP API: the shopper cannot cancel a packed or paid
 * order, the shop's cancel of a paid order carries its refund (or is refused), the refund is in the
 * history, on the order, in the bills register (JSON and CSV) and in the cancellation mail, once.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { packAsOrdered } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderEvents, orders, products, users } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

/** Monday 23 November 2026, 11:30 in Kolkata. */
const NOW = new Date('2026-11-23T06:00:00Z');
/** Each payment has its own UTR: a UTR pays once across the shop (decision 0055). */
let nextUtr = 633_012_345_678;
const utrOf = (order: Order) => order.payment?.reference ?? '';
const REFUND_UTR = '734598761234';

type Order = OrderView & {
  history?: { at: string; by: string | null; kind: string; changes: Record<string, unknown> }[];
};

let t: TestApp;
let shopper: { id: string; email: string };
let adminCookie: string;
let shopperCookie: string;
let tomato: { id: string };

const shippingInfo = {
  address: '7th Main Road, Jayanagar',
  city: 'Bengaluru',
  mobileNumber: '9876543210',
  pinCode: '560011',
};

beforeAll(async () => {
  t = await buildTestApp({ INVOICE_PREFIX: 'MND' }, { now: () => NOW });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Rao', role: 'Admin' });
  shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Rao' });
  adminCookie = await sessionCookie(t.db, admin.id);
  shopperCookie = await sessionCookie(t.db, shopper.id);
  tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 38.5, stockKg: 500, weightsKg: [1, 2] });
});

afterAll(async () => {
  await t?.close();
});

async function place(quantity = 1): Promise<Order> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: tomato.id, quantity }], shippingInfo },
    headers: { cookie: shopperCookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: Order }>(response).order;
}

const pack = (order: Order): Promise<Order> => packAsOrdered(t, adminCookie, order);

async function pay(order: Order, method: 'Cash' | 'UPI', reference = ''): Promise<Order> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/payment`,
    payload: { method, reference },
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: Order }>(response).order;
}

/** A packed order paid by UPI, with a UTR of its own. */
async function paidOrder(quantity = 1): Promise<Order> {
  return pay(await pack(await place(quantity)), 'UPI', String(nextUtr++));
}

const setStatus = (id: string, payload: Record<string, unknown>, cookie = adminCookie) =>
  t.app.inject({ method: 'PUT', url: `/api/user/update/order/${id}`, payload, headers: { cookie } });

const cancelOwn = (id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/user/my/order/${id}/cancel`, headers: { cookie: shopperCookie } });

async function readOrder(id: string, cookie = adminCookie): Promise<Order> {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/my/order/${id}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: Order }>(response).order;
}

async function stockGrams(): Promise<number> {
  const [row] = await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, tomato.id));
  return row?.grams ?? -1;
}

describe("the shopper's own cancel", () => {
  it('is refused (409, ask the shop) once the order is packed, and once it is paid; nothing changes', async () => {
    const packed = await pack(await place());
    const stock = await stockGrams();
    const refusedPacked = await cancelOwn(packed._id);
    expect(refusedPacked.statusCode).toBe(409);
    expect(body(refusedPacked)).toMatchObject({
      success: false,
      code: 'cancelPackedAskShop',
      message: 'This order is already packed: please ask the shop to cancel it',
    });

    const paid = await pay(packed, 'Cash');
    const refusedPaid = await cancelOwn(paid._id);
    expect(refusedPaid.statusCode).toBe(409);
    expect(body(refusedPaid)).toMatchObject({
      code: 'cancelPaidAskShop',
      message: 'This order is already paid: please ask the shop to cancel it and refund you',
    });
    const after = await readOrder(paid._id);
    expect(after.status).toBe('Processing');
    expect(after.refund).toBeNull();
    expect(await stockGrams()).toBe(stock);
  });

  it('still cancels a Processing order that is neither packed nor paid', async () => {
    const order = await place();
    const response = await cancelOwn(order._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ order: Order }>(response).order).toMatchObject({ status: 'Cancelled', refund: null });
  });
});

describe("the shop's cancel of a paid order", () => {
  it('is refused (409) without a refund, naming it; the order, its stock and payment stay', async () => {
    const order = await paidOrder();
    const stock = await stockGrams();
    const refused = await setStatus(order._id, { oStatus: 'Cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'refundRequired',
      message: `This order is paid (UPI ${utrOf(order)}): to cancel it, record its refund (Cash, UPI or Khata)`,
    });
    // Shipped too.
    expect((await setStatus(order._id, { oStatus: 'Shipped' })).statusCode).toBe(200);
    expect((await setStatus(order._id, { oStatus: 'Cancelled' })).statusCode).toBe(409);
    const after = await readOrder(order._id);
    expect(after.status).toBe('Shipped');
    expect(after.payment).toMatchObject({ method: 'UPI', reference: utrOf(order) });
    expect(after.refund).toBeNull();
    expect(await stockGrams()).toBe(stock);
  });

  it('refuses a UPI refund without its 12-digit UTR (400), and an unknown method (400)', async () => {
    const order = await paidOrder();
    for (const reference of ['', '12345', '12345678901x', '1234567890123']) {
      const refused = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'UPI', reference } });
      expect(refused.statusCode, reference).toBe(400);
      expect(body(refused)).toMatchObject({
        code: 'refundUpiNeedsUtr',
        message: 'A UPI refund needs its reference: the 12-digit UTR of the refund payment',
      });
    }
    const unknown = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'Cheque', reference: '1' } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(body(unknown).message)).toContain('refund.method must be one of Cash, UPI, Khata');
    expect((await readOrder(order._id)).status).toBe('Processing');
  });

  it('records a UPI refund of what was paid: on the order, in the history, for the shopper too', async () => {
    const order = await paidOrder(2);
    expect(order.total).toBe(77);
    const stock = await stockGrams();
    const response = await setStatus(order._id, {
      oStatus: 'Cancelled',
      refund: { method: 'UPI', reference: ` ${REFUND_UTR} ` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = body<{ Order: Order }>(response).Order;
    expect(cancelled.status).toBe('Cancelled');
    expect(cancelled.refund).toEqual({
      method: 'UPI',
      reference: REFUND_UTR,
      amount: 77,
      refundedAt: NOW.toISOString(),
    });
    // The payment stays: it was made, and the refund says where it went.
    expect(cancelled.payment).toMatchObject({ method: 'UPI', reference: utrOf(order), amount: 77 });
    expect(await stockGrams()).toBe(stock + 2000);

    const history = (await readOrder(order._id)).history ?? [];
    expect(history.map((entry) => [entry.kind, entry.by])).toEqual([
      ['placed', 'Asha Rao'],
      ['packed', 'Meera Rao'],
      ['payment', 'Meera Rao'],
      ['cancelled', 'Meera Rao'],
      ['refund', 'Meera Rao'],
    ]);
    expect(history.at(-1)?.changes).toEqual({
      refund: { from: null, to: { method: 'UPI', reference: REFUND_UTR, amount: 77 } },
    });
    const mine = await readOrder(order._id, shopperCookie);
    expect(mine.refund).toMatchObject({ method: 'UPI', amount: 77 });
    expect(mine.history?.at(-1)).toMatchObject({ kind: 'refund', by: null });
    const list = await t.app.inject({ url: '/api/user/my/orders', headers: { cookie: shopperCookie } });
    expect(body<{ myOrders: Order[] }>(list).myOrders.find((o) => o._id === order._id)?.refund?.method).toBe('UPI');
  });

  it('records a cash refund without a reference; a second cancel is refused and writes nothing', async () => {
    const order = await pay(await pack(await place()), 'Cash');
    const response = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'Cash' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ Order: Order }>(response).Order.refund).toMatchObject({ method: 'Cash', reference: '', amount: 39 });
    const again = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'Cash' } });
    expect(again.statusCode).toBe(409);
    const kinds = (await readOrder(order._id)).history?.map((entry) => entry.kind);
    expect(kinds?.filter((kind) => kind === 'refund')).toHaveLength(1);
  });

  it('refuses a khata refund while the shopper has no khata account (409); nothing changes', async () => {
    const order = await paidOrder();
    const refused = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'Khata' } });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'refundNoKhata',
      message: 'This shopper has no khata account: refund by Cash or UPI',
    });
    const after = await readOrder(order._id);
    expect(after).toMatchObject({ status: 'Processing', refund: null });
  });

  it('refuses a refund for an order with no payment (409) and with any move but a cancel (400)', async () => {
    const unpaid = await pack(await place());
    const nothing = await setStatus(unpaid._id, { oStatus: 'Cancelled', refund: { method: 'Cash' } });
    expect(nothing.statusCode).toBe(409);
    expect(body(nothing)).toMatchObject({
      code: 'refundNothingPaid',
      message: 'This order has no payment recorded: there is nothing to refund',
    });
    expect((await readOrder(unpaid._id)).status).toBe('Processing');
    const shipped = await setStatus(unpaid._id, { oStatus: 'Shipped', refund: { method: 'Cash' } });
    expect(shipped.statusCode).toBe(400);
    expect(body(shipped).code).toBe('refundOnlyWhenCancelling');
    // Without a refund an unpaid order cancels as before, with no refund.
    const cancelled = await setStatus(unpaid._id, { oStatus: 'Cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(body<{ Order: Order }>(cancelled).Order.refund).toBeNull();
  });

  it('is for admins only: a shopper sending a refund gets 403', async () => {
    const order = await paidOrder();
    const refused = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'Cash' } }, shopperCookie);
    expect(refused.statusCode).toBe(403);
    expect((await readOrder(order._id)).refund).toBeNull();
  });

  it('five simultaneous cancels with refunds: one succeeds, one refund, the stock comes back once', async () => {
    const order = await paidOrder(2);
    const stock = await stockGrams();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        setStatus(order._id, {
          oStatus: 'Cancelled',
          refund: { method: i % 2 ? 'Cash' : 'UPI', reference: REFUND_UTR },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockGrams()).toBe(stock + 2000);
    const refunds = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(refunds.filter((event) => event.kind === 'refund')).toHaveLength(1);
  });
});

describe('the bills register', () => {
  it('lists the refunded bill as Cancelled with its refund, out of the totals; CSV has the refund columns', async () => {
    const kept = await paidOrder();
    const refunded = await paidOrder(2);
    const before = body<{ totals: { total: number } }>(
      await t.app.inject({ url: '/api/admin/bills?month=2026-11', headers: { cookie: adminCookie } }),
    ).totals.total;
    expect(
      (await setStatus(refunded._id, { oStatus: 'Cancelled', refund: { method: 'UPI', reference: REFUND_UTR } }))
        .statusCode,
    ).toBe(200);
    const answer = body<{
      bills: { orderId: string; status: string; total: number; payment: unknown; refund: unknown }[];
      totals: { total: number };
    }>(await t.app.inject({ url: '/api/admin/bills?month=2026-11', headers: { cookie: adminCookie } }));
    const bill = answer.bills.find((entry) => entry.orderId === refunded._id);
    expect(bill).toMatchObject({
      status: 'Cancelled',
      total: 77,
      payment: { method: 'UPI', reference: utrOf(refunded) },
      refund: { method: 'UPI', reference: REFUND_UTR, amount: 77, refundedAt: NOW.toISOString() },
    });
    expect(answer.bills.find((entry) => entry.orderId === kept._id)).toMatchObject({
      status: 'Processing',
      refund: null,
    });
    // The refunded bill leaves the totals, as every cancelled bill does; the kept one stays in them.
    expect(answer.totals.total).toBe(before - 77);
    const kepts = answer.bills.filter((entry) => entry.status !== 'Cancelled');
    expect(answer.totals.total).toBe(kepts.reduce((sum, entry) => sum + entry.total, 0));

    const csv = await t.app.inject({
      url: '/api/admin/bills?month=2026-11&format=csv',
      headers: { cookie: adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/"Payment","Payment reference","Refund","Refund reference","Refund amount"$/);
    const row = rows.find((line) => line.includes(`#${refunded.orderNumber}`));
    expect(row).toMatch(new RegExp(`"Cancelled",.*"UPI","${utrOf(refunded)}","UPI","${REFUND_UTR}",77$`));
    const keptRow = rows.find((line) => line.includes(`#${kept.orderNumber}`));
    expect(keptRow).toMatch(new RegExp(`"UPI","${utrOf(kept)}","","",""$`));
  });
});

describe('the cancellation mail', () => {
  it('tells the shopper of the refund, in English and in Hindi', async () => {
    const order = await paidOrder(2);
    await t.settle();
    t.mails.length = 0;
    await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'UPI', reference: REFUND_UTR } });
    await t.settle();
    const mail = t.mails.find((sent) => sent.subject.includes(`#${order.orderNumber}`));
    expect(mail?.to).toBe(shopper.email);
    expect(mail?.text).toContain(`Refund: the shop has paid back the ₹77 you paid, by UPI (reference ${REFUND_UTR}).`);
    expect(mail?.html).toContain(`by UPI (reference ${REFUND_UTR})`);

    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, shopper.id));
    const cash = await pay(await pack(await place()), 'Cash');
    await t.settle();
    t.mails.length = 0;
    await setStatus(cash._id, { oStatus: 'Cancelled', refund: { method: 'Cash', reference: 'R-17' } });
    await t.settle();
    const hindi = t.mails.find((sent) => sent.subject.includes(`#${cash.orderNumber}`));
    expect(hindi?.text).toContain('रिफ़ंड: आपके दिए ₹39 दुकान ने Cash से लौटा दिए हैं (रेफ़रेंस R-17)।');
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, shopper.id));
  });
});

describe('a payment keeps what it took (decision 0055)', () => {
  it('refuses to pack a paid order again (409): its weights, bill and payment stay', async () => {
    for (const order of [await paidOrder(), await pay(await pack(await place()), 'Cash')]) {
      const repack = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order._id}/pack`,
        payload: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: 1.1 })) },
        headers: { cookie: adminCookie },
      });
      expect(repack.statusCode).toBe(409);
      const payment = order.payment?.method === 'UPI' ? `UPI ${utrOf(order)}` : 'Cash';
      expect(body(repack)).toMatchObject({
        code: 'paidNoRepack',
        message: `This order is paid (${payment}): it cannot be packed again. Cancel it with its refund and take a new order`,
      });
      const after = await readOrder(order._id);
      expect(after).toMatchObject({ total: order.total, invoiceNumber: order.invoiceNumber });
      expect(after.orderItems.map((item) => item.packedQuantity)).toEqual(
        order.orderItems.map((i) => i.packedQuantity),
      );
      expect(after.payment).toMatchObject({ method: order.payment?.method, amount: order.total });
    }
  });

  it('refunds what the payment took, never a later total', async () => {
    const order = await paidOrder();
    expect(order.payment?.amount).toBe(39);
    // As if the bill had changed after the payment (a repack before decision 0055 did this).
    await t.db.update(orders).set({ totalPaise: 4_300 }).where(eq(orders.id, order._id));
    const cancelled = await setStatus(order._id, { oStatus: 'Cancelled', refund: { method: 'Cash' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body<{ Order: Order }>(cancelled).Order.refund).toMatchObject({ method: 'Cash', amount: 39 });
  });
});

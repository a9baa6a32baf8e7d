/** Weighing and the final bill, through the HTTP API (contract: "Weighing and the final bill"). */
import fs from 'node:fs';
import path from 'node:path';
import { shopDateOf } from '@mandi/shared/kernel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { buildApp } from '../../app.js';
import { orderEventsOutbox, orderItems, orders, products, users } from '../../db/schema.js';
import { createAfterAnswerQueue } from '../../lib/after-answer.js';
import type { OrderView } from '../orders/orders.presenter.js';

let t: TestApp;
let shopper: { id: string; email: string };
let shopperCookie: string;
let otherCookie: string;
let adminCookie: string;

/** 2026-03-10 20:00 UTC is 2026-03-11 01:30 in the shop. */
const NOW = new Date('2026-03-10T20:00:00Z');

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

type Order = OrderView & {
  history?: { at: string; by: string | null; kind: string; changes: Record<string, unknown> }[];
};

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Patel' });
  const other = await createUser(t.db, { firstName: 'Ravi', lastName: 'Kumar' });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Rao', role: 'Admin' });
  shopperCookie = await sessionCookie(t.db, shopper.id);
  otherCookie = await sessionCookie(t.db, other.id);
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t.close());

async function place(lines: { id: string; quantity: number }[], cookie = shopperCookie): Promise<Order> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: lines, shippingInfo: shipping },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: Order }>(response).order;
}

function pack(orderId: string, items: { _id: string; packedQuantity: unknown }[], cookie = adminCookie) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/pack`,
    payload: { items },
    headers: { cookie },
  });
}

function cancel(orderId: string, cookie = shopperCookie) {
  return t.app.inject({ method: 'PUT', url: `/api/user/my/order/${orderId}/cancel`, headers: { cookie } });
}

function setStatus(orderId: string, oStatus: string, cookie = adminCookie) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/update/order/${orderId}`,
    payload: { oStatus },
    headers: { cookie },
  });
}

async function readOrder(orderId: string, cookie = adminCookie): Promise<Order> {
  const response = await t.app.inject({ method: 'GET', url: `/api/user/my/order/${orderId}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: Order }>(response).order;
}

async function stockGrams(productId: string): Promise<number> {
  const [row] = await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, productId));
  return row?.grams ?? Number.NaN;
}

describe('PUT /api/admin/orders/{id}/pack', () => {
  it('bills the packed weights, rounded half up to the paisa, and keeps the estimate', async () => {
    const okra = await createProduct(t.db, { name: 'Okra', rate: 12.35, stockKg: 10, weightsKg: [1] });
    const beans = await createProduct(t.db, { name: 'Beans', rate: 29.99, stockKg: 10, weightsKg: [0.5] });
    const order = await place([
      { id: okra.id, quantity: 1 },
      { id: beans.id, quantity: 0.5 },
    ]);
    // 12.35 × 1 = 12.35; 29.99 × 0.5 = 14.995 → 15.00 (half up).
    expect(order.estimatedTotal).toBe(27.35);
    expect(order.total).toBe(27.35);
    expect(order.orderItems.map((item) => [item.packedQuantity, item.amount])).toEqual([
      [null, 12.35],
      [null, 15],
    ]);
    expect(order.packedAt).toBeNull();

    const [okraLine, beansLine] = order.orderItems;
    const response = await pack(order._id, [
      { _id: okraLine?._id as string, packedQuantity: '0.9' },
      { _id: beansLine?._id as string, packedQuantity: 0.501 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const packed = body<{ success: boolean; order: Order }>(response);
    expect(packed.success).toBe(true);
    // 12.35 × 0.9 = 11.115 → 11.12; 29.99 × 0.501 = 15.02499 → 15.02.
    expect(packed.order.orderItems.map((item) => [item.quantity, item.packedQuantity, item.amount])).toEqual([
      [1, '0.9', 11.12],
      [0.5, '0.501', 15.02],
    ]);
    // The lines' 26.14 is paid in whole rupees (decision 0017): 26.14 - 0.14.
    expect(packed.order.subtotal).toBe(26.14);
    expect(packed.order.roundOff).toBe(-0.14);
    expect(packed.order.total).toBe(26);
    expect(packed.order.estimatedTotal).toBe(27.35);
    expect(packed.order.status).toBe('Processing');
    expect(Date.parse(packed.order.packedAt as string)).not.toBeNaN();
    // Stock follows: 0.1 Kg of okra back, 0.001 Kg more beans taken.
    expect(await stockGrams(okra.id)).toBe(9100);
    expect(await stockGrams(beans.id)).toBe(9499);
  });

  it('refuses more than 110 %, fractions of a gram, negatives, a missing, repeated or foreign item (400), changing nothing', async () => {
    const product = await createProduct(t.db, { name: 'Tomato', rate: 40, stockKg: 10, weightsKg: [1, 2] });
    const second = await createProduct(t.db, { name: 'Onion', rate: 30, stockKg: 10, weightsKg: [2] });
    const order = await place([
      { id: product.id, quantity: 1 },
      { id: second.id, quantity: 2 },
    ]);
    const [a, b] = order.orderItems.map((item) => item._id) as [string, string];
    const other = await place([{ id: product.id, quantity: 1 }]);
    const cases: [unknown[], RegExp][] = [
      [
        [
          { _id: a, packedQuantity: 1.101 },
          { _id: b, packedQuantity: 2 },
        ],
        /Tomato: at most 1.1 kg can be packed \(110% of the 1 kg ordered\)/,
      ],
      [
        [
          { _id: a, packedQuantity: '1.0005' },
          { _id: b, packedQuantity: 2 },
        ],
        /whole grams/,
      ],
      [
        [
          { _id: a, packedQuantity: -1 },
          { _id: b, packedQuantity: 2 },
        ],
        /0 or more/,
      ],
      [
        [
          { _id: a, packedQuantity: 'lots' },
          { _id: b, packedQuantity: 2 },
        ],
        /number of Kg/,
      ],
      [[{ _id: a, packedQuantity: 1 }], /Onion is missing/],
      [
        [
          { _id: a, packedQuantity: 1 },
          { _id: a, packedQuantity: 1 },
          { _id: b, packedQuantity: 2 },
        ],
        /more than once/,
      ],
      [
        [
          { _id: a, packedQuantity: 1 },
          { _id: b, packedQuantity: 2 },
          { _id: other.orderItems[0]?._id, packedQuantity: 1 },
        ],
        /not in this order/,
      ],
      [[], /Every item of the order must be weighed/],
      [[{ _id: a, packedQuantity: { kg: 1 } }], /number of Kg/],
    ];
    for (const [items, message] of cases) {
      const response = await pack(order._id, items as { _id: string; packedQuantity: unknown }[]);
      expect(response.statusCode, JSON.stringify(items)).toBe(400);
      expect(body(response)).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      payload: { items: 'all of it' },
      headers: { cookie: adminCookie },
    });
    expect(notJson.statusCode).toBe(400);
    const after = await readOrder(order._id);
    expect(after.orderItems.every((item) => item.packedQuantity === null)).toBe(true);
    expect(after.total).toBe(100);
    expect(after.packedAt).toBeNull();
    expect(await stockGrams(product.id)).toBe(8000);
    expect(await stockGrams(second.id)).toBe(8000);
  });

  it('packing again adjusts stock against the previous packed weights; 0 means not available and is not charged', async () => {
    const product = await createProduct(t.db, { name: 'Potato', rate: 20, stockKg: 10, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    const line = order.orderItems[0]?._id as string;
    expect(await stockGrams(product.id)).toBe(9000);
    const steps: [number | string, number, number][] = [
      // The lines' 19.20 and 20.80 rounded to whole rupees.
      [0.96, 9040, 19],
      ['1.04', 8960, 21],
      [1.1, 8900, 22],
      [0, 10000, 0],
      ['1', 9000, 20],
    ];
    for (const [packedQuantity, stock, total] of steps) {
      const response = await pack(order._id, [{ _id: line, packedQuantity }]);
      expect(response.statusCode, response.body).toBe(200);
      expect(body<{ order: Order }>(response).order.total).toBe(total);
      expect(await stockGrams(product.id)).toBe(stock);
    }
    const history = (await readOrder(order._id)).history ?? [];
    expect(history.map((entry) => entry.kind)).toEqual(['placed', 'packed', 'packed', 'packed', 'packed', 'packed']);
    expect(history[2]).toMatchObject({
      by: 'Meera Rao',
      changes: {
        lines: [
          {
            name: 'Potato',
            quantity: '1',
            packedQuantity: { from: '0.96', to: '1.04' },
            amount: { from: 19.2, to: 20.8 },
          },
        ],
        roundOff: { from: -0.2, to: 0.2 },
        total: { from: 19, to: 21 },
      },
    });
  });

  it('taking more stock than there is: 409 naming the product, nothing changed', async () => {
    const product = await createProduct(t.db, { name: 'Mango', rate: 100, stockKg: 1, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    expect(await stockGrams(product.id)).toBe(0);
    const line = order.orderItems[0]?._id as string;
    const response = await pack(order._id, [{ _id: line, packedQuantity: 1.05 }]);
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({
      success: false,
      message: expect.stringMatching(/Not enough stock for Mango/),
    });
    const after = await readOrder(order._id);
    expect(after.orderItems[0]?.packedQuantity).toBeNull();
    expect(after.total).toBe(100);
    expect(after.packedAt).toBeNull();
    expect(after.history?.map((entry) => entry.kind)).toEqual(['placed']);
    expect(await stockGrams(product.id)).toBe(0);
    // Less is always possible.
    expect((await pack(order._id, [{ _id: line, packedQuantity: 0.95 }])).statusCode).toBe(200);
    expect(await stockGrams(product.id)).toBe(50);
  });

  it('only while Processing (409); an unknown order is a 404; admin only (401, 403)', async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    const items = [{ _id: order.orderItems[0]?._id as string, packedQuantity: 1 }];
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      payload: { items },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await pack(order._id, items, shopperCookie)).statusCode).toBe(403);
    expect((await pack('00000000-0000-4000-8000-000000000000', items)).statusCode).toBe(404);
    expect((await pack('not-an-id', items)).statusCode).toBe(404);
    expect((await setStatus(order._id, 'Shipped')).statusCode).toBe(200);
    const late = await pack(order._id, items);
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toMatch(/only a Processing order can be packed/);
  });

  it('mails the shopper the final bill (text and HTML) after packing', async () => {
    const product = await createProduct(t.db, { name: 'Brinjal', rate: 40, stockKg: 10, weightsKg: [1, 2] });
    const spinach = await createProduct(t.db, { name: 'Spinach', rate: 30, stockKg: 10, weightsKg: [2] });
    const order = await place([
      { id: product.id, quantity: 1 },
      { id: spinach.id, quantity: 2 },
    ]);
    await t.settle();
    t.mails.length = 0;
    const [a, b] = order.orderItems.map((item) => item._id) as [string, string];
    const response = await pack(order._id, [
      { _id: a, packedQuantity: 1.04 },
      { _id: b, packedQuantity: 0 },
    ]);
    expect(response.statusCode).toBe(200);
    await t.settle();
    expect(t.mails).toHaveLength(1);
    const mail = t.mails[0];
    expect(mail?.to).toBe(shopper.email);
    expect(mail?.subject).toBe(`Your Mandi order #${order.orderNumber} is packed: amount due ₹42`);
    expect(mail?.text).toContain(`Your order #${order.orderNumber} has been weighed and packed.`);
    expect(mail?.html).toContain(`Your order #${order.orderNumber} has been weighed and packed.`);
    expect(mail?.text).toContain('Brinjal: ordered 1 Kg, packed 1.04 Kg, ₹41.60');
    expect(mail?.text).toContain('Spinach: ordered 2 Kg, packed not available, ₹0');
    expect(mail?.text).toContain('Estimate when ordered: ₹100');
    expect(mail?.text).toContain('Round off: ₹0.40');
    expect(mail?.text).toContain('Amount due: ₹42');
    expect(mail?.text).toContain(`http://localhost:3000/Order/OrderDetails/${order._id}`);
    expect(mail?.html).toContain('<del>₹100</del>');
    expect(mail?.html).toContain('Round off: ₹0.40');
    expect(mail?.html).toContain('Amount due: ₹42');
    // The bill itself rides along: the same PDF as the download, named by its bill number.
    const packed = await readOrder(order._id);
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`${packed.invoiceNumber?.replaceAll('/', '-')}.pdf`);
    expect(attachment?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('the final bill through the real mail path', () => {
  it('lands in the outbox as one .eml with the text and HTML bill', async () => {
    // The same database, the shop's own mailer: without SMTP_URL it writes to DATA_DIR/outbox.
    const afterAnswer = createAfterAnswerQueue();
    const app = await buildApp({ config: t.config, db: t.db, logger: false, afterAnswer });
    await app.ready();
    try {
      const product = await createProduct(t.db, { name: 'Jackfruit', rate: 80, stockKg: 10, weightsKg: [2] });
      const order = await place([{ id: product.id, quantity: 2 }]);
      const before = fs.existsSync(t.config.outboxDir) ? fs.readdirSync(t.config.outboxDir) : [];
      const response = await app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order._id}/pack`,
        payload: { items: [{ _id: order.orderItems[0]?._id, packedQuantity: '1.95' }] },
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(200);
      await afterAnswer.idle();
      const added = fs.readdirSync(t.config.outboxDir).filter((file) => !before.includes(file));
      expect(added).toHaveLength(1);
      const eml = fs.readFileSync(path.join(t.config.outboxDir, added[0] as string), 'utf8');
      expect(eml).toMatch(/^To: .*shopper-/m);
      expect(eml).toContain('text/plain');
      expect(eml).toContain('text/html');
      expect(eml).toContain('Jackfruit: ordered 2 Kg, packed 1.95 Kg');
      // The bill's PDF is in the .eml as an attachment (base64), whole.
      expect(eml).toContain('Content-Type: application/pdf');
      expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=\S+\.pdf/);
      const encoded = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(eml)?.[1] ?? '';
      const pdf = Buffer.from(encoded.replace(/\s+/g, ''), 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    } finally {
      await app.close();
    }
  });
});

describe('shipping an order never packed', () => {
  it('packs it at the ordered weights, records it and mails the bill; a packed order ships as packed', async () => {
    const product = await createProduct(t.db, { name: 'Carrot', rate: 50, stockKg: 10, weightsKg: [1.5] });
    const order = await place([{ id: product.id, quantity: 1.5 }]);
    await t.settle();
    t.mails.length = 0;
    const response = await setStatus(order._id, 'Shipped');
    expect(response.statusCode).toBe(200);
    const shipped = body<{ Order: Order; updatedOrder: Order }>(response).updatedOrder;
    expect(shipped.status).toBe('Shipped');
    expect(shipped.orderItems[0]?.packedQuantity).toBe('1.5');
    expect(shipped.total).toBe(75);
    expect(shipped.packedAt).not.toBeNull();
    expect(await stockGrams(product.id)).toBe(8500);
    await t.settle();
    expect(t.mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/is packed/)]);
    const history = (await readOrder(order._id)).history ?? [];
    expect(history.map((entry) => [entry.kind, entry.by])).toEqual([
      ['placed', 'Asha Patel'],
      ['packed', 'Meera Rao'],
      ['status', 'Meera Rao'],
    ]);
    expect(history[1]?.changes).toMatchObject({ atOrderedWeights: true });
    expect(history[2]?.changes).toEqual({ status: { from: 'Processing', to: 'Shipped' } });

    const second = await place([{ id: product.id, quantity: 1.5 }]);
    await pack(second._id, [{ _id: second.orderItems[0]?._id as string, packedQuantity: 1.4 }]);
    await t.settle();
    t.mails.length = 0;
    const shippedPacked = body<{ Order: Order }>(await setStatus(second._id, 'Shipped')).Order;
    expect(shippedPacked.orderItems[0]?.packedQuantity).toBe('1.4');
    expect(shippedPacked.total).toBe(70);
    await t.settle();
    expect(t.mails).toHaveLength(0);
  });
});

describe('cancelling', () => {
  it('the owner cancels a Processing order: stock back, Cancelled is final', async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [2] });
    const order = await place([{ id: product.id, quantity: 2 }]);
    expect(await stockGrams(product.id)).toBe(8000);
    const response = await cancel(order._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ success: boolean; order: Order }>(response)).toMatchObject({
      success: true,
      order: { _id: order._id, status: 'Cancelled' },
    });
    expect(await stockGrams(product.id)).toBe(10000);
    for (const next of ['Processing', 'Shipped', 'Delivered', 'Cancelled']) {
      const again = await setStatus(order._id, next);
      expect(again.statusCode).toBe(409);
      expect(body(again).message).toBe('This order is already Cancelled: its status cannot change');
    }
    expect((await cancel(order._id)).statusCode).toBe(409);
    expect((await pack(order._id, [{ _id: order.orderItems[0]?._id as string, packedQuantity: 2 }])).statusCode).toBe(
      409,
    );
    expect(await stockGrams(product.id)).toBe(10000);
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/my/orders', headers: { cookie: shopperCookie } });
    expect(body<{ myOrders: Order[] }>(mine).myOrders.find((o) => o._id === order._id)?.status).toBe('Cancelled');
  });

  it("another shopper's order is a 404, a visitor 401; a Shipped order cannot be cancelled by its owner", async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    expect((await cancel(order._id, otherCookie)).statusCode).toBe(404);
    expect((await cancel(order._id, adminCookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/my/order/${order._id}/cancel` })).statusCode).toBe(401);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await readOrder(order._id)).status).toBe('Processing');
    await setStatus(order._id, 'Shipped');
    const late = await cancel(order._id);
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toMatch(/only a Processing order can be cancelled/);
  });

  it('an admin cancels from Processing or Shipped, returning the packed weights; Delivered is final', async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    await pack(order._id, [{ _id: order.orderItems[0]?._id as string, packedQuantity: 0.9 }]);
    await setStatus(order._id, 'Shipped');
    expect(await stockGrams(product.id)).toBe(9100);
    const response = await setStatus(order._id, 'Cancelled');
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ Order: Order }>(response).Order.status).toBe('Cancelled');
    expect(await stockGrams(product.id)).toBe(10000);

    const delivered = await place([{ id: product.id, quantity: 1 }]);
    await setStatus(delivered._id, 'Shipped');
    await setStatus(delivered._id, 'Delivered');
    const late = await setStatus(delivered._id, 'Cancelled');
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe('This order is already Delivered: its status cannot change');
    expect(await stockGrams(product.id)).toBe(9000);
    expect((await setStatus(order._id, 'Cancelled', shopperCookie)).statusCode).toBe(403);
  });

  it('10 simultaneous cancels: one succeeds, the stock comes back once', async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [3] });
    const order = await place([{ id: product.id, quantity: 3 }]);
    expect(await stockGrams(product.id)).toBe(7000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? cancel(order._id) : setStatus(order._id, 'Cancelled'))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await stockGrams(product.id)).toBe(10000);
    const history = (await readOrder(order._id)).history ?? [];
    expect(history.filter((entry) => entry.kind === 'cancelled')).toHaveLength(1);
  });

  it('simultaneous packs and a cancel of one order leave the stock exact', async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    const line = order.orderItems[0]?._id as string;
    const answers = await Promise.all([
      pack(order._id, [{ _id: line, packedQuantity: 1.1 }]),
      pack(order._id, [{ _id: line, packedQuantity: 0.9 }]),
      // The shop's cancel: the shopper's is refused once the order is packed.
      setStatus(order._id, 'Cancelled'),
      pack(order._id, [{ _id: line, packedQuantity: 1.05 }]),
    ]);
    expect(answers.every((a) => [200, 409].includes(a.statusCode))).toBe(true);
    const after = await readOrder(order._id);
    expect(after.status).toBe('Cancelled');
    expect(await stockGrams(product.id)).toBe(10000);
  });
});

describe('the order history', () => {
  it('names every changer for the admin; the shopper sees their own name and null for staff', async () => {
    const product = await createProduct(t.db, { rate: 10, stockKg: 10, weightsKg: [1] });
    const order = await place([{ id: product.id, quantity: 1 }]);
    await pack(order._id, [{ _id: order.orderItems[0]?._id as string, packedQuantity: 1 }]);
    expect((await setStatus(order._id, 'Cancelled')).statusCode).toBe(200);
    const forAdmin = (await readOrder(order._id)).history?.map((entry) => [entry.kind, entry.by]);
    expect(forAdmin).toEqual([
      ['placed', 'Asha Patel'],
      ['packed', 'Meera Rao'],
      ['cancelled', 'Meera Rao'],
    ]);
    const forOwner = (await readOrder(order._id, shopperCookie)).history?.map((entry) => [entry.kind, entry.by]);
    expect(forOwner).toEqual([
      ['placed', 'Asha Patel'],
      ['packed', null],
      ['cancelled', null],
    ]);
    // Lists stay light: no history there.
    const all = await t.app.inject({ method: 'GET', url: '/api/user/admin/orders', headers: { cookie: adminCookie } });
    expect(body<{ AllOrders: Order[] }>(all).AllOrders[0]).not.toHaveProperty('history');
  });
});

describe('GET /api/admin/picklist', () => {
  it('sums the Processing orders of the date per product, sorted by name; CSV with a header, formulas defused', async () => {
    const a = await createProduct(t.db, { name: 'zucchini', rate: 10, stockKg: 100, weightsKg: [0.5, 1, 2] });
    const b = await createProduct(t.db, {
      name: '=HYPERLINK("x")',
      rate: 10,
      stockKg: 100,
      weightsKg: [1],
      unit: 'dozen',
    });
    const c = await createProduct(t.db, { name: 'Apple, red', rate: 10, stockKg: 100, weightsKg: [1] });
    const o1 = await place([
      { id: a.id, quantity: 1 },
      { id: b.id, quantity: 1 },
    ]);
    const o2 = await place([
      { id: a.id, quantity: 2 },
      { id: c.id, quantity: 1 },
    ]);
    const o3 = await place([{ id: a.id, quantity: 0.5 }]);
    const shippedOrder = await place([{ id: c.id, quantity: 1 }]);
    const cancelledOrder = await place([{ id: c.id, quantity: 1 }]);
    const otherDay = await place([{ id: c.id, quantity: 1 }]);
    await setStatus(shippedOrder._id, 'Shipped');
    await cancel(cancelledOrder._id);
    // o3 packed: its packed weight counts; 2026-03-11 in shop time is 2026-03-10 18:30 UTC to 2026-03-11 18:30 UTC.
    await pack(o3._id, [{ _id: o3.orderItems[0]?._id as string, packedQuantity: 0.52 }]);
    const at = async (id: string, iso: string) =>
      t.db
        .update(orders)
        .set({ createdAt: new Date(iso) })
        .where(eq(orders.id, id));
    await at(o1._id, '2026-03-10T18:30:00Z');
    await at(o2._id, '2026-03-11T18:29:59Z');
    await at(o3._id, '2026-03-11T05:00:00Z');
    await at(shippedOrder._id, '2026-03-11T05:00:00Z');
    await at(cancelledOrder._id, '2026-03-11T05:00:00Z');
    await at(otherDay._id, '2026-03-11T18:30:00Z');

    const expected = {
      success: true,
      date: '2026-03-11',
      items: [
        {
          productId: b.id,
          name: '=HYPERLINK("x")',
          quantity: 1,
          orders: 1,
          unit: 'dozen',
          orderNumbers: [o1.orderNumber],
          similarOrderNumbers: [],
          callOrderNumbers: [],
        },
        {
          productId: c.id,
          name: 'Apple, red',
          quantity: 1,
          orders: 1,
          unit: 'kg',
          orderNumbers: [o2.orderNumber],
          similarOrderNumbers: [],
          callOrderNumbers: [],
        },
        {
          productId: a.id,
          name: 'zucchini',
          quantity: 3.52,
          orders: 3,
          unit: 'kg',
          orderNumbers: [o1.orderNumber, o2.orderNumber, o3.orderNumber],
          similarOrderNumbers: [],
          callOrderNumbers: [],
        },
      ],
    };
    const byDate = await t.app.inject({
      method: 'GET',
      url: '/api/admin/picklist?date=2026-03-11',
      headers: { cookie: adminCookie },
    });
    expect(byDate.statusCode, byDate.body).toBe(200);
    expect(body(byDate)).toEqual(expected);
    // No date: today in the shop's time (the pinned clock says 2026-03-11 01:30 in Kolkata, 2026-03-10 in UTC).
    const today = await t.app.inject({ method: 'GET', url: '/api/admin/picklist', headers: { cookie: adminCookie } });
    expect(body(today)).toEqual(expected);
    const nextDay = await t.app.inject({
      method: 'GET',
      url: '/api/admin/picklist?date=2026-03-12',
      headers: { cookie: adminCookie },
    });
    expect(body(nextDay)).toEqual({
      success: true,
      date: '2026-03-12',
      items: [
        {
          productId: c.id,
          name: 'Apple, red',
          quantity: 1,
          orders: 1,
          unit: 'kg',
          orderNumbers: [otherDay.orderNumber],
          similarOrderNumbers: [],
          callOrderNumbers: [],
        },
      ],
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/picklist?date=2026-03-11&format=csv',
      headers: { cookie: adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="picklist-2026-03-11.csv"');
    expect(csv.body).toBe(
      `"Product","Quantity","Unit","Orders","Order numbers","Similar item if short","Call if short"\r\n"'=HYPERLINK(""x"")",1,"dozen",1,"#${o1.orderNumber}","",""\r\n"Apple, red",1,"kg",1,"#${o2.orderNumber}","",""\r\n"zucchini",3.52,"kg",3,"#${o1.orderNumber} #${o2.orderNumber} #${o3.orderNumber}","",""\r\n`,
    );
  });

  it('is kept between reads and follows every order write of the day at once', async () => {
    const product = await createProduct(t.db, { name: 'Kept Okra', rate: 10, stockKg: 100, weightsKg: [1] });
    // Orders take the database's clock when placed: the real shop date, not the pinned one.
    const date = shopDateOf(new Date());
    const okra = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/picklist?date=${date}`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<{ items: { productId: string; quantity: number; orders: number }[] }>(response).items.find(
        (item) => item.productId === product.id,
      );
    };
    expect(await okra()).toBeUndefined();
    const first = await place([{ id: product.id, quantity: 1 }]);
    expect(await okra()).toEqual(expect.objectContaining({ quantity: 1, orders: 1 }));
    const second = await place([{ id: product.id, quantity: 1 }]);
    expect(await okra()).toEqual(expect.objectContaining({ quantity: 2, orders: 2 }));
    expect(
      (await pack(first._id, [{ _id: first.orderItems[0]?._id as string, packedQuantity: 1.05 }])).statusCode,
    ).toBe(200);
    expect(await okra()).toEqual(expect.objectContaining({ quantity: 2.05, orders: 2 }));
    expect((await setStatus(first._id, 'Shipped')).statusCode).toBe(200);
    expect(await okra()).toEqual(expect.objectContaining({ quantity: 1, orders: 1 }));
    expect((await cancel(second._id)).statusCode).toBe(200);
    expect(await okra()).toBeUndefined();
  });

  it('refuses a bad date or format (400); admin only (401, 403)', async () => {
    for (const query of ['date=2026-02-30', 'date=11-03-2026', 'date=today', 'format=xml']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/picklist?${query}`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(body(response)).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/picklist' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/picklist', headers: { cookie: shopperCookie } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('order items as stored', () => {
  it('keep packed grams null until packed and the amount of each line', async () => {
    const product = await createProduct(t.db, { rate: 33.33, stockKg: 10, weightsKg: [0.5] });
    const order = await place([{ id: product.id, quantity: 0.5 }]);
    const [row] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    // 33.33 × 0.5 = 16.665 → 16.67 (half up).
    expect(row).toMatchObject({ packedGrams: null, amountPaise: 1667, quantityGrams: 500 });
    expect(order.total).toBe(16.67);
  });
});

describe('the mail when the shop cancels an order', () => {
  it('tells the shopper once, when an admin cancels; a shopper cancelling their own order gets none', async () => {
    const product = await createProduct(t.db, { name: 'Sitaphal', rate: 120, stockKg: 10, weightsKg: [1.5] });
    const order = await place([{ id: product.id, quantity: 1.5 }]);
    await t.settle();
    t.mails.length = 0;
    expect((await setStatus(order._id, 'Cancelled')).statusCode).toBe(200);
    await t.settle();
    // Delivered once: a second run finds nothing left in the outbox.
    await t.settle();
    expect(t.mails).toHaveLength(1);
    const [mail] = t.mails;
    expect(mail?.to).toBe(shopper.email);
    expect(mail?.subject).toBe(`Your Mandi order #${order.orderNumber} has been cancelled`);
    // Placed "of" the shop date it was placed on (the database's clock, not the test's).
    expect(mail?.text).toMatch(
      new RegExp(
        `We are sorry: the shop has cancelled your order #${order.orderNumber} of \\w+day \\d+ \\w+ \\d{4}\\. It will not be delivered, and nothing is due\\.`,
      ),
    );
    expect(mail?.text).toContain('- Sitaphal: 1.5 Kg');
    expect(mail?.text).toContain(`http://localhost:3000/Order/OrderDetails/${order._id}`);
    expect(mail?.html).toContain('<li>Sitaphal: 1.5 Kg</li>');
    expect(mail?.text).not.toContain('give it back');
    const left = await t.db.select().from(orderEventsOutbox).where(eq(orderEventsOutbox.orderId, order._id));
    expect(left).toEqual([]);

    t.mails.length = 0;
    const own = await place([{ id: product.id, quantity: 1.5 }]);
    await t.settle();
    t.mails.length = 0;
    expect((await cancel(own._id)).statusCode).toBe(200);
    await t.settle();
    expect(t.mails).toEqual([]);
  });

  it("is written in the shopper's language", async () => {
    const product = await createProduct(t.db, { name: 'Amrud', rate: 60, stockKg: 10, weightsKg: [1] });
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, shopper.id));
    try {
      const order = await place([{ id: product.id, quantity: 1 }]);
      await t.settle();
      t.mails.length = 0;
      expect((await setStatus(order._id, 'Cancelled')).statusCode).toBe(200);
      await t.settle();
      expect(t.mails.map((mail) => mail.subject)).toEqual([`आपका मंडी ऑर्डर #${order.orderNumber} रद्द कर दिया गया है`]);
      expect(t.mails[0]?.text).toContain('माफ़ कीजिए: दुकान ने आपका');
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, shopper.id));
    }
  });
});

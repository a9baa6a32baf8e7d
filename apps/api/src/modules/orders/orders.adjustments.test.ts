/**
 * Order adjustments (decision 0017): the delivery fee written by delivery at placing and judged again
 * at packing, the round-off written by its own participant once packed, `total = lines +
 * adjustments` in the answer and in the database. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderAdjustments, orders } from '../../db/schema.js';
import { AdjustmentSet, DELIVERY_FEE, orderTotalPaise, ROUND_OFF } from './orders.adjustments.js';
import type { OrderView } from './orders.presenter.js';

describe('AdjustmentSet', () => {
  const fee = (amountPaise: number) => ({ ...DELIVERY_FEE, amountPaise, taxTreatment: 'principal-supply' as const });
  it('keeps one adjustment per source and kind, none at 0, and undoes a change', () => {
    const set = new AdjustmentSet();
    const undo = set.set(fee(4000));
    set.set({ ...ROUND_OFF, amountPaise: -49, taxTreatment: 'outside-supply' });
    expect(set.sumPaise()).toBe(3951);
    expect(set.sumPaise(ROUND_OFF)).toBe(4000);
    expect(orderTotalPaise(10_049, set)).toBe(14_000);
    const undoChange = set.set(fee(3000));
    expect(set.amountOf(DELIVERY_FEE)).toBe(3000);
    undoChange();
    expect(set.amountOf(DELIVERY_FEE)).toBe(4000);
    set.set(fee(0));
    expect(set.list().map((a) => a.source)).toEqual(['round-off']);
    undo();
    expect(set.get(DELIVERY_FEE)).toBeUndefined();
    expect(new AdjustmentSet([fee(0)]).list()).toEqual([]);
    expect(new AdjustmentSet([fee(5)]).equals(new AdjustmentSet([fee(5)]))).toBe(true);
    expect(new AdjustmentSet([fee(5)]).equals(new AdjustmentSet([fee(6)]))).toBe(false);
  });
});

describe('the delivery fee and the round-off as adjustments', () => {
  let t: TestApp;
  let shopperCookie: string;
  let adminCookie: string;
  let productId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const shopper = await createUser(t.db, { firstName: 'Asha' });
    const admin = await createUser(t.db, { firstName: 'Meera', role: 'Admin' });
    shopperCookie = await sessionCookie(t.db, shopper.id);
    adminCookie = await sessionCookie(t.db, admin.id);
    // ₹38.35/kg: every weight leaves paise to round.
    productId = (await createProduct(t.db, { name: 'Okra', rate: 38.35, stockKg: 100, weightsKg: [1, 2, 3] })).id;
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/zones',
      headers: { cookie: adminCookie },
      payload: { name: 'Pune', pinPrefixes: ['411'], deliveryFee: 40, freeAbove: 100 },
    });
    expect(zone.statusCode, zone.body).toBe(201);
  });
  afterAll(() => t.close());

  const rows = (orderId: string) =>
    t.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId)).orderBy(orderAdjustments.source);

  async function place(kg: number): Promise<OrderView> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie },
      payload: {
        cartItems: [{ id: productId, quantity: kg }],
        shippingInfo: { address: '1 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return body<{ order: OrderView }>(response).order;
  }

  async function pack(order: OrderView, kg: number): Promise<OrderView> {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/pack`,
      headers: { cookie: adminCookie },
      payload: { items: [{ _id: order.orderItems[0]?._id, packedQuantity: kg }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<{ order: OrderView }>(response).order;
  }

  const sum = (order: OrderView) =>
    (order.adjustments ?? []).reduce((total, a) => total + Math.round(a.amount * 100), 0);

  it('places an order with the delivery fee as its one adjustment and no round-off', async () => {
    const order = await place(2);
    // 2 × 38.35 = 76.70, below "free above" ₹100: the fee is ₹40.
    expect(order.subtotal).toBe(76.7);
    expect(order.shippingCharge).toBe(40);
    expect(order.roundOff).toBe(0);
    expect(order.adjustments).toEqual([{ source: 'delivery', kind: 'fee', label: 'Delivery charge', amount: 40 }]);
    expect(order.total).toBe(116.7);
    expect(Math.round(order.total * 100)).toBe(Math.round(order.subtotal * 100) + sum(order));
    expect(await rows(order._id)).toEqual([
      {
        orderId: order._id,
        source: 'delivery',
        kind: 'fee',
        label: 'Delivery charge',
        amountPaise: 4000,
        taxTreatment: 'principal-supply',
      },
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ totalPaise: 11_670, adjustmentsPaise: 4000, subtotalPaise: 7670 });
  });

  it('packing judges the fee again and rounds the whole to rupees; the read agrees', async () => {
    const placed = await place(3);
    // 3 × 38.35 = 115.05 reaches "free above": no fee, no adjustment at all.
    expect(placed.adjustments).toEqual([]);
    expect(placed.total).toBe(115.05);

    // Packed 2.5 kg: 95.88 (95.875 half up) falls below ₹100, so the fee comes back; 135.88 → 136.
    const packed = await pack(placed, 2.5);
    expect(packed.subtotal).toBe(95.88);
    expect(packed.shippingCharge).toBe(40);
    expect(packed.roundOff).toBe(0.12);
    expect(packed.total).toBe(136);
    expect((packed.adjustments ?? []).map((a) => [a.source, a.amount])).toEqual([
      ['delivery', 40],
      ['round-off', 0.12],
    ]);
    expect((await rows(placed._id)).map((row) => [row.kind, row.amountPaise, row.taxTreatment])).toEqual([
      ['fee', 4000, 'principal-supply'],
      ['round-off', 12, 'outside-supply'],
    ]);

    // Packed again at 3 kg: free again, and 115.05 rounds down.
    const again = await pack(placed, 3);
    expect(again.shippingCharge).toBe(0);
    expect(again.roundOff).toBe(-0.05);
    expect(again.total).toBe(115);
    expect((await rows(placed._id)).map((row) => [row.kind, row.amountPaise])).toEqual([['round-off', -5]]);

    const read = body<{ order: OrderView & { history: { kind: string; changes: Record<string, unknown> }[] } }>(
      await t.app.inject({ url: `/api/user/my/order/${placed._id}`, headers: { cookie: shopperCookie } }),
    ).order;
    expect(read.total).toBe(115);
    expect(read.roundOff).toBe(-0.05);
    expect(read.history.at(-1)?.changes).toMatchObject({
      shippingCharge: { from: 40, to: 0 },
      roundOff: { from: 0.12, to: -0.05 },
      total: { from: 136, to: 115 },
    });
  });

  it('rounds an order shipped without packing', async () => {
    const placed = await place(1);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/update/order/${placed._id}`,
      headers: { cookie: adminCookie },
      payload: { oStatus: 'Shipped' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const shipped = body<{ Order: OrderView }>(response).Order;
    // 38.35 + 40 = 78.35 → 78.
    expect(shipped.roundOff).toBe(-0.35);
    expect(shipped.total).toBe(78);
    expect(shipped.estimatedTotal).toBe(78.35);
  });

  it('after every moment above, each order’s total is its lines plus its adjustment rows', async () => {
    // A balance always equals the sum of its entries: the total and the adjustments column on the
    // order agree with the lines and the rows that the bill and the register read.
    const ledger = await t.db.execute(sql`
      select o.id, o.total_paise as total, o.adjustments_paise as adjustments,
        (select coalesce(sum(i.amount_paise), 0) from order_items i where i.order_id = o.id)::int as lines,
        (select coalesce(sum(a.amount_paise), 0) from order_adjustments a where a.order_id = o.id)::int as rows
      from orders o`);
    const list = (ledger as unknown as { rows: { total: number; adjustments: number; lines: number; rows: number }[] })
      .rows;
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const order of list) {
      expect(Number(order.adjustments)).toBe(Number(order.rows));
      expect(Number(order.total)).toBe(Number(order.lines) + Number(order.rows));
    }
  });
});

/**
 * A channel is the participants' choice (decision 0058): an order of the `counter` channel is
 * placed, packed and cancelled without the participants that take part only in other channels
 * (delivery: no zone, fee or slot), and is kept with its channel; a checkout's order still meets
 * every participant. An order handed over as it is made is placed, packed (billed) and delivered
 * in one transaction.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories.js';
import { openMigratedPglite } from '../../../test/migrated-database.js';
import type { Database } from '../../db/client.js';
import { deliveryZones, orderDelivery, orders, products } from '../../db/schema.js';
import { ResponseCache } from '../../lib/response-cache.js';
import type { SessionUser } from '../../lib/session.js';
import { createUnitOfWork } from '../../platform/unit-of-work.js';
import { createBillingParticipant } from '../billing/billing.participant.js';
import { createDeliveryParticipant } from '../delivery/delivery.participant.js';
import type { OrderEventOutbox } from '../order-events/order-events.dispatcher.js';
import type { OrderEvent } from '../order-events/order-events.js';
import type { OrderChannel, OrderParticipant, OrderRequest } from './orders.lifecycle.js';
import type { OrderPlacer } from './orders.placement.js';
import { createOrderLifecycle } from './orders.service.js';
import { roundOffParticipant } from './participants/round-off.participant.js';
import { stockParticipant } from './participants/stock.participant.js';

let database: Database;
let placer: OrderPlacer;
let shopper: SessionUser;
/** The order events the moments wrote, in order. */
const written: Pick<OrderEvent, 'type' | 'orderId'>[] = [];
let productId: string;
/** The channel of every order the online-only participant was asked about. */
const seenByOnlineOnly: OrderChannel[] = [];

/** The orders each participant's `handedOver` step was given, with their status then. */
const settled: { orderId: string; status: string | undefined }[] = [];

const onlineOnly: OrderParticipant = {
  name: 'online-only',
  channels: ['online'],
  async place() {
    return {
      accept(order) {
        seenByOnlineOnly.push(order.request.channel ?? 'online');
        return undefined;
      },
      write: async () => [],
    };
  },
};

/** Settles each order handed over, after it was packed and delivered (what billing does with a sale's payment). */
const settling: OrderParticipant = {
  name: 'settling',
  channels: ['counter'],
  async place() {
    return {
      accept: () => undefined,
      write: async () => [],
      async handedOver(tx, handed) {
        for (const order of handed) {
          const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
          settled.push({ orderId: order.id, status: row?.status });
        }
        return [];
      },
    };
  },
};

beforeAll(async () => {
  database = await openMigratedPglite();
  const { db } = database;
  // One zone, far from the PIN code below: an online order there is refused as not served.
  await db
    .insert(deliveryZones)
    .values({ name: 'Far', pinPrefixes: ['110'], minOrderPaise: 0, deliveryFeePaise: 2000 });
  const user = await createUser(db);
  shopper = { ...user, language: 'en' } as SessionUser;
  productId = (await createProduct(db, { rate: 40, stockKg: 10 })).id;
  const work = createUnitOfWork(db, new ResponseCache({ maxAgeMs: 60_000 }));
  const events = {
    async write(_tx, batch) {
      written.push(...batch.map(({ type, orderId }) => ({ type, orderId })));
      return batch.length;
    },
    dispatchSoon() {},
    start() {},
    close: async () => {},
  } satisfies OrderEventOutbox;
  const now = () => new Date();
  placer = createOrderLifecycle({
    work,
    events,
    participants: [
      stockParticipant,
      createDeliveryParticipant({ now }),
      createBillingParticipant({ invoicePrefix: 'C1', now }),
      onlineOnly,
      settling,
      roundOffParticipant,
    ],
    batchSize: 1,
  }).placer;
});
afterAll(() => database?.close());

const request = (channel: OrderChannel | undefined, key: string): OrderRequest => ({
  customer: {
    userId: shopper.id,
    firstName: shopper.firstName,
    lastName: shopper.lastName,
    email: shopper.email,
    language: 'en',
  },
  ...(channel ? { channel } : {}),
  lines: [{ productId, grams: 1000, quantity: 1 }],
  shipping: { address: 'Counter', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
  idempotencyKey: key,
  extensions: {},
});

describe('order channels', () => {
  it('places a counter order without delivery (no zone serves its PIN code) and keeps its channel', async () => {
    const { order } = await placer.place(request('counter', 'counter-1'));
    expect(order).toMatchObject({ channel: 'counter', deliverySlot: null, shippingCharge: 0, total: 40 });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.channel).toBe('counter');
    expect(await database.db.select().from(orderDelivery).where(eq(orderDelivery.orderId, order._id))).toEqual([]);
    expect(seenByOnlineOnly).toEqual([]);
  });

  it('still runs every participant for a checkout: delivery refuses the PIN code no zone serves', async () => {
    await expect(placer.place(request(undefined, 'online-1'))).rejects.toMatchObject({ code: 'invalid' });
    expect(seenByOnlineOnly).toEqual([]);
    await database.db.delete(deliveryZones);
    const { order } = await placer.place(request(undefined, 'online-2'));
    expect(order.channel).toBe('online');
    expect(seenByOnlineOnly).toEqual(['online']);
  });

  it('places, bills and delivers an order handed over as it is made, in one transaction', async () => {
    const { order } = await placer.place({
      ...request('counter', 'counter-2'),
      lines: [{ productId, grams: 1500, quantity: 1.5 }],
      handedOverBy: shopper.id,
    });
    expect(order).toMatchObject({ status: 'Delivered', channel: 'counter', total: 60, shippingCharge: 0 });
    expect(order.invoiceNumber).toMatch(/^C1\//);
    expect(order.packedAt).not.toBeNull();
    expect(written.filter((event) => event.orderId === order._id).map((event) => event.type)).toEqual([
      'placed',
      'packed',
      'delivered',
    ]);
    expect(settled).toEqual([{ orderId: order._id, status: 'Delivered' }]);
  });

  it('hands over to a walk-in with no account or address: any weighed quantity, the agreed rate, stock below zero', async () => {
    const before = (await database.db.select().from(products).where(eq(products.id, productId)))[0]?.stockGrams ?? 0;
    const { order } = await placer.place({
      customer: null,
      channel: 'counter',
      handedOverBy: shopper.id,
      shipping: null,
      idempotencyKey: null,
      extensions: {},
      // 1.234 kg is no option of the product, and more than its stock; sold at ₹36, the rate when weighed.
      lines: [{ productId, grams: before + 1234, quantity: (before + 1234) / 1000, ratePaise: 3600 }],
    });
    expect(order).toMatchObject({
      status: 'Delivered',
      userId: null,
      shippingInfo: { address: '', city: '', mobileNumber: '', pinCode: '' },
    });
    expect(order.orderItems[0]).toMatchObject({ rate: 36 });
    const [row] = await database.db.select().from(products).where(eq(products.id, productId));
    expect(row?.stockGrams).toBe(-1234);
    // The "placed" event asks no confirmation: nobody to send it to.
    const [placedRow] = await database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(placedRow).toMatchObject({ address: null, customerFirstName: '' });
  });

  it('still refuses a checkout more than the stock, and a weight that is no option of the product', async () => {
    await database.db.update(products).set({ stockGrams: 500 }).where(eq(products.id, productId));
    await expect(placer.place(request('counter', 'short-1'))).rejects.toMatchObject({ code: 'conflict' });
    await database.db.update(products).set({ stockGrams: 10_000 }).where(eq(products.id, productId));
    await expect(
      placer.place({ ...request('counter', 'odd-1'), lines: [{ productId, grams: 1234, quantity: 1.234 }] }),
    ).rejects.toMatchObject({ code: 'invalid' });
  });
});

/**
 * The counter (contract part 4, "Counter devices" and "Counter sales", decision 0060) through the
 * HTTP API on the test database: devices and their series, the sale (duplicates, the device's
 * sequence, soldAt's window and rates, quantities, tenders, change, khata limit online and
 * offline, the once-only UTR, stock below zero), cancel with refund, the day's list, receipts,
 * and the books that see every sale (bills register, orders by channel, khata statement).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { khataEntries, products, rateChanges } from '../../db/schema.js';

/** Monday 23 November 2026, 11:30 in Kolkata. */
const NOW = new Date('2026-11-23T06:00:00Z');
const HOUR = 3_600_000;

interface Device {
  _id: string;
  name: string;
  series: string;
  nextSequence: number;
}
interface Sale {
  orderId: string;
  invoiceNumber: string;
  status: string;
  soldAt: string;
  customer: { _id: string; name: string } | null;
  lines: { productId: string; quantity: number; rate: number; amount: number; source: string }[];
  subtotal: number;
  roundOff: number;
  total: number;
  tenders: { method: string; amount: number; received: number | null; reference: string | null }[];
  change: number;
  overLimit: boolean;
  khataBalance: number | null;
}

let t: TestApp;
let adminCookie: string;
let tomato: { id: string };
let dhaniya: { id: string };
let eggs: { id: string };

beforeAll(async () => {
  t = await buildTestApp({ INVOICE_PREFIX: 'MND', SHOP_NAME: 'Sharma Sabzi' }, { now: () => NOW });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Rao', role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  tomato = await createProduct(t.db, { name: 'Desi Tomato', aliases: ['tamatar', 'टमाटर'], rate: 40, stockKg: 100 });
  dhaniya = await createProduct(t.db, { name: 'Coriander', aliases: ['dhaniya', 'धनिया'], rate: 130, stockKg: 2 });
  eggs = await createProduct(t.db, { name: 'Eggs', rate: 84, stockKg: 30, weightsKg: [1], unit: 'dozen' });
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = adminCookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newDevice(name = 'Front counter'): Promise<Device> {
  const response = await call('POST', '/api/admin/counter/devices', { name });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ device: Device }>(response).device;
}

const saleBody = (device: Device, sequence: number, overrides: Record<string, unknown> = {}) => ({
  deviceId: device._id,
  clientSaleId: randomUUID(),
  sequence,
  soldAt: NOW.toISOString(),
  offline: false,
  customerId: null,
  lines: [{ productId: tomato.id, quantity: 1.5, source: 'scale' }],
  tenders: [{ method: 'Cash', amount: 60, received: 100 }],
  ...overrides,
});

async function sell(payload: Record<string, unknown>): Promise<Sale> {
  const response = await call('POST', '/api/admin/counter/sales', payload);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ sale: Sale }>(response).sale;
}

describe('counter devices', () => {
  it('gives each device its own series, never reused, and the sequence it numbers from', async () => {
    const first = await newDevice('Shop PC');
    const second = await newDevice('Tablet');
    expect(Number(second.series.slice(1))).toBe(Number(first.series.slice(1)) + 1);
    expect(first).toMatchObject({ name: 'Shop PC', nextSequence: 1, scale: null, printer: null });
    const list = body<{ devices: Device[] }>(await call('GET', '/api/admin/counter/devices')).devices;
    expect(list.map((device) => device.series)).toEqual(expect.arrayContaining([first.series, second.series]));
  });

  it('keeps scale and printer settings, and refuses bad ones naming the field', async () => {
    const device = await newDevice();
    const scale = { profile: 'toledo-8217', baudRate: 9600, dataBits: 7, parity: 'even', stopBits: 1 };
    const printer = { width: 58, transport: 'serial' };
    const saved = await call('PUT', `/api/admin/counter/devices/${device._id}`, { name: 'Counter 1', scale, printer });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ device: Device }>(saved).device).toMatchObject({ name: 'Counter 1', scale, printer });
    const custom = { ...scale, profile: 'custom', command: 'P', pattern: '(?<kg>[0-9.]+)' };
    const refused = await call('PUT', `/api/admin/counter/devices/${device._id}`, {
      name: 'x',
      scale: custom,
      printer,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('weight');
    expect((await call('POST', '/api/admin/counter/devices', { name: '' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/counter/devices', { name: 'x'.repeat(41) })).statusCode).toBe(400);
  });

  it('is the admin’s alone', async () => {
    const shopper = await createUser(t.db);
    const cookie = await sessionCookie(t.db, shopper.id);
    expect((await call('GET', '/api/admin/counter/devices', undefined, cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/counter/sales', {}, cookie)).statusCode).toBe(403);
  });
});

describe('a counter sale', () => {
  it('is a delivered, billed, paid counter order with no address, numbered by the device', async () => {
    const device = await newDevice();
    const sale = await sell(saleBody(device, 1));
    const year = '26-27';
    expect(sale).toMatchObject({
      invoiceNumber: `${device.series}/${year}/000001`,
      status: 'Delivered',
      customer: null,
      subtotal: 60,
      roundOff: 0,
      total: 60,
      change: 40,
      overLimit: false,
      khataBalance: null,
    });
    expect(sale.lines).toEqual([
      expect.objectContaining({ productId: tomato.id, quantity: 1.5, rate: 40, source: 'scale' }),
    ]);
    const counterOrders = await call('GET', '/api/user/admin/orders?channel=counter');
    expect(counterOrders.statusCode, counterOrders.body).toBe(200);
    const listed = body<{ AllOrders: { _id: string; channel: string }[] }>(counterOrders).AllOrders;
    expect(listed.map((one) => one._id)).toContain(sale.orderId);
    expect(new Set(listed.map((one) => one.channel))).toEqual(new Set(['counter']));
    const online = body<{ AllOrders: { _id: string }[] }>(await call('GET', '/api/user/admin/orders?channel=online'));
    expect(online.AllOrders.map((one) => one._id)).not.toContain(sale.orderId);
    expect((await call('GET', '/api/user/admin/orders?channel=shop')).statusCode).toBe(400);
    const devices = body<{ devices: Device[] }>(await call('GET', '/api/admin/counter/devices')).devices;
    expect(devices.find((one) => one._id === device._id)?.nextSequence).toBe(2);
  });

  it('answers the same sale again with duplicate: true and makes nothing, before judging the rest', async () => {
    const device = await newDevice();
    const payload = saleBody(device, 1);
    const first = await sell(payload);
    const again = await call('POST', '/api/admin/counter/sales', { ...payload, sequence: 99, tenders: [] });
    expect(again.statusCode, again.body).toBe(200);
    expect(body<{ sale: Sale; duplicate: boolean }>(again)).toMatchObject({
      duplicate: true,
      sale: { orderId: first.orderId },
    });
  });

  it('refuses a sequence that is not the device’s next, naming the expected one', async () => {
    const device = await newDevice();
    const response = await call('POST', '/api/admin/counter/sales', saleBody(device, 3));
    expect(response.statusCode).toBe(409);
    expect(body<{ values: { expected: number } }>(response).values.expected).toBe(1);
    // Nothing was kept: the device still expects 1.
    await sell(saleBody(device, 1));
  });

  it('refuses a soldAt more than 72 hours ago or more than 5 minutes ahead', async () => {
    const device = await newDevice();
    for (const soldAt of [new Date(NOW.getTime() - 73 * HOUR), new Date(NOW.getTime() + 6 * 60_000), 'yesterday']) {
      const at = soldAt instanceof Date ? soldAt.toISOString() : soldAt;
      const response = await call('POST', '/api/admin/counter/sales', saleBody(device, 1, { soldAt: at }));
      expect(response.statusCode, String(at)).toBe(400);
    }
  });

  it('prices each line at the rate in force when it was sold (an offline sale keeps the price told)', async () => {
    const device = await newDevice();
    const product = await createProduct(t.db, { name: 'Green Peas', rate: 120, stockKg: 50 });
    // The rate was ₹100 until an hour ago, when ₹120 was published.
    await t.db.insert(rateChanges).values({
      productId: product.id,
      oldRatePaise: 10_000,
      newRatePaise: 12_000,
      effectiveAt: new Date(NOW.getTime() - HOUR),
      appliedAt: new Date(NOW.getTime() - HOUR),
    });
    const before = await sell(
      saleBody(device, 1, {
        soldAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
        offline: true,
        lines: [{ productId: product.id, quantity: 1, source: 'manual' }],
        tenders: [{ method: 'Cash', amount: 100 }],
      }),
    );
    expect(before.lines[0]?.rate).toBe(100);
    const after = await sell(
      saleBody(device, 2, {
        lines: [{ productId: product.id, quantity: 1, source: 'manual' }],
        tenders: [{ method: 'Cash', amount: 120 }],
      }),
    );
    expect(after.lines[0]?.rate).toBe(120);
    // ₹130 from a minute ago, which the scheduler has not applied yet: in force all the same, and
    // the catalogue a counter keeps says so beforehand.
    await t.db.insert(rateChanges).values({
      productId: product.id,
      newRatePaise: 13_000,
      effectiveAt: new Date(NOW.getTime() - 60_000),
    });
    const catalogue = body<{
      products: { _id: string; rate: number; scheduled: { rate: number; at: string } | null }[];
    }>(await call('GET', '/api/admin/counter/catalogue'));
    expect(catalogue.products.find((one) => one._id === product.id)).toMatchObject({
      rate: 120,
      scheduled: { rate: 130, at: new Date(NOW.getTime() - 60_000).toISOString() },
    });
    const due = await sell(
      saleBody(device, 3, {
        lines: [{ productId: product.id, quantity: 1, source: 'manual' }],
        tenders: [{ method: 'Cash', amount: 130 }],
      }),
    );
    expect(due.lines[0]?.rate).toBe(130);
  });

  it('takes any weighed quantity and whole counts, rounds the bill to the rupee, and refuses others', async () => {
    const device = await newDevice();
    // 0.154 kg of dhaniya at ₹130 = ₹20.02, a dozen eggs ₹84: ₹104.02, billed ₹104.
    const sale = await sell(
      saleBody(device, 1, {
        lines: [
          { productId: dhaniya.id, quantity: 0.154, source: 'manual' },
          { productId: eggs.id, quantity: 1, source: 'manual' },
        ],
        tenders: [{ method: 'Cash', amount: 104, received: 200 }],
      }),
    );
    expect(sale).toMatchObject({ subtotal: 104.02, roundOff: -0.02, total: 104, change: 96 });
    for (const line of [
      { productId: tomato.id, quantity: 0.0005 },
      { productId: tomato.id, quantity: 51 },
      { productId: eggs.id, quantity: 1.5 },
      { productId: eggs.id, quantity: 501 },
    ]) {
      const response = await call(
        'POST',
        '/api/admin/counter/sales',
        saleBody(device, 2, { lines: [{ ...line, source: 'manual' }] }),
      );
      expect(response.statusCode, JSON.stringify(line)).toBe(400);
    }
  });

  it('needs tenders adding up to the total, and enough cash received', async () => {
    const device = await newDevice();
    const short = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 1, { tenders: [{ method: 'Cash', amount: 50 }] }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('₹50');
    expect(short.body).toContain('₹60');
    const little = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 1, { tenders: [{ method: 'Cash', amount: 60, received: 50 }] }),
    );
    expect(little.statusCode).toBe(400);
    const twice = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 1, {
        tenders: [
          { method: 'Cash', amount: 30 },
          { method: 'Cash', amount: 30 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
  });

  it('splits a bill between cash and UPI, and takes a UTR once across the shop', async () => {
    const device = await newDevice();
    const utr = '412345678901';
    const sale = await sell(
      saleBody(device, 1, {
        lines: [{ productId: tomato.id, quantity: 5, source: 'manual' }],
        tenders: [
          { method: 'Cash', amount: 50, received: 100 },
          { method: 'UPI', amount: 150, reference: utr },
        ],
      }),
    );
    expect(sale).toMatchObject({ total: 200, change: 50 });
    const again = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 2, { tenders: [{ method: 'UPI', amount: 60, reference: utr }] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(utr);
    const notUtr = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 2, { tenders: [{ method: 'UPI', amount: 60, reference: '12' }] }),
    );
    expect(notUtr.statusCode).toBe(400);
  });

  it('puts a khata tender on the regular’s khata: refused above the limit online, flagged offline', async () => {
    const device = await newDevice();
    const regular = await createUser(t.db, { firstName: 'Asha', lastName: 'Rao' });
    const opened = await call('PUT', `/api/admin/khata/${regular.id}`, { creditLimit: 100 });
    expect(opened.statusCode, opened.body).toBe(200);
    const noCustomer = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 1, { tenders: [{ method: 'Khata', amount: 60 }] }),
    );
    expect(noCustomer.statusCode).toBe(400);
    const onKhata = await sell(
      saleBody(device, 1, { customerId: regular.id, tenders: [{ method: 'Khata', amount: 60 }] }),
    );
    expect(onKhata).toMatchObject({
      customer: { _id: regular.id, name: 'Asha Rao' },
      khataBalance: 60,
      overLimit: false,
    });
    const over = await call(
      'POST',
      '/api/admin/counter/sales',
      saleBody(device, 2, { customerId: regular.id, tenders: [{ method: 'Khata', amount: 60 }] }),
    );
    expect(over.statusCode).toBe(409);
    expect(over.body).toContain('₹40');
    const offline = await sell(
      saleBody(device, 2, { offline: true, customerId: regular.id, tenders: [{ method: 'Khata', amount: 60 }] }),
    );
    expect(offline).toMatchObject({ overLimit: true, khataBalance: 120 });
    // Split: ₹20 cash, ₹40 on the khata; the khata holds the sum of its entries.
    const split = await sell(
      saleBody(device, 3, {
        offline: true,
        customerId: regular.id,
        tenders: [
          { method: 'Cash', amount: 20 },
          { method: 'Khata', amount: 40 },
        ],
      }),
    );
    expect(split.khataBalance).toBe(160);
    const entries = await t.db.select().from(khataEntries).where(eq(khataEntries.orderId, split.orderId));
    expect(entries.map((entry) => entry.amountPaise)).toEqual([4000]);
    // The receipt is the regular's bill: no confirmation, final bill or cancel mail reaches them.
    await t.settle();
    await t.settle();
    expect(t.mails.filter((mail) => JSON.stringify(mail.to).includes(regular.email))).toEqual([]);
  });

  it('sells more than the stock (the goods have gone), taking it below zero, listed in low stock', async () => {
    const device = await newDevice();
    const scarce = await createProduct(t.db, { name: 'Drumstick', rate: 100, stockKg: 1 });
    await sell(
      saleBody(device, 1, {
        lines: [{ productId: scarce.id, quantity: 1.5, source: 'manual' }],
        tenders: [{ method: 'Cash', amount: 150 }],
      }),
    );
    const [row] = await t.db.select().from(products).where(eq(products.id, scarce.id));
    expect(row?.stockGrams).toBe(-500);
    // An online order still cannot take it below zero.
    const shopper = await createUser(t.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: await sessionCookie(t.db, shopper.id) },
      payload: {
        cartItems: [{ id: scarce.id, quantity: 1 }],
        shippingInfo: { address: '1 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      },
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('taking a sale back, the day’s list and the receipt', () => {
  it('cancels with the refund of the money taken: number kept, stock back, listed as cancelled', async () => {
    const device = await newDevice();
    const [before] = await t.db.select().from(products).where(eq(products.id, tomato.id));
    const sale = await sell(saleBody(device, 1));
    const without = await call('POST', `/api/admin/counter/sales/${sale.orderId}/cancel`, { reason: 'Returned' });
    expect(without.statusCode).toBe(409);
    const cancelled = await call('POST', `/api/admin/counter/sales/${sale.orderId}/cancel`, {
      reason: 'Returned, bruised',
      refund: { method: 'Cash', reference: '' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body<{ sale: Sale }>(cancelled).sale).toMatchObject({
      status: 'Cancelled',
      invoiceNumber: sale.invoiceNumber,
    });
    const [after] = await t.db.select().from(products).where(eq(products.id, tomato.id));
    expect(after?.stockGrams).toBe(before?.stockGrams);
    const twice = await call('POST', `/api/admin/counter/sales/${sale.orderId}/cancel`, {
      reason: 'again',
      refund: { method: 'Cash', reference: '' },
    });
    expect(twice.statusCode).toBe(409);
    const list = body<{ sales: Sale[]; totals: Record<string, number> }>(
      await call('GET', `/api/admin/counter/sales?deviceId=${device._id}&date=2026-11-23`),
    );
    expect(list.sales.map((one) => one.status)).toEqual(['Cancelled']);
    expect(list.totals).toMatchObject({ count: 0, total: 0, cash: 0, cancelled: 1 });
  });

  it('lists a device’s day with its totals by tender', async () => {
    const device = await newDevice();
    await sell(saleBody(device, 1));
    await sell(
      saleBody(device, 2, {
        tenders: [
          { method: 'Cash', amount: 10 },
          { method: 'UPI', amount: 50 },
        ],
      }),
    );
    const list = body<{ sales: Sale[]; totals: Record<string, number> }>(
      await call('GET', `/api/admin/counter/sales?deviceId=${device._id}`),
    );
    expect(list.totals).toEqual({ count: 2, total: 120, cash: 70, upi: 50, khata: 0, cancelled: 0 });
  });

  it('counts each device’s cash in the day’s cash close (cash tenders, not the UPI part)', async () => {
    const device = await newDevice('Cash drawer 2');
    const before = body<{ collectedCash: number }>(await call('GET', '/api/admin/delivery/run?date=2026-11-23'));
    await sell(saleBody(device, 1));
    await sell(
      saleBody(device, 2, {
        tenders: [
          { method: 'Cash', amount: 10 },
          { method: 'UPI', amount: 50 },
        ],
      }),
    );
    const run = body<{ collectedCash: number; counterCash: { deviceId: string; series: string; cash: number }[] }>(
      await call('GET', '/api/admin/delivery/run?date=2026-11-23'),
    );
    expect(run.counterCash.find((one) => one.deviceId === device._id)).toMatchObject({
      series: device.series,
      cash: 70,
    });
    expect(run.collectedCash).toBeCloseTo(before.collectedCash + 70, 2);
  });

  it('shows the counter’s takings beside the online ones on the Today panel, and no delivery work', async () => {
    const before = body<{ takings: { counter: { sales: number; amount: number; upi: number } }; totals: unknown }>(
      await call('GET', '/api/admin/dashboard/today'),
    );
    const device = await newDevice();
    await sell(
      saleBody(device, 1, {
        tenders: [
          { method: 'Cash', amount: 10 },
          { method: 'UPI', amount: 50 },
        ],
      }),
    );
    const after = body<{ takings: { counter: { sales: number; amount: number; upi: number } }; totals: unknown }>(
      await call('GET', '/api/admin/dashboard/today'),
    );
    expect(after.takings.counter.sales).toBe(before.takings.counter.sales + 1);
    expect(after.takings.counter.amount).toBeCloseTo(before.takings.counter.amount + 60, 2);
    expect(after.takings.counter.upi).toBeCloseTo(before.takings.counter.upi + 50, 2);
    expect(after.totals).toEqual(before.totals);
  });

  it('prints the receipt as HTML for 58 mm paper and as ESC/POS bytes ending with a cut', async () => {
    const device = await newDevice();
    const sale = await sell(
      saleBody(device, 1, {
        tenders: [
          { method: 'Cash', amount: 10 },
          { method: 'UPI', amount: 50 },
        ],
      }),
    );
    const html = await call('GET', `/api/admin/counter/sales/${sale.orderId}/receipt?width=58&format=html&lang=hi`);
    expect(html.statusCode, html.body).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('58mm');
    expect(html.body).toContain(sale.invoiceNumber);
    expect(html.body).toContain('टमाटर');
    const bytes = await call('GET', `/api/admin/counter/sales/${sale.orderId}/receipt?width=80&format=escpos`);
    expect(bytes.statusCode).toBe(200);
    const raw = bytes.rawPayload;
    expect([...raw.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    // GS V: the cut, at the end (after a feed).
    expect(raw.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
  });

  it('shows every sale in the bills register of its month, under its device’s series', async () => {
    const device = await newDevice();
    const sale = await sell(saleBody(device, 1));
    const register = await call('GET', '/api/admin/bills?month=2026-11');
    expect(register.statusCode, register.body).toBe(200);
    expect(register.body).toContain(sale.invoiceNumber);
  });
});

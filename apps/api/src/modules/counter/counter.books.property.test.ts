/**
 * The books hold whatever the shop does (decision 0060: "bills register, GSTR-1, margins and khata
 * statements see counter sales through the tables they already read"): random runs of counter
 * sales (kg, litre and counted products, Cash, UPI, Khata and split tenders, online and offline,
 * a wrong sequence, a UTR used twice, a sale sent again), cancels of sales, online orders (COD and
 * Khata), packs and their cancels, khata payments, purchases and wastage, through the HTTP API.
 * After every run, from the database: each product's stock is what it was, plus what was bought,
 * less what orders not cancelled hold and what was written off; each khata's balance is the sum of
 * its entries (and what the run's own bookkeeping says); and the month's bills register equals its
 * GSTR-1 (B2C small plus exempt, and the HSN summary, in all and at each rate) to the paisa, with
 * every counter sale in it. Fixed seed, so a failure replays.
 */
import { randomUUID } from 'node:crypto';
import type { Unit } from '@mandi/shared/kernel';
import { formatInvoiceNumber, isCountedUnit, lineAmountPaise, orderTotals, shopMonthRange } from '@mandi/shared/kernel';
import { and, eq, gte, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { SHIPPING_BENGALURU } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import {
  counterSales,
  deliveryZones,
  khataAccounts,
  khataEntries,
  orderBills,
  orderItems,
  orders,
  products,
  purchaseLines,
  wastageEntries,
} from '../../db/schema.js';

/** Monday 23 November 2026, 11:30 in Kolkata: every bill of the runs falls in November. */
const NOW = new Date('2026-11-23T06:00:00Z');
const TODAY = '2026-11-23';
const MONTH = '2026-11';
const YEAR = '2026-27';
const GSTIN = '29AAJCM4321F1ZJ';
const SEED = 20_261_123;
const RUNS = 25;
const MAX_STEPS = 30;
/** The delivery zone of the shoppers' PIN code: ₹30, free from ₹500. */
const DELIVERY = { feePaise: 3000, freeAbovePaise: 50_000 };

interface Spec {
  name: string;
  unit: Unit;
  rate: number;
  gstRate: number;
  hsnCode: string;
  /** The online options, in the unit. */
  options: number[];
}
const SPECS: Spec[] = [
  { name: 'Desi Tomato', unit: 'kg', rate: 40, gstRate: 0, hsnCode: '0702', options: [0.5, 1, 2] },
  { name: 'Desi Cow Ghee', unit: 'kg', rate: 600.3, gstRate: 5, hsnCode: '0405', options: [0.5, 1] },
  { name: 'Toned Milk', unit: 'litre', rate: 56, gstRate: 0, hsnCode: '0401', options: [0.5, 1] },
  { name: 'Eggs', unit: 'dozen', rate: 84, gstRate: 0, hsnCode: '0407', options: [1, 2] },
  { name: 'Dark Chocolate', unit: 'piece', rate: 99, gstRate: 18, hsnCode: '1806', options: [1, 2] },
  { name: 'Mango Jam', unit: 'pack', rate: 250.5, gstRate: 12, hsnCode: '2007', options: [1] },
];
const TENDER_MIXES = ['Cash', 'UPI', 'Khata', 'Cash+UPI', 'Cash+Khata', 'UPI+Khata', 'Cash+UPI+Khata'] as const;

// ---------------------------------------------------------------------------------------------
// What a run is made of

const productIndex = fc.nat({ max: SPECS.length - 1 });
const saleLine = fc.record({
  product: productIndex,
  /** Grams (ml) for kg and litre: mostly a bag's worth, now and then up to the 50 kg limit. */
  grams: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 3000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 50_000 }) },
  ),
  /** Whole pieces, dozens, packs: mostly a few, now and then up to the 500 limit. */
  count: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 5 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 500 }) },
  ),
});
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      lines: fc.uniqueArray(saleLine, { selector: (line) => line.product, minLength: 1, maxLength: 4 }),
      tenders: fc.constantFrom(...TENDER_MIXES),
      /** Where the first tenders end, in percent of the bill. */
      splitAt: fc.tuple(fc.integer({ min: 1, max: 98 }), fc.integer({ min: 1, max: 98 })),
      customer: fc.constantFrom(null, 0, 1),
      offline: fc.boolean(),
      cashReceived: fc.boolean(),
      utr: fc.constantFrom('none', 'none', 'fresh', 'reused'),
      minutesAgo: fc.integer({ min: 0, max: 72 * 60 - 1 }),
      wrongSequence: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelSale' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('online' as const),
      shopper: fc.constantFrom(0, 1),
      lines: fc.uniqueArray(fc.record({ product: productIndex, option: fc.nat() }), {
        selector: (line) => line.product,
        minLength: 1,
        maxLength: 3,
      }),
      method: fc.constantFrom('COD', 'Khata'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pack' as const),
      pick: fc.nat(),
      packed: fc.constantFrom('less', 'as ordered', 'more'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelOnline' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payment' as const),
      shopper: fc.constantFrom(0, 1),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      product: productIndex,
      quantity: fc.integer({ min: 1, max: 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wastage' as const),
      product: productIndex,
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
const run = fc.record({
  /** Each product's stock at the start, in its unit: often short, so counter sales go below zero. */
  stocks: fc.array(fc.integer({ min: 0, max: 20 }), { minLength: SPECS.length, maxLength: SPECS.length }),
  limits: fc.tuple(fc.constantFrom(300, 2000, 50_000), fc.constantFrom(300, 2000, 50_000)),
  steps: fc.array(step, { minLength: 5, maxLength: MAX_STEPS, size: 'max' }),
});
type Run = typeof run extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// The app and its calls

let t: TestApp;
let adminCookie: string;
let utrCount = 0;
/** A UTR never used before in this file: 12 digits. */
const freshUtr = () => `9${String(20_261_123_000 + utrCount++).padStart(11, '0')}`;

beforeAll(async () => {
  t = await buildTestApp(
    { INVOICE_PREFIX: 'MND', SHOP_NAME: 'Sharma Sabzi', SHOP_STATE: 'Karnataka', SHOP_GSTIN: GSTIN },
    { now: () => NOW },
  );
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  await t.db.insert(deliveryZones).values({
    name: 'Bengaluru',
    pinPrefixes: ['5'],
    deliveryFeePaise: DELIVERY.feePaise,
    freeAbovePaise: DELIVERY.freeAbovePaise,
  });
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = adminCookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (amount: number) => amount / 100;
const sumOf = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((sum, item) => sum + pick(item), 0);

interface SaleAnswer {
  orderId: string;
  invoiceNumber: string;
  status: string;
  total: number;
  change: number;
  overLimit: boolean;
}
interface OrderAnswer {
  _id: string;
  status: string;
  total: number;
  orderItems: { _id: string; productId: string; quantity: number }[];
}

// ---------------------------------------------------------------------------------------------
// One run: its own products, regulars and device, so its checks see only what it did

interface RunProduct {
  id: string;
  spec: Spec;
  ratePaise: number;
  initialGrams: number;
}
interface MadeSale {
  orderId: string;
  payload: Record<string, unknown>;
  grams: Map<string, number>;
  moneyPaise: number;
  khataPaise: number;
  customer: string | null;
  utr: string | null;
  cancelled: boolean;
}
interface OnlineOrder {
  order: OrderAnswer;
  shopper: number;
  method: 'COD' | 'Khata';
  /** Grams each line holds now, by line id. */
  held: Map<string, number>;
  /** What the khata carries for it (the last packed bill), or 0. */
  billedPaise: number;
  cancelled: boolean;
}

class Shop {
  products: RunProduct[] = [];
  shoppers: { id: string; cookie: string }[] = [];
  device = { _id: '', series: '' };
  nextSequence = 1;
  stock = new Map<string, number>();
  khata = new Map<string, number>();
  sales: MadeSale[] = [];
  online: OnlineOrder[] = [];
  log: string[] = [];

  static async open(input: Run): Promise<Shop> {
    const shop = new Shop();
    const { id: categoryId } = await createCategory(t.db);
    for (const [i, spec] of SPECS.entries()) {
      const product = await createProduct(t.db, {
        categoryId,
        name: spec.name,
        unit: spec.unit,
        rate: spec.rate,
        gstRate: spec.gstRate,
        hsnCode: spec.hsnCode,
        stockKg: input.stocks[i] ?? 0,
        weightsKg: spec.options,
      });
      shop.products.push({ id: product.id, spec, ratePaise: product.ratePaise, initialGrams: product.stockGrams });
      shop.stock.set(product.id, product.stockGrams);
    }
    for (const [i, limit] of input.limits.entries()) {
      const user = await createUser(t.db, { firstName: ['Asha', 'Ravi'][i] ?? 'Asha', lastName: 'Rao' });
      const opened = await call('PUT', `/api/admin/khata/${user.id}`, { creditLimit: limit });
      expect(opened.statusCode, opened.body).toBe(200);
      shop.shoppers.push({ id: user.id, cookie: await sessionCookie(t.db, user.id) });
      shop.khata.set(user.id, 0);
    }
    const device = await call('POST', '/api/admin/counter/devices', { name: 'Counter' });
    expect(device.statusCode, device.body).toBe(201);
    shop.device = body<{ device: { _id: string; series: string } }>(device).device;
    return shop;
  }

  private product(index: number): RunProduct {
    return this.products[index % this.products.length] as RunProduct;
  }

  private moveStock(productId: string, grams: number) {
    this.stock.set(productId, (this.stock.get(productId) ?? 0) + grams);
  }

  private moveKhata(userId: string, paiseMoved: number) {
    this.khata.set(userId, (this.khata.get(userId) ?? 0) + paiseMoved);
  }

  private async availablePaise(userId: string): Promise<number> {
    const response = await call('GET', `/api/admin/khata/${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return paise(body<{ account: { available: number } }>(response).account.available);
  }

  async do(action: Step): Promise<void> {
    this.log.push(JSON.stringify(action));
    switch (action.kind) {
      case 'sale':
        return this.sell(action);
      case 'resend':
        return this.resend();
      case 'cancelSale':
        return this.cancelSale(action.pick);
      case 'online':
        return this.placeOnline(action);
      case 'pack':
        return this.pack(action);
      case 'cancelOnline':
        return this.cancelOnline(action.pick);
      case 'payment':
        return this.pay(action);
      case 'purchase':
        return this.buy(action);
      case 'wastage':
        return this.writeOff(action);
    }
  }

  private async sell(action: Extract<Step, { kind: 'sale' }>) {
    const lines = action.lines.map((line) => {
      const product = this.product(line.product);
      return { product, grams: isCountedUnit(product.spec.unit) ? line.count * 1000 : line.grams };
    });
    // The bill the server makes: each line at the rate in force (no rate changed), rounded to the rupee.
    const totalPaise = orderTotals(
      sumOf(lines, (line) => lineAmountPaise(line.product.ratePaise, line.grams)),
      {
        isFinal: true,
      },
    ).totalPaise;
    const methods = action.tenders.split('+') as ('Cash' | 'UPI' | 'Khata')[];
    const amounts: number[] = [];
    let left = totalPaise;
    for (const [i] of methods.entries()) {
      if (i === methods.length - 1) {
        amounts.push(left);
        break;
      }
      const part = Math.min(Math.max(1, Math.round((left * (action.splitAt[i] ?? 50)) / 100)), left - 1);
      amounts.push(part);
      left -= part;
    }
    const khataPaise = amounts[methods.indexOf('Khata')] ?? 0;
    const moneyPaise = totalPaise - khataPaise;
    const customerIndex = methods.includes('Khata') ? (action.customer ?? 0) : action.customer;
    const customer = customerIndex === null ? null : (this.shoppers[customerIndex]?.id ?? null);
    const liveUtrs = this.sales.filter((sale) => sale.utr && !sale.cancelled).map((sale) => sale.utr as string);
    const reusedUtr = action.utr === 'reused' && methods.includes('UPI') ? (liveUtrs[0] ?? null) : null;
    const utr = methods.includes('UPI') ? (reusedUtr ?? (action.utr === 'fresh' ? freshUtr() : null)) : null;
    const cashPaise = amounts[methods.indexOf('Cash')] ?? 0;
    const receivedPaise = action.cashReceived && cashPaise > 0 ? Math.ceil((cashPaise + 1) / 10_000) * 10_000 : null;
    const tenders = methods.map((method, i) => ({
      method,
      amount: rupees(amounts[i] ?? 0),
      ...(method === 'Cash' && receivedPaise !== null ? { received: rupees(receivedPaise) } : {}),
      ...(method === 'UPI' && utr ? { reference: utr } : {}),
    }));
    const sequence = action.wrongSequence ? this.nextSequence + 1 : this.nextSequence;
    const payload = {
      deviceId: this.device._id,
      clientSaleId: randomUUID(),
      sequence,
      soldAt: new Date(NOW.getTime() - action.minutesAgo * 60_000).toISOString(),
      offline: action.offline,
      customerId: customer,
      lines: lines.map((line, i) => ({
        productId: line.product.id,
        quantity: line.grams / 1000,
        source: (['scale', 'manual', 'barcode'] as const)[i % 3],
      })),
      // A bill of ₹0 (a gram or two) cannot be tendered: no tender may be ₹0.
      tenders: totalPaise === 0 ? [] : tenders,
    };
    const available = khataPaise > 0 && customer ? await this.availablePaise(customer) : 0;
    const response = await call('POST', '/api/admin/counter/sales', payload);
    const answer = body<{ sale: SaleAnswer; duplicate: boolean; code?: string; values?: Record<string, unknown> }>(
      response,
    );

    // What the contract says comes of it, in the order the server judges.
    if (totalPaise === 0) {
      expect(response.statusCode, response.body).toBe(400);
      return;
    }
    const overLimit = khataPaise > available;
    if (overLimit && !action.offline) {
      expect([response.statusCode, answer.code], response.body).toEqual([409, 'khataOverLimit']);
      return;
    }
    if (action.wrongSequence) {
      expect([response.statusCode, answer.code], response.body).toEqual([409, 'billSequenceExpected']);
      expect(answer.values?.expected).toBe(this.nextSequence);
      return;
    }
    if (reusedUtr) {
      expect([response.statusCode, answer.code], response.body).toEqual([409, 'utrUsedOnOrder']);
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    expect(answer.duplicate).toBe(false);
    expect(answer.sale).toMatchObject({
      invoiceNumber: formatInvoiceNumber(this.device.series, YEAR, sequence),
      status: 'Delivered',
      total: rupees(totalPaise),
      change: receivedPaise === null ? 0 : rupees(receivedPaise - cashPaise),
      overLimit: khataPaise > 0 && overLimit,
    });
    this.nextSequence += 1;
    for (const line of lines) this.moveStock(line.product.id, -line.grams);
    if (customer && khataPaise > 0) this.moveKhata(customer, khataPaise);
    this.sales.push({
      orderId: answer.sale.orderId,
      payload,
      grams: new Map(lines.map((line) => [line.product.id, line.grams])),
      moneyPaise,
      khataPaise,
      customer,
      utr,
      cancelled: false,
    });
  }

  /** The last sale made, sent again as a device resends its queue: answered as made, nothing changes. */
  private async resend() {
    const last = this.sales.at(-1);
    if (!last) return;
    const response = await call('POST', '/api/admin/counter/sales', last.payload);
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<{ sale: SaleAnswer; duplicate: boolean }>(response);
    expect(answer.duplicate).toBe(true);
    expect(answer.sale.orderId).toBe(last.orderId);
    expect(answer.sale.status).toBe(last.cancelled ? 'Cancelled' : 'Delivered');
  }

  private async cancelSale(pick: number) {
    const sale = this.sales[pick % Math.max(1, this.sales.length)];
    if (!sale) return;
    const response = await call('POST', `/api/admin/counter/sales/${sale.orderId}/cancel`, {
      reason: 'Returned',
      refund: sale.moneyPaise > 0 ? { method: 'Cash', reference: '' } : null,
    });
    if (sale.cancelled) {
      expect(response.statusCode, response.body).toBe(409);
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(body<{ sale: SaleAnswer }>(response).sale.status).toBe('Cancelled');
    sale.cancelled = true;
    for (const [productId, grams] of sale.grams) this.moveStock(productId, grams);
    if (sale.customer && sale.khataPaise > 0) this.moveKhata(sale.customer, -sale.khataPaise);
  }

  private async placeOnline(action: Extract<Step, { kind: 'online' }>) {
    const shopper = this.shoppers[action.shopper] as { id: string; cookie: string };
    const lines = action.lines.map((line) => {
      const product = this.product(line.product);
      const quantity = product.spec.options[line.option % product.spec.options.length] as number;
      return { product, quantity, grams: Math.round(quantity * 1000) };
    });
    const available = action.method === 'Khata' ? await this.availablePaise(shopper.id) : 0;
    const response = await call(
      'POST',
      '/api/user/new/order',
      {
        cartItems: lines.map((line) => ({ id: line.product.id, quantity: line.quantity })),
        shippingInfo: SHIPPING_BENGALURU,
        paymentMethod: action.method,
      },
      shopper.cookie,
    );
    const answer = body<{ order: OrderAnswer; code?: string }>(response);
    // Online orders still cannot take stock below zero; a khata order is held to the credit available.
    if (lines.some((line) => (this.stock.get(line.product.id) ?? 0) < line.grams)) {
      expect([response.statusCode, answer.code], response.body).toEqual([409, 'notEnoughStockFor']);
      return;
    }
    const subtotal = sumOf(lines, (line) => lineAmountPaise(line.product.ratePaise, line.grams));
    const estimate = orderTotals(subtotal, { delivery: DELIVERY }).totalPaise;
    if (action.method === 'Khata' && estimate > available) {
      expect([response.statusCode, answer.code], response.body).toEqual([409, 'khataOverLimit']);
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    expect(paise(answer.order.total), response.body).toBe(estimate);
    for (const line of lines) this.moveStock(line.product.id, -line.grams);
    this.online.push({
      order: answer.order,
      shopper: action.shopper,
      method: action.method,
      held: new Map(answer.order.orderItems.map((item) => [item._id, Math.round(item.quantity * 1000)])),
      billedPaise: 0,
      cancelled: false,
    });
  }

  private async pack(action: Extract<Step, { kind: 'pack' }>) {
    const open = this.online.filter((order) => !order.cancelled);
    const target = open[action.pick % Math.max(1, open.length)];
    if (!target) return;
    const packed = target.order.orderItems.map((item) => {
      const product = this.products.find((one) => one.id === item.productId) as RunProduct;
      const ordered = Math.round(item.quantity * 1000);
      const counted = isCountedUnit(product.spec.unit);
      const grams =
        action.packed === 'as ordered'
          ? ordered
          : action.packed === 'less'
            ? counted
              ? Math.max(1000, ordered - 1000)
              : Math.floor(ordered * 0.9)
            : counted
              ? ordered
              : Math.floor((ordered * 110) / 100);
      return { item, product, grams };
    });
    const response = await call('PUT', `/api/admin/orders/${target.order._id}/pack`, {
      items: packed.map(({ item, grams }) => ({ _id: item._id, packedQuantity: grams / 1000 })),
    });
    const answer = body<{ order: OrderAnswer; code?: string }>(response);
    // Packing more than a line holds takes the difference from the stock, which must have it.
    const short = packed.some(({ item, product, grams }) => {
      const more = grams - (target.held.get(item._id) ?? 0);
      return more > 0 && more > (this.stock.get(product.id) ?? 0);
    });
    if (short) {
      expect([response.statusCode, answer.code], response.body).toEqual([409, 'notEnoughStockToPackMore']);
      return;
    }
    if (response.statusCode === 409 && target.method === 'Khata') {
      // Judged again on the packed bill (decision 0034): an offline counter sale may have used the credit.
      expect(answer.code, response.body).toBe('khataOverLimitAtPacking');
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    for (const { item, product, grams } of packed) {
      this.moveStock(product.id, -(grams - (target.held.get(item._id) ?? 0)));
      target.held.set(item._id, grams);
    }
    const totalPaise = paise(answer.order.total);
    if (target.method === 'Khata') {
      const shopper = this.shoppers[target.shopper]?.id ?? '';
      this.moveKhata(shopper, totalPaise - target.billedPaise);
      target.billedPaise = totalPaise;
    }
  }

  private async cancelOnline(pick: number) {
    const open = this.online.filter((order) => !order.cancelled);
    const target = open[pick % Math.max(1, open.length)];
    if (!target) return;
    const response = await call('PUT', `/api/user/update/order/${target.order._id}`, { oStatus: 'Cancelled' });
    expect(response.statusCode, response.body).toBe(200);
    target.cancelled = true;
    for (const item of target.order.orderItems) this.moveStock(item.productId, target.held.get(item._id) ?? 0);
    if (target.method === 'Khata') this.moveKhata(this.shoppers[target.shopper]?.id ?? '', -target.billedPaise);
  }

  private async pay(action: Extract<Step, { kind: 'payment' }>) {
    const shopper = this.shoppers[action.shopper]?.id ?? '';
    const balance = this.khata.get(shopper) ?? 0;
    if (balance < 100) return;
    const amount = Math.max(100, Math.floor((balance * action.percent) / 100));
    const response = await call('POST', `/api/admin/khata/${shopper}/payments`, {
      amount: rupees(amount),
      method: 'Cash',
    });
    expect(response.statusCode, response.body).toBe(201);
    this.moveKhata(shopper, -amount);
  }

  private async buy(action: Extract<Step, { kind: 'purchase' }>) {
    const product = this.product(action.product);
    const response = await call('POST', '/api/admin/purchases', {
      supplier: 'Ramesh Traders',
      date: TODAY,
      lines: [{ productId: product.id, grossQuantity: action.quantity, rate: 20 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    this.moveStock(product.id, action.quantity * 1000);
  }

  private async writeOff(action: Extract<Step, { kind: 'wastage' }>) {
    const product = this.product(action.product);
    // Whole units of counted products, quarters of a kg or litre.
    const grams = isCountedUnit(product.spec.unit) ? action.quantity * 1000 : action.quantity * 250;
    const response = await call('POST', '/api/admin/wastage', {
      productId: product.id,
      quantity: grams / 1000,
      reason: 'rotten',
    });
    if ((this.stock.get(product.id) ?? 0) < grams) {
      expect(response.statusCode, response.body).toBe(409);
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    this.moveStock(product.id, -grams);
  }

  /** Stock and khata from the database, against the run's own bookkeeping. */
  async expectStockAndKhataHold() {
    const ids = this.products.map((product) => product.id);
    const [bought, wasted, held, stored] = await Promise.all([
      t.db.select().from(purchaseLines).where(inArray(purchaseLines.productId, ids)),
      t.db.select().from(wastageEntries).where(inArray(wastageEntries.productId, ids)),
      t.db
        .select({ productId: orderItems.productId, quantity: orderItems.quantityGrams, packed: orderItems.packedGrams })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(inArray(orderItems.productId, ids), ne(orders.status, 'Cancelled'))),
      t.db.select({ id: products.id, stock: products.stockGrams }).from(products).where(inArray(products.id, ids)),
    ]);
    for (const product of this.products) {
      const of = <T extends { productId: string | null }>(rows: T[]) =>
        rows.filter((row) => row.productId === product.id);
      const expected =
        product.initialGrams +
        sumOf(of(bought), (line) => line.netGrams) -
        sumOf(of(wasted), (entry) => entry.quantityGrams) -
        sumOf(of(held), (line) => line.packed ?? line.quantity);
      const actual = stored.find((row) => row.id === product.id)?.stock;
      expect(actual, `stock of ${product.spec.name}`).toBe(expected);
      expect(actual, `stock of ${product.spec.name} as the run kept it`).toBe(this.stock.get(product.id));
    }
    for (const shopper of this.shoppers) {
      const [account] = await t.db.select().from(khataAccounts).where(eq(khataAccounts.userId, shopper.id));
      if (!account) throw new Error('no khata');
      const entries = await t.db.select().from(khataEntries).where(eq(khataEntries.accountId, account.id));
      expect(account.balancePaise, 'khata balance = sum of its entries').toBe(
        sumOf(entries, (entry) => entry.amountPaise),
      );
      expect(account.balancePaise, 'khata balance as the run kept it').toBe(this.khata.get(shopper.id));
    }
    // One counter order per sale made, no more: refused sales left nothing.
    const made = await t.db.select().from(counterSales).where(eq(counterSales.deviceId, this.device._id));
    expect(made.map((sale) => sale.orderId).sort()).toEqual(this.sales.map((sale) => sale.orderId).sort());
  }
}

// ---------------------------------------------------------------------------------------------
// The month's books: the bills register against GSTR-1, and against the orders' own totals

interface Register {
  bills: { orderId: string; invoiceNumber: string; status: string }[];
  totals: {
    taxableValue: number;
    tax: number;
    total: number;
    taxByRate: { rate: number; taxableValue: number; tax: number }[];
  };
}
interface Gstr1 {
  b2cs: { rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number }[];
  nil: { inv: { nil_amt: number; expt_amt: number; ngsup_amt: number }[] };
  hsn: { hsn_b2c: { rt: number; txval: number; iamt: number; camt: number; samt: number }[] };
  doc_issue: { doc_det: { docs: { from: string; to: string; totnum: number; cancel: number }[] }[] };
  warnings: { code: string; values: Record<string, string | number> }[];
  reconciled: boolean;
}

async function register(): Promise<Register> {
  const response = await call('GET', `/api/admin/bills?month=${MONTH}`);
  expect(response.statusCode, response.body).toBe(200);
  return body<Register>(response);
}

/**
 * How far the register is from GSTR-1 and from the orders' totals, each figure in paise (all 0
 * when the books agree). A run is judged by what it changes, so one run's failure does not stain
 * the others (fast-check shrinks on the same database).
 */
async function booksGap(): Promise<{ gap: Record<string, number>; bills: Register['bills']; gstr1: Gstr1 }> {
  const [bills, response] = await Promise.all([
    register(),
    call('GET', `/api/admin/gst/gstr1?period=${MONTH.slice(5)}${MONTH.slice(0, 4)}`),
  ]);
  expect(response.statusCode, response.body).toBe(200);
  const gstr1 = body<Gstr1>(response);
  const { from, to } = shopMonthRange(MONTH);
  const billed = await t.db
    .select({ total: orders.totalPaise, status: orders.status })
    .from(orderBills)
    .innerJoin(orders, eq(orders.id, orderBills.orderId))
    .where(and(isNotNull(orderBills.invoiceNumber), gte(orderBills.invoicedAt, from), lt(orderBills.invoicedAt, to)));
  const money = (value: number) => paise(value);
  const gap: Record<string, number> = {
    'taxable: register - (B2C small + exempt)':
      money(bills.totals.taxableValue) -
      sumOf(gstr1.b2cs, (row) => money(row.txval)) -
      sumOf(gstr1.nil.inv, (row) => money(row.nil_amt + row.expt_amt + row.ngsup_amt)),
    'tax: register - B2C small':
      money(bills.totals.tax) - sumOf(gstr1.b2cs, (row) => money(row.iamt + row.camt + row.samt + row.csamt)),
    'taxable: register - HSN': money(bills.totals.taxableValue) - sumOf(gstr1.hsn.hsn_b2c, (row) => money(row.txval)),
    'tax: register - HSN':
      money(bills.totals.tax) - sumOf(gstr1.hsn.hsn_b2c, (row) => money(row.iamt + row.camt + row.samt)),
    'total: register - orders billed in the month, not cancelled':
      money(bills.totals.total) -
      sumOf(
        billed.filter((row) => row.status !== 'Cancelled'),
        (row) => row.total,
      ),
    'bills: register - numbered in the month': bills.bills.length - billed.length,
    'not reconciled': gstr1.reconciled ? 0 : 1,
  };
  for (const rate of [0, 5, 12, 18]) {
    const entry = bills.totals.taxByRate.find((one) => one.rate === rate) ?? { taxableValue: 0, tax: 0 };
    const atRate = gstr1.hsn.hsn_b2c.filter((row) => row.rt === rate);
    gap[`taxable at ${rate}%: register - HSN`] = money(entry.taxableValue) - sumOf(atRate, (row) => money(row.txval));
    gap[`tax at ${rate}%: register - HSN`] =
      money(entry.tax) - sumOf(atRate, (row) => money(row.iamt + row.camt + row.samt));
    if (rate > 0) {
      const b2cs = gstr1.b2cs.filter((row) => row.rt === rate);
      gap[`taxable at ${rate}%: register - B2C small`] =
        money(entry.taxableValue) - sumOf(b2cs, (row) => money(row.txval));
    }
  }
  return { gap, bills: bills.bills, gstr1 };
}

const zeroGap = (gap: Record<string, number>) => Object.fromEntries(Object.keys(gap).map((key) => [key, 0]));

describe('the books hold through random runs of counter sales and the rest of the shop', () => {
  it(`${RUNS} runs of up to ${MAX_STEPS} steps: stock, khata, bills register and GSTR-1 agree (seed ${SEED})`, async () => {
    const { gap: start } = await booksGap();
    expect(start).toEqual(zeroGap(start));
    /** The gap as the last run that passed left it (null after a failure: read again). */
    let lastGap: Record<string, number> | null = start;
    await fc.assert(
      fc.asyncProperty(run, async (input) => {
        const before = lastGap ?? (await booksGap()).gap;
        lastGap = null;
        const shop = await Shop.open(input);
        for (const action of input.steps) await shop.do(action);
        await shop.expectStockAndKhataHold();
        const after = await booksGap();
        expect(after.gap, 'what the run changed in the register, GSTR-1 and the orders agrees').toEqual(before);
        // Every sale of the run is in the register, as a bill of its device's series, cancelled or not.
        const listed = new Map(after.bills.map((bill) => [bill.orderId, bill]));
        for (const sale of shop.sales) {
          expect(listed.get(sale.orderId)?.status).toBe(sale.cancelled ? 'Cancelled' : 'Delivered');
          expect(listed.get(sale.orderId)?.invoiceNumber.startsWith(`${shop.device.series}/`)).toBe(true);
        }
        // GSTR-1's documents issued: the device's series as one row, 000001 to its last, with its
        // cancelled bills counted, and no gap in it.
        const series = `${shop.device.series}/`;
        const docs = after.gstr1.doc_issue.doc_det
          .flatMap((det) => det.docs)
          .filter((doc) => doc.from.startsWith(series));
        const last = formatInvoiceNumber(shop.device.series, YEAR, shop.sales.length);
        const cancelled = shop.sales.filter((sale) => sale.cancelled).length;
        expect(docs.map(({ from, to, totnum, cancel }) => ({ from, to, totnum, cancel }))).toEqual(
          shop.sales.length
            ? [
                {
                  from: formatInvoiceNumber(shop.device.series, YEAR, 1),
                  to: last,
                  totnum: shop.sales.length,
                  cancel: cancelled,
                },
              ]
            : [],
        );
        const gaps = after.gstr1.warnings.filter((warning) => String(warning.values.from ?? '').startsWith(series));
        expect(gaps).toEqual([]);
        lastGap = after.gap;
      }),
      // A failure shrinks on the same database; the time limit keeps a long shrink from outliving the
      // test, and an interrupted search fails rather than passing on fewer runs.
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true },
    );
    // Whatever the runs did, the month's books agree in full.
    const { gap } = await booksGap();
    expect(gap).toEqual(zeroGap(gap));
  }, 240_000);
});

/**
 * Counter sales across two real server processes on one PostgreSQL database (contract part 4,
 * "Counter sales", decision 0060): one sale sent 20 times at once to both processes is made once;
 * two devices each sending 100 sales at once, spread over both processes, get two gapless series,
 * 200 counter orders, stock moved by exactly what was sold (below zero too) and a khata that holds
 * the sum of its entries, which is the sum of the khata tenders. Runs only when TEST_DATABASE_URL is
 * set (PGlite is one process).
 */
import { randomUUID } from 'node:crypto';
import { financialYearOf, formatInvoiceNumber, lineAmountPaise, orderTotals } from '@mandi/shared/kernel';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  counterSales,
  dashboardProductFigures,
  invoiceCounters,
  khataAccounts,
  khataEntries,
  orderBills,
  orderItems,
  orders,
  products,
} from '../../src/db/schema.js';
import { figuresAgreeWithOrders, monthAgreesWithDays } from '../../src/modules/dashboard/dashboard.figures.js';
import { createProduct, createUser } from '../factories.js';
import { ADMIN, type Answer, call, login, type ServerProcess, useServerGroup } from '../server-process.js';

const DUPLICATES = 20;
const SALES_PER_DEVICE = 100;

interface Device {
  _id: string;
  series: string;
  nextSequence: number;
}
interface Sale {
  orderId: string;
  invoiceNumber: string;
  total: number;
}
interface Product {
  id: string;
  ratePaise: number;
  stockGrams: number;
}
interface Line {
  product: Product;
  grams: number;
}

/** The bill the server makes of these lines: each line at today's rate, rounded to the rupee. */
const totalPaise = (lines: readonly Line[]) =>
  orderTotals(
    lines.reduce((sum, line) => sum + lineAmountPaise(line.product.ratePaise, line.grams), 0),
    { isFinal: true },
  ).totalPaise;

describe.skipIf(!process.env.TEST_DATABASE_URL)('counter sales on two server processes', () => {
  const group = useServerGroup(2, { INVOICE_PREFIX: 'MP' });
  const url = (i: number) => (group.servers[i % 2] as ServerProcess).url;
  /** An admin session on each process. */
  let admins: string[] = [];
  beforeAll(async () => {
    admins = [await login(url(0), ADMIN.email, ADMIN.password), await login(url(1), ADMIN.email, ADMIN.password)];
  }, 60_000);
  const adminOf = (i: number) => admins[i % 2] as string;

  async function newDevice(name: string): Promise<Device> {
    const answer = await call(url(0), 'POST', '/api/admin/counter/devices', {
      cookie: adminOf(0),
      json: { name },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.device as Device;
  }

  async function devices(): Promise<Device[]> {
    const answer = await call(url(1), 'GET', '/api/admin/counter/devices', { cookie: adminOf(1) });
    expect(answer.status).toBe(200);
    return answer.body.devices as Device[];
  }

  /**
   * Sends a sale as the counter's queue does: a 503 (the shop shedding load while 200 sales arrive
   * at once on a busy machine) is sent again, to the other process, with the same sale id.
   */
  const sell = async (i: number, payload: unknown): Promise<Answer> => {
    for (let attempt = 0; ; attempt++) {
      const answer = await call(url(i + attempt), 'POST', '/api/admin/counter/sales', {
        cookie: adminOf(i + attempt),
        json: payload,
        timeoutMs: 120_000,
      });
      if (answer.status !== 503 || attempt >= 20) return answer;
    }
  };

  const stockOf = async (id: string) =>
    (await group.db.db.select({ stock: products.stockGrams }).from(products).where(eq(products.id, id)))[0]?.stock;

  it(`makes one sale sent ${DUPLICATES} times at once, alternating the processes, exactly once`, async () => {
    const tomato = await createProduct(group.db.db, { name: 'Desi Tomato', rate: 40, stockKg: 10 });
    const device = await newDevice('Front counter');
    const payload = {
      deviceId: device._id,
      clientSaleId: randomUUID(),
      sequence: 1,
      soldAt: new Date().toISOString(),
      offline: false,
      customerId: null,
      lines: [{ productId: tomato.id, quantity: 1.5, source: 'scale' }],
      tenders: [{ method: 'Cash', amount: 60, received: 100 }],
    };
    const answers = await Promise.all(Array.from({ length: DUPLICATES }, (_, i) => sell(i, payload)));

    for (const answer of answers) expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers) expect(answer.body.duplicate).toBe(answer.status === 200);
    const orderIds = new Set(answers.map((answer) => (answer.body.sale as Sale).orderId));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds] as [string];
    const year = financialYearOf(new Date(payload.soldAt));
    for (const answer of answers) {
      expect((answer.body.sale as Sale).invoiceNumber).toBe(formatInvoiceNumber(device.series, year, 1));
    }

    // One sale row, one order, one bill, the series' counter at 1, the stock moved once.
    const db = group.db.db;
    const sales = await db.select().from(counterSales).where(eq(counterSales.deviceId, device._id));
    expect(sales.map((sale) => sale.orderId)).toEqual([orderId]);
    const bills = await db.select().from(orderBills).where(eq(orderBills.invoiceSeries, device.series));
    expect(bills.map((bill) => [bill.orderId, bill.invoiceSeq])).toEqual([[orderId, 1]]);
    const lines = await db.select().from(orderItems).where(eq(orderItems.productId, tomato.id));
    expect(lines.map((line) => [line.orderId, line.quantityGrams])).toEqual([[orderId, 1500]]);
    const [counter] = await db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, device.series), eq(invoiceCounters.financialYear, year)));
    expect(counter?.lastSeq).toBe(1);
    expect((await devices()).find((one) => one._id === device._id)?.nextSequence).toBe(2);
    expect(await stockOf(tomato.id)).toBe(10_000 - 1500);
  }, 120_000);

  it(`keeps two devices' ${SALES_PER_DEVICE} sales each, all sent at once, in two gapless series with stock and khata to the paisa`, async () => {
    const db = group.db.db;
    // Stock a little short, so that counter sales take some of it below zero.
    const catalogue: Product[] = [
      await createProduct(db, { name: 'Desi Tomato', rate: 40, stockKg: 60 }),
      await createProduct(db, { name: 'Onion', rate: 35.5, stockKg: 5 }),
      await createProduct(db, { name: 'Coriander', rate: 130, stockKg: 2 }),
      await createProduct(db, { name: 'Eggs', rate: 84, stockKg: 40, weightsKg: [1], unit: 'dozen' }),
      await createProduct(db, { name: 'Banana', rate: 6.5, stockKg: 300, weightsKg: [6, 12], unit: 'piece' }),
    ];
    const regular = await createUser(db, { firstName: 'Asha', lastName: 'Rao' });
    const opened = await call(url(0), 'PUT', `/api/admin/khata/${regular.id}`, {
      cookie: adminOf(0),
      json: { creditLimit: 1_000_000 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const fleet = [await newDevice('Shop PC'), await newDevice('Tablet')];

    // Each sale of each device, made up in advance: lines from its number, then tenders adding up
    // to the bill the server will make (Cash, Khata, or Cash and Khata split).
    const plan = fleet.map((device, d) =>
      Array.from({ length: SALES_PER_DEVICE }, (_, i) => {
        const sequence = i + 1;
        const k = sequence * (d + 3);
        const lines: Line[] = [
          { product: catalogue[0] as Product, grams: 250 + (k % 9) * 125 },
          ...(k % 2 === 0 ? [{ product: catalogue[1] as Product, grams: 100 + (k % 13) * 37 }] : []),
          ...(k % 3 === 0 ? [{ product: catalogue[2] as Product, grams: 50 + (k % 7) * 11 }] : []),
          ...(k % 4 === 1 ? [{ product: catalogue[3] as Product, grams: 1000 * (1 + (k % 3)) }] : []),
          ...(k % 5 === 2 ? [{ product: catalogue[4] as Product, grams: 1000 * (1 + (k % 12)) }] : []),
        ];
        const total = totalPaise(lines);
        const kind = sequence % 4;
        const khataPaise = kind === 0 ? total : kind === 1 ? total - 1000 : 0;
        const tenders = [
          ...(khataPaise < total ? [{ method: 'Cash', amount: (total - khataPaise) / 100 }] : []),
          ...(khataPaise > 0 ? [{ method: 'Khata', amount: khataPaise / 100 }] : []),
        ];
        return {
          sequence,
          lines,
          khataPaise,
          payload: {
            deviceId: device._id,
            clientSaleId: randomUUID(),
            sequence,
            soldAt: new Date().toISOString(),
            offline: false,
            customerId: khataPaise > 0 || sequence % 3 === 0 ? regular.id : null,
            lines: lines.map((line) => ({ productId: line.product.id, quantity: line.grams / 1000, source: 'scale' })),
            tenders,
          },
        };
      }),
    );

    /*
     * Every sale of both devices is sent at once (200 requests in flight, each device's alternating
     * the two processes), rather than each device's in order one after another: only then do
     * sales of one series race on both processes, so the server must refuse each one sent before
     * its turn (409 naming an earlier expected number) leaving nothing behind (no order, no number
     * spent, no stock moved, no khata debit), and a refused one, sent again with the same
     * clientSaleId once the sale before it was answered, must then be made. Sent in order, the
     * counter row of a series would never be fought over by the two processes.
     */
    const refusals: { device: number; sequence: number; expected: number }[] = [];
    const retries: Answer[] = [];
    const made = fleet.map(() => new Map<number, Promise<Answer>>());
    const sendInTurn = (d: number, sale: (typeof plan)[number][number]): Promise<Answer> => {
      const first = sell(sale.sequence + d, sale.payload).then(async (answer) => {
        if (answer.status !== 409 || answer.body.code !== 'billSequenceExpected') return answer;
        const expected = (answer.body.values as { expected: number }).expected;
        refusals.push({ device: d, sequence: sale.sequence, expected });
        // Its turn comes when the sale before it has been made.
        await made[d]?.get(sale.sequence - 1);
        const again = await sell(sale.sequence + d + 1, sale.payload);
        retries.push(again);
        return again;
      });
      made[d]?.set(sale.sequence, first);
      return first;
    };
    const answers = await Promise.all(plan.map((sales, d) => Promise.all(sales.map((sale) => sendInTurn(d, sale)))));

    for (const [d, deviceAnswers] of answers.entries()) {
      for (const [i, answer] of deviceAnswers.entries()) {
        expect(answer.status, `device ${d} sale ${i + 1}: ${JSON.stringify(answer.body)}`).toBe(201);
      }
    }
    // With 200 sent at once, sales did arrive before their turn (so the race above was run), and
    // each such refusal named an earlier number, never its own or a later one.
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) expect(refusal.expected).toBeLessThan(refusal.sequence);
    // Once the sale before it was made, the number was free: no second refusal.
    expect(retries.every((answer) => answer.status === 201)).toBe(true);

    const year = financialYearOf(new Date());
    const deviceIds = fleet.map((device) => device._id);
    const sold = await db.select().from(counterSales).where(inArray(counterSales.deviceId, deviceIds));
    expect(sold).toHaveLength(2 * SALES_PER_DEVICE);
    const soldIds = sold.map((sale) => sale.orderId);
    const madeOrders = await db.select().from(orders).where(inArray(orders.id, soldIds));
    expect(madeOrders.map((order) => order.channel)).toEqual(Array(2 * SALES_PER_DEVICE).fill('counter'));
    expect(new Set(madeOrders.map((order) => order.status))).toEqual(new Set(['Delivered']));
    // No order of the refused attempts was left behind: the counter orders are exactly the sales.
    const counterOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.channel, 'counter'));
    const everySale = await db.select({ id: counterSales.orderId }).from(counterSales);
    expect(counterOrders.length).toBe(everySale.length);

    // Two gapless series, each 000001..000100, each bill on the sale that carried its sequence.
    for (const [d, device] of fleet.entries()) {
      const bills = await db
        .select({ invoiceNumber: orderBills.invoiceNumber })
        .from(orderBills)
        .where(eq(orderBills.invoiceSeries, device.series));
      expect(bills.map((bill) => bill.invoiceNumber).sort()).toEqual(
        Array.from({ length: SALES_PER_DEVICE }, (_, i) => formatInvoiceNumber(device.series, year, i + 1)),
      );
      for (const [i, answer] of (answers[d] ?? []).entries()) {
        expect((answer.body.sale as Sale).invoiceNumber).toBe(formatInvoiceNumber(device.series, year, i + 1));
        expect((answer.body.sale as Sale).total * 100).toBe(totalPaise(plan[d]?.[i]?.lines ?? []));
      }
      const [counter] = await db
        .select()
        .from(invoiceCounters)
        .where(and(eq(invoiceCounters.series, device.series), eq(invoiceCounters.financialYear, year)));
      expect(counter?.lastSeq).toBe(SALES_PER_DEVICE);
    }
    const listed = await devices();
    for (const device of fleet) {
      expect(listed.find((one) => one._id === device._id)?.nextSequence).toBe(SALES_PER_DEVICE + 1);
    }

    // Stock: what it was less every sold line, in the database and as planned; below zero allowed.
    const soldLines = await db.select().from(orderItems).where(inArray(orderItems.orderId, soldIds));
    const planned = plan.flat().flatMap((sale) => sale.lines);
    for (const product of catalogue) {
      const fromRows = soldLines
        .filter((line) => line.productId === product.id)
        .reduce((sum, line) => sum + (line.packedGrams ?? line.quantityGrams), 0);
      const fromPlan = planned
        .filter((line) => line.product.id === product.id)
        .reduce((sum, line) => sum + line.grams, 0);
      expect(fromRows).toBe(fromPlan);
      expect(await stockOf(product.id)).toBe(product.stockGrams - fromPlan);
      // The dashboard's kept figures (decision 0066), written by both processes at once, count each line once.
      const kept = await db
        .select({ grams: dashboardProductFigures.quantityGrams })
        .from(dashboardProductFigures)
        .where(eq(dashboardProductFigures.productId, product.id));
      expect(kept.reduce((sum, row) => sum + row.grams, 0)).toBe(fromPlan);
    }
    // And its orders per status add up to the orders themselves, count and paise.
    expect(await db.transaction((tx) => figuresAgreeWithOrders(tx))).toBe(true);
    // The month's rows per product (decision 0072), added to by both at once, hold the days' sums.
    expect(await db.transaction((tx) => monthAgreesWithDays(tx))).toBe(true);
    expect(await stockOf(catalogue[2]?.id ?? '')).toBeLessThan(0);

    // The khata: its balance is the sum of its entries, which is the sum of the khata tenders.
    const [account] = await db.select().from(khataAccounts).where(eq(khataAccounts.userId, regular.id));
    if (!account) throw new Error('no khata');
    const entries = await db.select().from(khataEntries).where(eq(khataEntries.accountId, account.id));
    const tendered = plan.flat().reduce((sum, sale) => sum + sale.khataPaise, 0);
    expect(entries.every((entry) => entry.kind === 'bill')).toBe(true);
    expect(entries).toHaveLength(plan.flat().filter((sale) => sale.khataPaise > 0).length);
    expect(entries.reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(tendered);
    expect(account.balancePaise).toBe(tendered);
  }, 180_000);
});

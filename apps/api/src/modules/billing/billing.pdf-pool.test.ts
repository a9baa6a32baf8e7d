/**
 * Bills through the PDF pool (decision 0038), over HTTP: a bill already drawn is served without
 * drawing it again, until something it prints changes (a repack, a payment, the shop's profile);
 * the final-bill mail's attachment is the download's bill; a shopper's third PDF at once gets 429,
 * a full queue 503, both with Retry-After; a worker that dies fails its download with a 503 and
 * the next download is drawn by a new one. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { createConfiguredPdfPool } from '../../app.js';
import { loadConfig } from '../../config.js';
import { deliveryZones } from '../../db/schema.js';
import type { PdfRenderer } from '../../lib/pdf-pool.js';
import type { OrderView } from '../orders/orders.presenter.js';
import type { BillDocument } from './billing.pdf.js';
import { computeBill } from './billing.rules.js';

const clock = new Date('2026-11-23T06:00:00Z');
const BENGALURU = { address: '7th Main Road', city: 'Bengaluru', mobileNumber: '9876543210', pinCode: '560011' };

let t: TestApp;
let pool: PdfRenderer;
let adminCookie: string;
let tomato: { id: string };
const shoppers: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  // One worker and a queue of two, so a few downloads at once fill it.
  pool = createConfiguredPdfPool(loadConfig({ NODE_ENV: 'test', PDF_WORKERS: '1', PDF_QUEUE: '2' }));
  t = await buildTestApp(
    { SHOP_STATE: 'Karnataka', SHOP_LEGAL_NAME: 'Mandi Fresh Produce' },
    { now: () => clock, pdf: pool },
  );
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  for (const firstName of ['Asha', 'Ravi', 'Meena', 'Kiran']) {
    const user = await createUser(t.db, { firstName, lastName: 'Rao' });
    shoppers.push({ id: user.id, cookie: await sessionCookie(t.db, user.id) });
  }
  tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 38, stockKg: 500, weightsKg: [1, 2] });
  await t.db.insert(deliveryZones).values({ name: 'All India', pinPrefixes: ['5'], deliveryFeePaise: 3000 });
});

afterAll(async () => {
  await t?.close();
  await pool?.close();
});

const cookieOf = (n: number) => shoppers[n]?.cookie ?? '';

async function placeAndPack(n: number, kg: number): Promise<OrderView> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: tomato.id, quantity: 2 }], shippingInfo: BENGALURU },
    headers: { cookie: cookieOf(n) },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = await pack(body<{ order: OrderView }>(placed).order, kg);
  // The final-bill mail's bill is drawn after the answer: done before the test goes on.
  await t.settle();
  return order;
}

async function pack(order: OrderView, kg: number): Promise<OrderView> {
  const packed = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: kg })) },
    headers: { cookie: adminCookie },
  });
  expect(packed.statusCode, packed.body).toBe(200);
  return body<{ order: OrderView }>(packed).order;
}

/** A bill of `count` lines in Devanagari, long to draw (several pages). */
function longBill(count: number): BillDocument {
  const figures = computeBill({
    lines: Array.from({ length: count }, (_, i) => ({
      description: `देसी टमाटर ${i}`,
      hsnCode: '0702',
      gstRate: 0,
      grams: 1000 + i,
      ratePaise: 3800,
      amountPaise: 3800 + i,
    })),
    adjustments: [],
    pinCode: '560011',
    shopState: 'Karnataka',
    isRegistered: false,
  });
  return {
    kind: figures.kind,
    figures,
    invoiceNumber: 'MANDI/2026-27/009999',
    invoicedAt: clock,
    orderNumber: 9999,
    seller: {
      legalName: 'Mandi',
      address: 'Bengaluru',
      state: 'Karnataka',
      gstin: null,
      fssaiNumber: null,
      phone: null,
      email: null,
    },
    buyer: { name: 'आशा राव', ...BENGALURU },
    isCancelled: false,
    payment: null,
  };
}

const download = (id: string, cookie: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/user/my/order/${id}/invoice?lang=${lang}`, headers: { cookie } });

describe('bills through the PDF pool', () => {
  it('draws a bill once: the next download of the same bill is the kept one', async () => {
    const order = await placeAndPack(0, 2.1);
    await t.settle();
    const before = pool.stats();
    const first = await download(order._id, cookieOf(0), 'hi');
    expect(first.statusCode, first.body).toBe(200);
    expect(pool.stats().renders).toBe(before.renders + 1);
    const second = await download(order._id, cookieOf(0), 'hi');
    expect(second.statusCode).toBe(200);
    expect(pool.stats()).toMatchObject({ renders: before.renders + 1, keptHits: before.keptHits + 1 });
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    // The admin downloading the same bill gets it too: the key is what the bill prints, not who asks.
    expect((await download(order._id, adminCookie, 'hi')).statusCode).toBe(200);
    expect(pool.stats().renders).toBe(before.renders + 1);
  });

  it('attaches to the final-bill mail the bill the download serves, drawn once for both', async () => {
    const before = pool.stats();
    const order = await placeAndPack(1, 1.5);
    await t.settle();
    const mail = t.mails.findLast((one) => one.attachments?.length);
    const attached = mail?.attachments?.[0]?.content as Buffer;
    expect(await pdfText(attached)).toContain(order.invoiceNumber ?? 'no number');
    expect(pool.stats().renders).toBe(before.renders + 1);
    const downloaded = await download(order._id, cookieOf(1), 'en');
    expect(downloaded.statusCode).toBe(200);
    expect(Buffer.compare(downloaded.rawPayload, attached)).toBe(0);
    expect(pool.stats()).toMatchObject({ renders: before.renders + 1, keptHits: before.keptHits + 1 });
  });

  it('draws the bill again when what it prints changes: a repack, a payment, the shop profile', async () => {
    const order = await placeAndPack(0, 2.015);
    const first = await pdfText((await download(order._id, cookieOf(0))).rawPayload);
    expect(first).toContain('Desi Tomato 2.015 KGS 38.00 76.57');
    const repacked = await pack(order, 1.985);
    expect(repacked.invoiceNumber).toBe(order.invoiceNumber);
    let renders = pool.stats().renders;
    const afterRepack = await pdfText((await download(order._id, cookieOf(0))).rawPayload);
    expect(afterRepack).toContain('Desi Tomato 1.985 KGS 38.00 75.43');
    expect(afterRepack).not.toContain('2.015 KGS');
    expect(pool.stats().renders).toBe(renders + 1);

    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order._id}/payment`,
      payload: { method: 'Cash', reference: '' },
      headers: { cookie: adminCookie },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    renders = pool.stats().renders;
    expect(await pdfText((await download(order._id, cookieOf(0))).rawPayload)).toContain('Cash');
    expect(pool.stats().renders).toBe(renders + 1);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shop',
      payload: { phone: '9845012345' },
      headers: { cookie: adminCookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    renders = pool.stats().renders;
    expect(await pdfText((await download(order._id, cookieOf(0))).rawPayload)).toContain('9845012345');
    expect(pool.stats().renders).toBe(renders + 1);
  });

  it("refuses a shopper's third PDF at once (429) and a full queue (503), both with Retry-After", async () => {
    const orders = [await placeAndPack(2, 1), await placeAndPack(2, 2), await placeAndPack(2, 1.5)];
    const other = await placeAndPack(3, 1);
    // The mails kept each bill in English: Hindi ones are drawn.
    // The worker busy with a long document, so what follows waits in the queue (two places).
    // One download after another, each in the queue or answered before the next is sent.
    const busy = pool.render({ kind: 'bill', data: longBill(400), language: 'hi' }, { owner: null, keep: false });
    const queued = async (n: number) => {
      while (pool.stats().queued < n) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const first = download(orders[0]?._id ?? '', cookieOf(2), 'hi');
    await queued(1);
    const second = download(orders[1]?._id ?? '', cookieOf(2), 'hi');
    await queued(2);
    // The shopper's third at once, then another shopper's with the queue full.
    const third = await download(orders[2]?._id ?? '', cookieOf(2), 'hi');
    const fourth = await download(other._id, cookieOf(3), 'hi');
    expect(pool.stats().queued).toBe(2);
    const answers = [await first, await second, third, fourth];
    await busy;
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429, 503]);
    expect(answers[2]?.headers['retry-after']).toBe('1');
    expect(body(answers[2] as never).message).toBe(
      'You are already downloading 2 documents: wait for them to finish, then try again',
    );
    expect(answers[3]?.headers['retry-after']).toBe('2');
    expect(body(answers[3] as never).message).toBe(
      'The shop is making many documents right now: please try again in a few seconds',
    );
    // Kept bills are not limited: the shopper downloads kept ones, four at once.
    const again = (n: number, lang: string) => download(orders[n]?._id ?? '', cookieOf(2), lang);
    const kept = await Promise.all([again(0, 'hi'), again(1, 'hi'), again(2, 'en'), again(0, 'en')]);
    expect(kept.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('fails the download of a worker that dies with a 503; the next download is drawn by a new worker', async () => {
    const order = await placeAndPack(3, 1.2);
    const crashes = pool.stats().crashes;
    // The worker busy with a long document when the download comes, so the download waits in the
    // queue and is handed to the worker just when the long one is done: it is then surely in it.
    const busy = pool.render({ kind: 'bill', data: longBill(400), language: 'hi' }, { owner: null, keep: false });
    const pending = download(order._id, cookieOf(3), 'hi');
    // The job is in the worker (not queued) once a render has started for it.
    while (pool.stats().queued === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    await busy;
    await Promise.all(pool.threads().map((thread) => thread.terminate()));
    const failed = await pending;
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('1');
    expect(body(failed).message).toBe('The document could not be made this time: please try again');
    expect(pool.stats()).toMatchObject({ crashes: crashes + 1, workers: 0 });
    const again = await download(order._id, cookieOf(3), 'hi');
    expect(again.statusCode).toBe(200);
    expect(await pdfText(again.rawPayload)).toContain(order.invoiceNumber ?? 'no number');
    expect(pool.stats().workers).toBe(1);
  });
});

/**
 * A bill drawn by one process is served by another (decision 0052): two apps, each with its own PDF
 * pool, over one database, as two server processes are. The app that packs the order draws the bill
 * for its mail; the other app's download of it draws nothing. A bill that changes is drawn again. The
 * store keeps rows for a few days only. On PGlite and on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { buildApp, createConfiguredPdfPool } from '../../app.js';
import { loadConfig } from '../../config.js';
import { deliveryZones, drawnDocuments } from '../../db/schema.js';
import type { DrawnDocumentStore, PdfRenderer } from '../../lib/pdf-pool.js';
import { createDrawnDocumentStore, KEEP_DRAWN_DOCUMENTS_DAYS } from '../../platform/drawn-documents.js';
import type { OrderView } from '../orders/orders.presenter.js';

const clock = new Date('2026-11-23T06:00:00Z');
const BENGALURU = { address: '7th Main Road', city: 'Bengaluru', mobileNumber: '9876543210', pinCode: '560011' };

let t: TestApp;
let other: FastifyInstance;
let packingPool: PdfRenderer;
let otherPool: PdfRenderer;
let store: DrawnDocumentStore;
let adminCookie: string;
let shopperCookie: string;
let tomato: { id: string };

beforeAll(async () => {
  // The packing app's pool reaches the store through this, made once the database exists.
  const lateStore: DrawnDocumentStore = { get: (key) => store.get(key), put: (key, pdf) => store.put(key, pdf) };
  packingPool = createConfiguredPdfPool(loadConfig({ NODE_ENV: 'test', PDF_WORKERS: '1' }), undefined, lateStore);
  t = await buildTestApp(
    { SHOP_STATE: 'Karnataka', SHOP_LEGAL_NAME: 'Mandi Fresh Produce' },
    { now: () => clock, pdf: packingPool },
  );
  store = createDrawnDocumentStore(t.db);
  otherPool = createConfiguredPdfPool(t.config, undefined, createDrawnDocumentStore(t.db));
  other = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    now: () => clock,
    pdf: otherPool,
    mailer: { send: async () => {} },
  });
  await other.ready();
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  const shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Rao' });
  shopperCookie = await sessionCookie(t.db, shopper.id);
  tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 38, stockKg: 500, weightsKg: [1, 2] });
  await t.db.insert(deliveryZones).values({ name: 'All India', pinPrefixes: ['5'], deliveryFeePaise: 3000 });
});

afterAll(async () => {
  await other?.close();
  await otherPool?.close();
  await t?.close();
  await packingPool?.close();
});

async function packOn(app: FastifyInstance, order: OrderView, kg: number): Promise<OrderView> {
  const packed = await app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: kg })) },
    headers: { cookie: adminCookie },
  });
  expect(packed.statusCode, packed.body).toBe(200);
  return body<{ order: OrderView }>(packed).order;
}

async function placeOrder(): Promise<OrderView> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: [{ id: tomato.id, quantity: 2 }], shippingInfo: BENGALURU },
    headers: { cookie: shopperCookie },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return body<{ order: OrderView }>(placed).order;
}

const download = (app: FastifyInstance, id: string) =>
  app.inject({ method: 'GET', url: `/api/user/my/order/${id}/invoice`, headers: { cookie: shopperCookie } });

describe('bills drawn once for every process', () => {
  it("serves the bill the packing process drew for the mail from the other process's download, drawing nothing", async () => {
    const order = await packOn(t.app, await placeOrder(), 1.9);
    // The mail's bill is drawn after the answer, and kept in the database a moment later.
    await t.settle();
    await expect.poll(async () => (await t.db.select().from(drawnDocuments)).length).toBe(1);
    const before = otherPool.stats();
    const served = await download(other, order._id);
    expect(served.statusCode, served.body).toBe(200);
    expect(otherPool.stats()).toMatchObject({ renders: before.renders, storedHits: before.storedHits + 1 });
    const attachment = t.mails.findLast((mail) => mail.attachments?.length)?.attachments?.[0];
    expect(Buffer.compare(served.rawPayload, Buffer.from(attachment?.content as Buffer))).toBe(0);
  });

  it('draws a bill again once what it prints has changed: a repack on the other process', async () => {
    const order = await packOn(t.app, await placeOrder(), 1.9);
    await t.settle();
    const first = await download(other, order._id);
    await packOn(other, order, 1.7);
    const before = otherPool.stats();
    const repacked = await download(other, order._id);
    expect(repacked.statusCode).toBe(200);
    expect(otherPool.stats().renders).toBe(before.renders + 1);
    expect(Buffer.compare(repacked.rawPayload, first.rawPayload)).not.toBe(0);
  });

  it(`prunes rows drawn more than ${KEEP_DRAWN_DOCUMENTS_DAYS} days ago, at most once an hour`, async () => {
    // Days ahead of the real clock, by which the apps' own stores (pruning as they draw) keep every row here.
    const start = Date.now() + 30 * 24 * 60 * 60 * 1000;
    const hours = (n: number) => n * 60 * 60 * 1000;
    let now = start;
    const dated = createDrawnDocumentStore(t.db, () => new Date(now));
    await dated.put('old-one', Buffer.from('old'));
    now = start + hours(KEEP_DRAWN_DOCUMENTS_DAYS * 24 - 0.5);
    await dated.put('recent-one', Buffer.from('recent'));
    // Past its days now, but pruned less than an hour ago: still there.
    now = start + hours(KEEP_DRAWN_DOCUMENTS_DAYS * 24 + 0.2);
    await dated.put('newer-one', Buffer.from('newer'));
    expect((await dated.get('old-one'))?.toString()).toBe('old');
    now = start + hours(KEEP_DRAWN_DOCUMENTS_DAYS * 24 + 0.7);
    await dated.put('newest-one', Buffer.from('newest'));
    expect(await dated.get('old-one')).toBeNull();
    expect((await dated.get('recent-one'))?.toString()).toBe('recent');
    // The same key again keeps the first bytes (same key, same document).
    await dated.put('recent-one', Buffer.from('other'));
    expect((await dated.get('recent-one'))?.toString()).toBe('recent');
  });
});

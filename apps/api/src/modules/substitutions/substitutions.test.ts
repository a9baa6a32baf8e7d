/**
 * Substitutions through the HTTP API (contract: "The shopper's week", Substitutions; decision
 * 0043): the cart line's wish kept on the order, a substitute sent at packing (never dearer
 * without the shopper's consent, the same unit, stock for both products), billed and mailed as
 * "ordered X → sent Y", and every refusal leaving the order and the stock as they were. Runs on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderItems, products } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

let t: TestApp;
let shopper: { id: string; email: string };
let shopperCookie: string;
let adminCookie: string;
/** The category of every product here but the watermelon: a similar item is of the ordered product's category. */
let vegetables: string;

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

type Line = { id: string; quantity: number; substitution?: string };

beforeAll(async () => {
  t = await buildTestApp();
  shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Patel' });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Rao', role: 'Admin' });
  shopperCookie = await sessionCookie(t.db, shopper.id);
  adminCookie = await sessionCookie(t.db, admin.id);
  vegetables = (await createCategory(t.db, 'Vegetables')).id;
});
afterAll(() => t.close());

function placeRaw(lines: Line[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: lines, shippingInfo: shipping },
    headers: { cookie: shopperCookie },
  });
}

async function place(lines: Line[]): Promise<OrderView> {
  const response = await placeRaw(lines);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: OrderView }>(response).order;
}

type PackItem = { _id: string; packedQuantity?: unknown; substitute?: { productId: string; packedQuantity: unknown } };

function pack(orderId: string, items: PackItem[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/pack`,
    payload: { items },
    headers: { cookie: adminCookie },
  });
}

async function packed(orderId: string, items: PackItem[]): Promise<OrderView> {
  const response = await pack(orderId, items);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: OrderView }>(response).order;
}

async function readOrder(orderId: string): Promise<OrderView> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/my/order/${orderId}`,
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: OrderView }>(response).order;
}

async function stock(productId: string): Promise<number> {
  const [row] = await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, productId));
  return row?.grams ?? Number.NaN;
}

const lineId = (order: OrderView, index = 0) => order.orderItems[index]?._id as string;

describe('the cart line wish', () => {
  it('is kept on the order line, skip when absent', async () => {
    const a = await createProduct(t.db, { categoryId: vegetables, name: 'Spinach', rate: 30, weightsKg: [1] });
    const b = await createProduct(t.db, { categoryId: vegetables, name: 'Methi', rate: 20, weightsKg: [1] });
    const c = await createProduct(t.db, { categoryId: vegetables, name: 'Coriander', rate: 10, weightsKg: [1] });
    const order = await place([
      { id: a.id, quantity: 1, substitution: 'similar' },
      { id: b.id, quantity: 1, substitution: 'call' },
      { id: c.id, quantity: 1 },
    ]);
    expect(order.orderItems.map((item) => [item.name, item.substitution, item.substitute])).toEqual([
      ['Spinach', 'similar', null],
      ['Methi', 'call', null],
      ['Coriander', 'skip', null],
    ]);
  });

  it('refuses an unknown wish with a 400 and places nothing', async () => {
    const a = await createProduct(t.db, { categoryId: vegetables, name: 'Mint', rate: 10, stockKg: 5, weightsKg: [1] });
    const response = await placeRaw([{ id: a.id, quantity: 1, substitution: 'anything' }]);
    expect(response.statusCode).toBe(400);
    expect(body<{ message: string }>(response).message).toContain('substitution must be similar, call or skip');
    expect(await stock(a.id)).toBe(5000);
  });
});

describe('packing with a substitute', () => {
  it('sends a cheaper similar item: stock for both, billed as the substitute, "ordered → sent" on the bill and mail', async () => {
    const tomato = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Tomato',
      rate: 40,
      stockKg: 10,
      weightsKg: [1, 2],
    });
    const cherry = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Cherry Tomato',
      rate: 35,
      stockKg: 5,
      weightsKg: [0.5],
      hsnCode: '07020000',
    });
    const onion = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Onion',
      rate: 30,
      stockKg: 10,
      weightsKg: [1],
    });
    const order = await place([
      { id: tomato.id, quantity: 2, substitution: 'similar' },
      { id: onion.id, quantity: 1 },
    ]);
    expect(await stock(tomato.id)).toBe(8000);

    await t.settle();
    const mailsBefore = t.mails.length;
    const answer = await packed(order._id, [
      { _id: lineId(order, 0), substitute: { productId: cherry.id, packedQuantity: '1.9' } },
      { _id: lineId(order, 1), packedQuantity: 1 },
    ]);
    const [line] = answer.orderItems;
    // 35 × 1.9 = 66.50, billed as the substitute.
    expect(line).toMatchObject({
      name: 'Tomato',
      quantity: 2,
      rate: 40,
      substitution: 'similar',
      packedQuantity: '1.9',
      amount: 66.5,
      substitute: { productId: cherry.id, name: 'Cherry Tomato', rate: 35, packedQuantity: '1.9', amount: 66.5 },
    });
    expect(answer.subtotal).toBe(96.5);
    expect(answer.total).toBe(97);
    // The tomatoes come back whole, the cherry tomatoes leave.
    expect(await stock(tomato.id)).toBe(10000);
    expect(await stock(cherry.id)).toBe(3100);
    expect(await stock(onion.id)).toBe(9000);

    const [kept] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, lineId(order, 0)));
    expect(kept).toMatchObject({ substituteHsnCode: '07020000', substituteGstRate: 0 });

    const history = (await readOrder(order._id)) as OrderView & { history?: { kind: string; changes: unknown }[] };
    expect(history.history?.find((entry) => entry.kind === 'packed')?.changes).toMatchObject({
      lines: [{ name: 'Tomato', substitute: { from: null, to: 'Cherry Tomato' } }, { name: 'Onion' }],
    });

    // The bill, in English and in Hindi.
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/user/my/order/${order._id}/invoice?lang=en`,
      headers: { cookie: shopperCookie },
    });
    expect(en.statusCode).toBe(200);
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain('Ordered Tomato → sent Cherry Tomato');
    expect(enText).toContain('07020000');
    const hi = await t.app.inject({
      method: 'GET',
      url: `/api/user/my/order/${order._id}/invoice?lang=hi`,
      headers: { cookie: shopperCookie },
    });
    expect(await pdfText(hi.rawPayload)).toContain('भेजा Cherry Tomato');

    // The final-bill mail.
    await t.settle();
    const mail = t.mails.slice(mailsBefore).find((message) => message.to === shopper.email);
    expect(mail?.text).toContain('ordered Tomato → sent Cherry Tomato');
    expect(mail?.html).toContain('ordered Tomato → sent Cherry Tomato');
  });

  it('repacking moves the stock back: to the ordered product, or to another substitute', async () => {
    const beans = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Beans',
      rate: 60,
      stockKg: 10,
      weightsKg: [1],
    });
    const flat = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Flat Beans',
      rate: 50,
      stockKg: 10,
      weightsKg: [1],
    });
    const cluster = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Cluster Beans',
      rate: 45,
      stockKg: 10,
      weightsKg: [1],
    });
    const order = await place([{ id: beans.id, quantity: 1, substitution: 'similar' }]);
    await packed(order._id, [{ _id: lineId(order), substitute: { productId: flat.id, packedQuantity: 1 } }]);
    expect([await stock(beans.id), await stock(flat.id)]).toEqual([10000, 9000]);
    await packed(order._id, [{ _id: lineId(order), substitute: { productId: cluster.id, packedQuantity: 0.95 } }]);
    expect([await stock(beans.id), await stock(flat.id), await stock(cluster.id)]).toEqual([10000, 10000, 9050]);
    const back = await packed(order._id, [{ _id: lineId(order), packedQuantity: 1.02 }]);
    expect(back.orderItems[0]).toMatchObject({ substitute: null, packedQuantity: '1.02', amount: 61.2 });
    expect([await stock(beans.id), await stock(flat.id), await stock(cluster.id)]).toEqual([8980, 10000, 10000]);
  });

  it('cancelling a substituted order gives the substitute its stock back', async () => {
    const lemon = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Lemon',
      rate: 5,
      stockKg: 20,
      unit: 'piece',
      weightsKg: [6],
    });
    const lime = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Lime',
      rate: 4,
      stockKg: 20,
      unit: 'piece',
      weightsKg: [6],
    });
    const order = await place([{ id: lemon.id, quantity: 6, substitution: 'similar' }]);
    await packed(order._id, [{ _id: lineId(order), substitute: { productId: lime.id, packedQuantity: 6 } }]);
    expect([await stock(lemon.id), await stock(lime.id)]).toEqual([20000, 14000]);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/user/update/order/${order._id}`,
      payload: { oStatus: 'Cancelled' },
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect([await stock(lemon.id), await stock(lime.id)]).toEqual([20000, 20000]);
  });

  it('keeps the substitute’s cost rate on the line for the margin report', async () => {
    const peas = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Peas',
      rate: 80,
      stockKg: 10,
      weightsKg: [1],
    });
    const frozen = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Peas Frozen',
      rate: 70,
      stockKg: 10,
      weightsKg: [1],
    });
    await t.db.update(products).set({ costRatePaise: 5500 }).where(eq(products.id, frozen.id));
    await t.db.update(products).set({ costRatePaise: 6000 }).where(eq(products.id, peas.id));
    const order = await place([{ id: peas.id, quantity: 1, substitution: 'similar' }]);
    await packed(order._id, [{ _id: lineId(order), substitute: { productId: frozen.id, packedQuantity: 1 } }]);
    const [kept] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, lineId(order)));
    expect(kept?.costRatePaise).toBe(5500);
    // The margin report counts the sale as the substitute's, at its cost.
    const today = shopDateOf(new Date());
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/margin?from=${today}&to=${today}`,
      headers: { cookie: adminCookie },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = body<{ rows: { productId: string; soldQuantity: number; sales: number; cost: number }[] }>(
      report,
    ).rows;
    expect(rows.find((row) => row.productId === frozen.id)).toMatchObject({ soldQuantity: 1, sales: 70, cost: 55 });
    expect(rows.find((row) => row.productId === peas.id)).toBeUndefined();
  });

  it('a dearer substitute only when the shopper asked for a call', async () => {
    const ginger = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Ginger',
      rate: 100,
      stockKg: 10,
      weightsKg: [0.5],
    });
    const organic = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Organic Ginger',
      rate: 160,
      stockKg: 10,
      weightsKg: [0.5],
    });
    const similar = await place([{ id: ginger.id, quantity: 0.5, substitution: 'similar' }]);
    const refused = await pack(similar._id, [
      { _id: lineId(similar), substitute: { productId: organic.id, packedQuantity: 0.5 } },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(body<{ code: string }>(refused).code).toBe('substituteDearer');

    const call = await place([{ id: ginger.id, quantity: 0.5, substitution: 'call' }]);
    const answer = await packed(call._id, [
      { _id: lineId(call), substitute: { productId: organic.id, packedQuantity: 0.5 } },
    ]);
    expect(answer.orderItems[0]?.substitute).toMatchObject({ name: 'Organic Ginger', rate: 160, amount: 80 });
    expect(await stock(organic.id)).toBe(9500);
  });
});

describe('refusals change nothing', () => {
  async function expectUnchanged(
    orderId: string,
    ids: string[],
    attempt: () => Promise<{ statusCode: number; body: string }>,
    status: number,
    code: string,
  ) {
    const before = await readOrder(orderId);
    const stocks = await Promise.all(ids.map(stock));
    const response = await attempt();
    expect(response.statusCode, response.body).toBe(status);
    expect(JSON.parse(response.body).code).toBe(code);
    const after = await readOrder(orderId);
    expect(after.orderItems).toEqual(before.orderItems);
    expect([after.total, after.packedAt]).toEqual([before.total, before.packedAt]);
    expect(await Promise.all(ids.map(stock))).toEqual(stocks);
  }

  it('409 when the shopper chose skip', async () => {
    const okra = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Okra',
      rate: 40,
      stockKg: 10,
      weightsKg: [1],
    });
    const other = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Okra Small',
      rate: 30,
      stockKg: 10,
      weightsKg: [1],
    });
    const order = await place([{ id: okra.id, quantity: 1 }]);
    await expectUnchanged(
      order._id,
      [okra.id, other.id],
      () => pack(order._id, [{ _id: lineId(order), substitute: { productId: other.id, packedQuantity: 1 } }]),
      409,
      'substituteNotWanted',
    );
  });

  it('400 for another unit, the same product, nothing packed, or both a weight and a substitute', async () => {
    const banana = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Banana',
      rate: 60,
      stockKg: 24,
      unit: 'dozen',
      weightsKg: [1],
    });
    const loose = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Banana Loose',
      rate: 40,
      stockKg: 10,
      weightsKg: [1],
    });
    const small = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Banana Small',
      rate: 50,
      stockKg: 24,
      unit: 'dozen',
      weightsKg: [1],
    });
    const order = await place([{ id: banana.id, quantity: 1, substitution: 'call' }]);
    const ids = [banana.id, loose.id, small.id];
    await expectUnchanged(
      order._id,
      ids,
      () => pack(order._id, [{ _id: lineId(order), substitute: { productId: loose.id, packedQuantity: 1 } }]),
      400,
      'substituteUnitDiffers',
    );
    await expectUnchanged(
      order._id,
      ids,
      () => pack(order._id, [{ _id: lineId(order), substitute: { productId: banana.id, packedQuantity: 1 } }]),
      400,
      'substituteSameProduct',
    );
    await expectUnchanged(
      order._id,
      ids,
      () => pack(order._id, [{ _id: lineId(order), substitute: { productId: small.id, packedQuantity: 0 } }]),
      400,
      'substituteNothingPacked',
    );
    await expectUnchanged(
      order._id,
      ids,
      () => pack(order._id, [{ _id: lineId(order), substitute: { productId: small.id, packedQuantity: 2 } }]),
      400,
      'packCountInvalid',
    );
    await expectUnchanged(
      order._id,
      ids,
      () =>
        pack(order._id, [
          { _id: lineId(order), packedQuantity: 1, substitute: { productId: small.id, packedQuantity: 1 } },
        ]),
      400,
      'requestRefused',
    );
  });

  it('404 for a product that does not exist', async () => {
    const leek = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Leek',
      rate: 40,
      stockKg: 10,
      weightsKg: [1],
    });
    const order = await place([{ id: leek.id, quantity: 1, substitution: 'similar' }]);
    await expectUnchanged(
      order._id,
      [leek.id],
      () =>
        pack(order._id, [
          { _id: lineId(order), substitute: { productId: '00000000-0000-4000-8000-000000000000', packedQuantity: 1 } },
        ]),
      404,
      'productIdNotFound',
    );
  });

  it('409 without the substitute’s stock, an earlier packing kept as it was', async () => {
    const garlic = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Garlic',
      rate: 200,
      stockKg: 10,
      weightsKg: [1],
    });
    const pods = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Garlic Pods',
      rate: 150,
      stockKg: 0.5,
      weightsKg: [1],
    });
    const order = await place([
      { id: garlic.id, quantity: 1, substitution: 'similar' },
      { id: garlic.id, quantity: 1 },
    ]);
    // Two lines of one product merge, keeping the first line's wish.
    expect(order.orderItems.map((item) => [item.quantity, item.substitution])).toEqual([[2, 'similar']]);
    await packed(order._id, [{ _id: lineId(order), packedQuantity: 1.5 }]);
    await expectUnchanged(
      order._id,
      [garlic.id, pods.id],
      () => pack(order._id, [{ _id: lineId(order), substitute: { productId: pods.id, packedQuantity: 1 } }]),
      409,
      'notEnoughStockToPackMore',
    );
  });
});

describe('at the same time', () => {
  it('two packs sending the last of a substitute: one takes it, the other is a 409 and changes nothing', async () => {
    const mango = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Mango Raw',
      rate: 80,
      stockKg: 10,
      weightsKg: [1],
    });
    const totapuri = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Totapuri Raw',
      rate: 70,
      stockKg: 1,
      weightsKg: [1],
    });
    const first = await place([{ id: mango.id, quantity: 1, substitution: 'similar' }]);
    const second = await place([{ id: mango.id, quantity: 1, substitution: 'call' }]);
    const answers = await Promise.all(
      [first, second].map((order) =>
        pack(order._id, [{ _id: lineId(order), substitute: { productId: totapuri.id, packedQuantity: 1 } }]),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join(' ')).toEqual([
      200, 409,
    ]);
    expect(await stock(totapuri.id)).toBe(0);
    // The winner's mango came back; the loser still holds its kilogram.
    expect(await stock(mango.id)).toBe(9000);
    const loser = answers[0]?.statusCode === 409 ? first : second;
    expect((await readOrder(loser._id)).orderItems[0]).toMatchObject({ substitute: null, packedQuantity: null });
  });
});

describe('the pick list', () => {
  it('names the orders whose shopper takes a similar item or wants a call', async () => {
    const carrot = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Carrot Pick',
      rate: 40,
      stockKg: 10,
      weightsKg: [1],
    });
    const a = await place([{ id: carrot.id, quantity: 1, substitution: 'similar' }]);
    const b = await place([{ id: carrot.id, quantity: 1, substitution: 'call' }]);
    const c = await place([{ id: carrot.id, quantity: 1 }]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/picklist',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = body<{
      items: { name: string; orderNumbers: number[]; similarOrderNumbers: number[]; callOrderNumbers: number[] }[];
    }>(response).items.find((row) => row.name === 'Carrot Pick');
    expect(item).toMatchObject({
      orderNumbers: [a.orderNumber, b.orderNumber, c.orderNumber],
      similarOrderNumbers: [a.orderNumber],
      callOrderNumbers: [b.orderNumber],
    });
  });

  it('counts a line packed with a substitute as the product sent', async () => {
    const radish = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'Radish Pick',
      rate: 30,
      stockKg: 10,
      weightsKg: [1],
    });
    const white = await createProduct(t.db, {
      categoryId: vegetables,
      name: 'White Radish Pick',
      rate: 25,
      stockKg: 10,
      weightsKg: [1],
    });
    const order = await place([{ id: radish.id, quantity: 1, substitution: 'similar' }]);
    await packed(order._id, [{ _id: lineId(order), substitute: { productId: white.id, packedQuantity: 0.9 } }]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/picklist',
      headers: { cookie: adminCookie },
    });
    const items = body<{
      items: { productId: string; name: string; quantity: number; similarOrderNumbers: number[] }[];
    }>(response).items;
    expect(items.find((row) => row.productId === radish.id)).toBeUndefined();
    expect(items.find((row) => row.productId === white.id)).toMatchObject({
      name: 'White Radish Pick',
      quantity: 0.9,
      similarOrderNumbers: [],
    });
  });
});

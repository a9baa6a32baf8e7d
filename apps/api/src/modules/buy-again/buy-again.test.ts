/**
 * Buy again (issue 30, decision 0042): "Your usual" from the last five orders that are not
 * Cancelled (most frequent quantity, ties to the most recent, today's rate, availability), "Order
 * again" on one's own order, and the named lists: CRUD, owner only (404), the name and size limits,
 * quantities checked by the product's unit, today's rates, the personal-data download and erasure.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { MAX_SHOPPING_LIST_ITEMS, MAX_SHOPPING_LISTS } from '@mandi/shared';
import type { BuyAgainItem, OrderAgainAnswer, ShoppingList, ShoppingListSummary } from '@mandi/shared/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser, TEST_PASSWORD } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders, products, shoppingListItems, shoppingLists } from '../../db/schema.js';
import { usualQuantities } from './buy-again.rules.js';

const SHIPPING = { address: '14 Lake View Road', city: 'Pune', mobileNumber: '9822012345', pinCode: '411001' };

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_PER_IP: '100000' });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function shopper() {
  const user = await createUser(t.db);
  return { id: user.id, email: user.email, cookie: await sessionCookie(t.db, user.id) };
}

let clock = Date.parse('2026-11-01T04:00:00Z');
/** Places an order and dates it a day after the previous one, so "most recent" is certain. */
async function place(cookie: string, cartItems: { id: string; quantity: number }[]): Promise<string> {
  const placed = await inject('POST', '/api/user/new/order', cookie, { cartItems, shippingInfo: SHIPPING });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = body<{ order: { _id: string } }>(placed).order._id;
  clock += 86_400_000;
  await t.db
    .update(orders)
    .set({ createdAt: new Date(clock) })
    .where(eq(orders.id, id));
  return id;
}

const usual = async (cookie: string) => {
  const answer = await inject('GET', '/api/user/my/usual', cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return body<{ items: BuyAgainItem[] }>(answer).items;
};

describe('usualQuantities', () => {
  const line = (productId: string, grams: number, day: number, orderId = `o${day}`) => ({
    productId,
    grams,
    unit: 'kg',
    orderId,
    orderedAt: new Date(Date.UTC(2026, 10, day)),
  });

  it('takes the most frequent quantity, a tie going to the most recent, and puts the most ordered first', () => {
    const usuals = usualQuantities([
      line('a', 1000, 1),
      line('a', 500, 2),
      line('a', 1000, 3),
      line('b', 250, 1),
      line('b', 500, 4),
      line('c', 2000, 5),
    ]);
    expect(usuals.map((u) => [u.productId, u.grams])).toEqual([
      ['a', 1000],
      ['b', 500],
      ['c', 2000],
    ]);
  });
});

describe('GET /api/user/my/usual', () => {
  it('answers a visitor with 401', async () => {
    expect((await inject('GET', '/api/user/my/usual')).statusCode).toBe(401);
  });

  it('answers an empty list for a shopper without orders', async () => {
    expect(await usual((await shopper()).cookie)).toEqual([]);
  });

  it("reads the last five orders that are not Cancelled, at the usual quantity, today's rate and availability", async () => {
    const onion = await createProduct(t.db, { name: 'Onion', rate: 40, stockKg: 50, weightsKg: [0.5, 1, 2] });
    const tomato = await createProduct(t.db, { name: 'Tomato', rate: 30, stockKg: 50, weightsKg: [0.5, 1] });
    const eggs = await createProduct(t.db, { name: 'Eggs', rate: 84, stockKg: 10, weightsKg: [1, 2], unit: 'dozen' });
    const okra = await createProduct(t.db, { name: 'Okra', rate: 60, stockKg: 50, weightsKg: [0.5, 1] });
    const mango = await createProduct(t.db, { name: 'Mango', rate: 150, stockKg: 50, weightsKg: [1] });
    const me = await shopper();
    // The oldest order (mango) falls out of the last five.
    await place(me.cookie, [{ id: mango.id, quantity: 1 }]);
    await place(me.cookie, [
      { id: onion.id, quantity: 1 },
      { id: tomato.id, quantity: 0.5 },
    ]);
    await place(me.cookie, [{ id: onion.id, quantity: 2 }]);
    await place(me.cookie, [
      { id: onion.id, quantity: 1 },
      { id: eggs.id, quantity: 2 },
    ]);
    await place(me.cookie, [{ id: tomato.id, quantity: 1 }]);
    // A Cancelled order counts for nothing.
    const cancelled = await place(me.cookie, [{ id: okra.id, quantity: 1 }]);
    expect((await inject('PUT', `/api/user/my/order/${cancelled}/cancel`, me.cookie)).statusCode).toBe(200);
    await place(me.cookie, [{ id: eggs.id, quantity: 2 }]);

    // Today's rate from the catalogue; tomato now short of its usual quantity.
    await t.db.update(products).set({ ratePaise: 4500 }).where(eq(products.id, onion.id));
    await t.db.update(products).set({ stockGrams: 500 }).where(eq(products.id, tomato.id));

    const items = await usual(me.cookie);
    expect(items.map((item) => item.name)).toEqual(['Onion', 'Eggs', 'Tomato']);
    expect(items[0]).toMatchObject({
      productId: onion.id,
      unit: 'kg',
      quantity: 1,
      rate: 45,
      available: true,
      kilogramOption: [0.5, 1, 2],
    });
    expect(items[1]).toMatchObject({ name: 'Eggs', unit: 'dozen', quantity: 2, rate: 84, available: true });
    // Tomato: 0.5 and 1 once each, the most recent (1 kg) wins; only 0.5 kg is left.
    expect(items[2]).toMatchObject({ name: 'Tomato', quantity: 1, available: false, stocks: 0.5 });

    // A product no longer offered at the usual quantity, or deleted, is flagged or left out.
    await t.db
      .update(products)
      .set({ weightOptionsGrams: [500, 2000] })
      .where(eq(products.id, onion.id));
    await t.db.delete(products).where(eq(products.id, eggs.id));
    const later = await usual(me.cookie);
    expect(later.map((item) => [item.name, item.available])).toEqual([
      ['Onion', false],
      ['Tomato', false],
    ]);

    // Another shopper sees none of it.
    expect(await usual((await shopper()).cookie)).toEqual([]);
  });
});

describe('GET /api/user/my/order/{id}/again', () => {
  it("answers the order's products at the quantities ordered and today's rates, naming the ones no longer sold", async () => {
    const beans = await createProduct(t.db, { name: 'Beans', rate: 80, stockKg: 20, weightsKg: [0.5, 1] });
    const peas = await createProduct(t.db, { name: 'Peas', rate: 120, stockKg: 20, weightsKg: [0.5, 1] });
    const coriander = await createProduct(t.db, {
      name: 'Coriander',
      rate: 10,
      stockKg: 5,
      weightsKg: [1, 2],
      unit: 'bunch',
    });
    const me = await shopper();
    const id = await place(me.cookie, [
      { id: beans.id, quantity: 0.5 },
      { id: peas.id, quantity: 1 },
      { id: coriander.id, quantity: 2 },
    ]);
    await t.db.update(products).set({ ratePaise: 9000 }).where(eq(products.id, beans.id));
    await t.db.update(products).set({ stockGrams: 0 }).where(eq(products.id, coriander.id));
    await t.db.delete(products).where(eq(products.id, peas.id));

    const answer = await inject('GET', `/api/user/my/order/${id}/again`, me.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const again = body<OrderAgainAnswer>(answer);
    expect(again.missing).toEqual(['Peas']);
    expect(again.items.map((item) => [item.name, item.quantity, item.unit, item.rate, item.available])).toEqual([
      ['Beans', 0.5, 'kg', 90, true],
      ['Coriander', 2, 'bunch', 10, false],
    ]);

    // Someone else's order, a malformed id, a visitor.
    const other = await shopper();
    expect((await inject('GET', `/api/user/my/order/${id}/again`, other.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/user/my/order/${id}/again`, adminCookie)).statusCode).toBe(404);
    expect((await inject('GET', '/api/user/my/order/not-an-id/again', me.cookie)).statusCode).toBe(404);
    expect((await inject('GET', `/api/user/my/order/${id}/again`)).statusCode).toBe(401);
  });
});

describe('named lists', () => {
  const URL = '/api/user/my/lists';
  let potato: { id: string };
  let milk: { id: string };
  let lemon: { id: string };

  beforeAll(async () => {
    potato = await createProduct(t.db, { name: 'Potato', rate: 25, stockKg: 100, weightsKg: [1, 2, 5] });
    milk = await createProduct(t.db, { name: 'Milk', rate: 60, stockKg: 40, weightsKg: [0.5, 1], unit: 'litre' });
    lemon = await createProduct(t.db, { name: 'Lemon', rate: 5, stockKg: 30, weightsKg: [1, 2, 6], unit: 'piece' });
  });

  const create = (cookie: string, payload: object) => inject('POST', URL, cookie, payload);

  it('makes, lists, reads with today’s rates, renames, replaces and deletes a list', async () => {
    const me = await shopper();
    const made = await create(me.cookie, {
      name: '  Weekly sabzi ',
      items: [
        { productId: potato.id, quantity: '2' },
        { productId: milk.id, quantity: 0.5 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = body<{ message: string; list: ShoppingList }>(made);
    expect(list.message).toBe('List saved');
    expect(list.list).toMatchObject({ name: 'Weekly sabzi', itemCount: 2 });
    expect(list.list.items.map((item) => [item.name, item.quantity, item.unit, item.rate, item.available])).toEqual([
      ['Potato', 2, 'kg', 25, true],
      ['Milk', 0.5, 'litre', 60, true],
    ]);
    const id = list.list._id;

    await create(me.cookie, { name: 'Fruit' });
    const lists = body<{ lists: ShoppingListSummary[] }>(await inject('GET', URL, me.cookie)).lists;
    expect(lists.map((entry) => [entry.name, entry.itemCount]).sort()).toEqual([
      ['Fruit', 0],
      ['Weekly sabzi', 2],
    ]);

    await t.db.update(products).set({ ratePaise: 2800, stockGrams: 1000 }).where(eq(products.id, potato.id));
    const read = body<{ list: ShoppingList }>(await inject('GET', `${URL}/${id}`, me.cookie)).list;
    expect(read.items[0]).toMatchObject({ name: 'Potato', rate: 28, available: false });

    const renamed = await inject('PUT', `${URL}/${id}`, me.cookie, { name: 'Sunday sabzi' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body<{ list: ShoppingList }>(renamed).list).toMatchObject({ name: 'Sunday sabzi', itemCount: 2 });

    const replaced = await inject('PUT', `${URL}/${id}`, me.cookie, { items: [{ productId: lemon.id, quantity: 6 }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(body<{ list: ShoppingList }>(replaced).list.items.map((item) => [item.name, item.quantity])).toEqual([
      ['Lemon', 6],
    ]);

    const deleted = await inject('DELETE', `${URL}/${id}`, me.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await inject('GET', `${URL}/${id}`, me.cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(shoppingListItems).where(eq(shoppingListItems.listId, id))).toEqual([]);
  });

  it("keeps each shopper's lists to themselves: another's list is a 404 to read, change or delete", async () => {
    const owner = await shopper();
    const other = await shopper();
    const id = body<{ list: ShoppingList }>(await create(owner.cookie, { name: 'Mine' })).list._id;
    expect((await inject('GET', `${URL}/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await inject('PUT', `${URL}/${id}`, other.cookie, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await inject('DELETE', `${URL}/${id}`, other.cookie)).statusCode).toBe(404);
    expect(body<{ lists: unknown[] }>(await inject('GET', URL, other.cookie)).lists).toEqual([]);
    expect((await inject('GET', `${URL}/nonsense`, owner.cookie)).statusCode).toBe(404);
    expect((await inject('GET', URL)).statusCode).toBe(401);
    expect(body<{ list: ShoppingList }>(await inject('GET', `${URL}/${id}`, owner.cookie)).list.name).toBe('Mine');
  });

  it('refuses bad input with a 400 naming the problem, and changes nothing', async () => {
    const me = await shopper();
    const cases: [object, string][] = [
      [{ name: '' }, 'The name of a list must be 1 to 40 characters'],
      [{ name: 'x'.repeat(41) }, 'The name of a list must be 1 to 40 characters'],
      [{ items: [] }, 'The name of a list must be 1 to 40 characters'],
      [
        { name: 'A', items: [{ productId: potato.id, quantity: 1.5 }] },
        'Potato is sold in 1, 2, 5 kg only, not 1.5 kg',
      ],
      [
        { name: 'A', items: [{ productId: lemon.id, quantity: 0.5 }] },
        'Lemon is sold in 1, 2, 6 piece only, not 0.5 piece',
      ],
      [{ name: 'A', items: [{ productId: potato.id, quantity: 0 }] }, 'Each quantity must be more than 0 Kg'],
      [{ name: 'A', items: [{ productId: potato.id, quantity: 'two' }] }, ''],
      [
        {
          name: 'A',
          items: [
            { productId: potato.id, quantity: 1 },
            { productId: potato.id.toUpperCase(), quantity: 2 },
          ],
        },
        'A product appears twice in the list: give each product once',
      ],
      [
        { name: 'A', items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
        'Product 00000000-0000-4000-8000-000000000000 not found',
      ],
      [
        {
          name: 'A',
          items: Array.from({ length: MAX_SHOPPING_LIST_ITEMS + 1 }, () => ({ productId: potato.id, quantity: 1 })),
        },
        `A list can hold at most ${MAX_SHOPPING_LIST_ITEMS} products`,
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await create(me.cookie, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      if (message) expect(body<{ message: string }>(answer).message).toBe(message);
    }
    expect(await t.db.select().from(shoppingLists).where(eq(shoppingLists.userId, me.id))).toEqual([]);

    // A bad replacement leaves the list as it was.
    const id = body<{ list: ShoppingList }>(
      await create(me.cookie, { name: 'Kept', items: [{ productId: potato.id, quantity: 1 }] }),
    ).list._id;
    const bad = await inject('PUT', `${URL}/${id}`, me.cookie, {
      name: 'Changed',
      items: [{ productId: potato.id, quantity: 3 }],
    });
    expect(bad.statusCode).toBe(400);
    const kept = body<{ list: ShoppingList }>(await inject('GET', `${URL}/${id}`, me.cookie)).list;
    expect(kept).toMatchObject({ name: 'Kept', itemCount: 1 });
  });

  it('keeps names unique per shopper whatever their case (409), and others may use them', async () => {
    const me = await shopper();
    expect((await create(me.cookie, { name: 'Weekly Sabzi' })).statusCode).toBe(201);
    const again = await create(me.cookie, { name: 'weekly sabzi' });
    expect(again.statusCode).toBe(409);
    expect(body<{ message: string }>(again).message).toBe('You already have a list named weekly sabzi');
    const second = body<{ list: ShoppingList }>(await create(me.cookie, { name: 'Fruit' })).list._id;
    expect((await inject('PUT', `${URL}/${second}`, me.cookie, { name: 'WEEKLY SABZI' })).statusCode).toBe(409);
    expect((await inject('PUT', `${URL}/${second}`, me.cookie, { name: 'fruit' })).statusCode).toBe(200);
    expect((await create((await shopper()).cookie, { name: 'Weekly Sabzi' })).statusCode).toBe(201);
  });

  it(`keeps at most ${MAX_SHOPPING_LISTS} lists per shopper, even when made at once`, async () => {
    const me = await shopper();
    const answers = await Promise.all(
      Array.from({ length: MAX_SHOPPING_LISTS + 3 }, (_, i) => create(me.cookie, { name: `List ${i}` })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(MAX_SHOPPING_LISTS);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
    expect(body<{ message: string }>(refused[0] as never).message).toBe(
      `You can keep at most ${MAX_SHOPPING_LISTS} lists: delete one you no longer use first`,
    );
    expect(await t.db.select().from(shoppingLists).where(eq(shoppingLists.userId, me.id))).toHaveLength(
      MAX_SHOPPING_LISTS,
    );
  });

  it('drops a deleted product from the lists; the download holds the lists and deleting the account erases them', async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookie(t.db, user.id);
    const gone = await createProduct(t.db, { name: 'Gone soon', rate: 10, stockKg: 5, weightsKg: [1] });
    const id = body<{ list: ShoppingList }>(
      await create(cookie, {
        name: 'Weekly sabzi',
        items: [
          { productId: potato.id, quantity: 1 },
          { productId: gone.id, quantity: 1 },
        ],
      }),
    ).list._id;
    await t.db.delete(products).where(eq(products.id, gone.id));
    expect(body<{ list: ShoppingList }>(await inject('GET', `${URL}/${id}`, cookie)).list.itemCount).toBe(1);

    const download = await inject('GET', '/api/user/me/data', cookie);
    expect(download.statusCode, download.body).toBe(200);
    expect(JSON.parse(download.body).shoppingLists).toEqual([
      expect.objectContaining({
        name: 'Weekly sabzi',
        items: [{ productId: potato.id, name: 'Potato', unit: 'kg', quantity: 1 }],
      }),
    ]);

    const erased = await inject('DELETE', '/api/user/me', cookie, { password: TEST_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(shoppingLists).where(eq(shoppingLists.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(shoppingListItems).where(eq(shoppingListItems.listId, id))).toEqual([]);
  });
});

/**
 * Units and quantities end to end (contract "Units and quantities", decision 0022): a product's
 * unit and its options checked per unit on add and update, the order line keeping the unit,
 * placing refused off the options, counted units packed in whole numbers, the bill's quantity
 * codes (read back from the PDF) and the pick list per unit. Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../src/modules/orders/orders.presenter.js';
import { body, buildTestApp, type TestApp } from './build-test-app.js';
import { createCategory, createProduct, createUser } from './factories.js';
import { pdfText } from './pdf-text.js';
import { sessionCookie } from './test-sessions.js';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let categoryId: string;
let png: Buffer;

const SHIPPING = {
  address: '7th Main Road, Jayanagar',
  city: 'Bengaluru',
  mobileNumber: '9876543210',
  pinCode: '560011',
};

type Product = { _id: string; unit?: string; kilogramOption: { $numberDecimal: string }[]; stocks: number };

beforeAll(async () => {
  t = await buildTestApp();
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, { firstName: 'Asha' })).id);
  categoryId = (await createCategory(t.db, 'Dairy and more')).id;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await t?.close();
});

/** A product form as the admin screen sends it: multipart, text fields and the picture. */
function productForm(
  fields: Record<string, string | string[]>,
  withImage: boolean,
): { payload: Buffer; boundary: string } {
  const boundary = `----mandi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`));
    }
  }
  if (withImage) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), boundary };
}

function sendForm(method: 'POST' | 'PUT', url: string, fields: Record<string, string | string[]>, withImage = true) {
  const { payload, boundary } = productForm(fields, withImage);
  return t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: adminCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const addProduct = (fields: Record<string, string | string[]>) =>
  sendForm('POST', '/api/product/add', { rate: '84', stocks: '40', category: categoryId, ...fields });

const problems = (response: { body: string }) => {
  const message = body<{ message: string | string[] }>(response as never).message;
  return Array.isArray(message) ? message : [message];
};

async function place(lines: { id: string; quantity: number }[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: { cartItems: lines, shippingInfo: SHIPPING },
    headers: { cookie: shopperCookie },
  });
}

const pack = (order: OrderView, packed: (string | number)[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: { items: order.orderItems.map((item, i) => ({ _id: item._id, packedQuantity: packed[i] })) },
    headers: { cookie: adminCookie },
  });

describe('a product unit and its options', () => {
  it('adds a product per dozen from the form; the answer and the listing carry the unit', async () => {
    const response = await addProduct({ name: 'Eggs (tray)', unit: 'dozen', kilogramOption: ['1', '2', '3'] });
    expect(response.statusCode, response.body).toBe(201);
    const product = body<{ newProduct: Product }>(response).newProduct;
    expect(product.unit).toBe('dozen');
    expect(product.kilogramOption).toEqual([{ $numberDecimal: '1' }, { $numberDecimal: '2' }, { $numberDecimal: '3' }]);
    expect(product.stocks).toBe(40);
    const read = await t.app.inject({ url: `/api/product/getSingleProduct/${product._id}` });
    expect(body<{ product: Product }>(read).product.unit).toBe('dozen');
  });

  it('a product added without a unit is kg; kg offers 0.05 Kg steps from 0.05 Kg to 25 Kg', async () => {
    const response = await addProduct({ name: 'Green Chillies (loose)', kilogramOption: ['0.1', '0.25', '25'] });
    expect(response.statusCode, response.body).toBe(201);
    const product = body<{ newProduct: Product }>(response).newProduct;
    expect(product.unit).toBe('kg');
    expect(product.kilogramOption.map((option) => option.$numberDecimal)).toEqual(['0.1', '0.25', '25']);
  });

  it('refuses options a unit cannot offer, more than 12, repeats and unknown units: 400 naming the field', async () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [
        { unit: 'dozen', kilogramOption: ['1', '1.5'] },
        'kilogramOption: 1.5 is not a whole number from 1 to 50 (dozen)',
      ],
      [{ unit: 'piece', kilogramOption: ['51'] }, 'kilogramOption: 51 is not a whole number from 1 to 50 (piece)'],
      [{ unit: 'kg', kilogramOption: ['0.26'] }, 'kilogramOption: 0.26 is not a multiple of 0.05 from 0.05 to 25 (kg)'],
      [
        { unit: 'litre', kilogramOption: ['25.05'] },
        'kilogramOption: 25.05 is not a multiple of 0.05 from 0.05 to 25 (litre)',
      ],
      [{ kilogramOption: ['0.5', '1', '0.5'] }, 'kilogramOption: 0.5 is listed twice'],
      [
        { unit: 'piece', kilogramOption: Array.from({ length: 13 }, (_, i) => String(i + 1)) },
        'kilogramOption: at most 12 quantities',
      ],
      [{ unit: 'gallon', kilogramOption: ['1'] }, 'unit must be one of kg, litre, piece, dozen, bunch, pack'],
    ];
    for (const [fields, message] of cases) {
      const response = await addProduct({ name: `Refused ${randomBytes(3).toString('hex')}`, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(problems(response)).toEqual([message]);
    }
  });

  it('an update without a unit keeps the product’s own and checks the options against it', async () => {
    const added = body<{ newProduct: Product }>(
      await addProduct({ name: 'Coriander bunch', unit: 'bunch', kilogramOption: ['1', '2'] }),
    ).newProduct;
    const update = (fields: Record<string, string | string[]>) =>
      sendForm(
        'PUT',
        `/api/product/update/${added._id}`,
        { name: 'Coriander bunch', rate: '10', stocks: '50', category: categoryId, ...fields },
        false,
      );
    const half = await update({ kilogramOption: ['0.5'] });
    expect(half.statusCode).toBe(400);
    expect(problems(half)).toEqual(['kilogramOption: 0.5 is not a whole number from 1 to 50 (bunch)']);
    expect((await update({ kilogramOption: ['1', '3'] })).statusCode).toBe(200);
    const read = body<{ product: Product }>(await t.app.inject({ url: `/api/product/getSingleProduct/${added._id}` }));
    expect(read.product.unit).toBe('bunch');
    expect((await update({ unit: 'kg', kilogramOption: ['0.5'] })).statusCode).toBe(200);
    const again = body<{ product: Product }>(await t.app.inject({ url: `/api/product/getSingleProduct/${added._id}` }));
    expect(again.product).toMatchObject({ unit: 'kg', kilogramOption: [{ $numberDecimal: '0.5' }] });
  });
});

describe('orders, packing and the bill in units', () => {
  let chillies: { id: string };
  let eggs: { id: string };
  let milk: { id: string };

  beforeAll(async () => {
    chillies = await createProduct(t.db, {
      name: 'Green Chillies',
      rate: 79,
      stockKg: 20,
      weightsKg: [0.1, 0.25, 0.5],
    });
    eggs = await createProduct(t.db, { name: 'Eggs', rate: 84, stockKg: 40, weightsKg: [1, 2], unit: 'dozen' });
    milk = await createProduct(t.db, { name: 'Milk', rate: 56, stockKg: 100, weightsKg: [0.5, 1, 2], unit: 'litre' });
  });

  it('placing a quantity that is not one of the options is a 400 naming the product', async () => {
    const half = await place([{ id: eggs.id, quantity: 0.5 }]);
    expect(half.statusCode).toBe(400);
    expect(body(half).message).toBe('Eggs is sold in 1, 2 dozen only, not 0.5 dozen');
    const kilo = await place([{ id: chillies.id, quantity: 1 }]);
    expect(kilo.statusCode).toBe(400);
    expect(body(kilo).message).toBe('Green Chillies is sold in 0.1, 0.25, 0.5 kg only, not 1 kg');
  });

  it('keeps each line’s unit; counted lines pack whole from 0 to the ordered count; the bill prints quantity codes and the round-off', async () => {
    const placed = await place([
      { id: chillies.id, quantity: 0.25 },
      { id: eggs.id, quantity: 2 },
      { id: milk.id, quantity: 1 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = body<{ order: OrderView }>(placed).order;
    expect(order.orderItems.map((item) => [item.name, item.quantity, item.unit])).toEqual([
      ['Green Chillies', 0.25, 'kg'],
      ['Eggs', 2, 'dozen'],
      ['Milk', 1, 'litre'],
    ]);
    expect(order.subtotal).toBe(19.75 + 168 + 56);

    // The pick list sums per product in its unit.
    const picklist = await t.app.inject({ url: '/api/admin/picklist', headers: { cookie: adminCookie } });
    const items = body<{ items: { name: string; quantity: number; unit: string }[] }>(picklist).items;
    expect(items.map(({ name, quantity, unit }) => ({ name, quantity, unit }))).toEqual([
      { name: 'Eggs', quantity: 2, unit: 'dozen' },
      { name: 'Green Chillies', quantity: 0.25, unit: 'kg' },
      { name: 'Milk', quantity: 1, unit: 'litre' },
    ]);

    const countRefused = 'Eggs: the packed quantity must be a whole number from 0 to the 2 dozen ordered';
    for (const eggsPacked of [1.5, 3, -1, '2.001']) {
      const refused = await pack(order, [0.25, eggsPacked, 1]);
      expect(refused.statusCode, String(eggsPacked)).toBe(400);
      expect(body(refused).message).toBe(countRefused);
    }
    // kg and litre keep the 110 % rule.
    const tooMuchMilk = await pack(order, [0.25, 2, 1.2]);
    expect(tooMuchMilk.statusCode).toBe(400);
    expect(body(tooMuchMilk).message).toBe('Milk: at most 1.1 litre can be packed (110% of the 1 litre ordered)');

    // One dozen short; chillies a little over: 20.15 + 84 + 56 = 160.15, paid as ₹160.
    const packed = await pack(order, [0.255, 1, 1]);
    expect(packed.statusCode, packed.body).toBe(200);
    const final = body<{ order: OrderView }>(packed).order;
    expect(final.orderItems.map((item) => item.packedQuantity)).toEqual(['0.255', '1', '1']);
    expect(final.roundOff).toBe(-0.15);
    expect(final.total).toBe(160);

    const pdf = await t.app.inject({
      url: `/api/user/my/order/${order._id}/invoice`,
      headers: { cookie: shopperCookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Green Chillies 0\.255 KGS/);
    expect(text).toMatch(/Eggs 1 DOZ/);
    expect(text).toMatch(/Milk 1 LTR/);
    expect(text).toMatch(/Round off/);
  });

  it('a product of an older database (no unit given) sells and packs as kg', async () => {
    const tomato = await createProduct(t.db, { name: 'Plain Tomato', rate: 40, stockKg: 50, weightsKg: [0.5, 1] });
    const placed = await place([{ id: tomato.id, quantity: 1 }]);
    const order = body<{ order: OrderView }>(placed).order;
    expect(order.orderItems[0]?.unit).toBe('kg');
    expect((await pack(order, [1.04])).statusCode).toBe(200);
  });
});

/**
 * The shopper's address book (decision 0025): CRUD, the checkout's validation and messages, the
 * owner-only rule (another shopper's address is a 404), the limit, and "last used" set by placing
 * an order to a saved address. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { MAX_SAVED_ADDRESSES } from '@mandi/shared';
import type { SavedAddress } from '@mandi/shared/schemas';
import { savedAddressAnswerSchema, savedAddressesAnswerSchema } from '@mandi/shared/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { savedAddresses, users } from '../../db/schema.js';

const URL = '/api/user/my/addresses';
const home = { label: 'Home', address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };
const office = {
  label: 'Office',
  address: '4 FC Road, 2nd floor',
  city: 'Pune',
  mobileNumber: '9876500000',
  pinCode: '411004',
};

let t: TestApp;
let asha: { id: string; cookie: string };
let ravi: { id: string; cookie: string };

async function shopper() {
  const user = await createUser(t.db);
  return { id: user.id, cookie: await sessionCookie(t.db, user.id) };
}

beforeAll(async () => {
  t = await buildTestApp();
  asha = await shopper();
  ravi = await shopper();
});
afterAll(() => t.close());

const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url = URL, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function list(cookie: string): Promise<SavedAddress[]> {
  const response = await call(cookie, 'GET');
  expect(response.statusCode).toBe(200);
  return savedAddressesAnswerSchema.parse(body(response)).addresses;
}

async function save(cookie: string, fields: object): Promise<SavedAddress> {
  const response = await call(cookie, 'POST', URL, fields);
  expect(response.statusCode, response.body).toBe(201);
  expect(body(response)).toMatchObject({ message: 'Address saved', code: 'addressSaved' });
  return savedAddressAnswerSchema.parse(body(response)).address;
}

describe('the address book', () => {
  it('saves, lists, changes and deletes a shopper’s addresses', async () => {
    expect(await list(asha.cookie)).toEqual([]);
    const saved = await save(asha.cookie, { ...home, mobileNumber: 9876543210, address: '  12 MG Road ' });
    expect(saved).toMatchObject({ ...home, lastUsedAt: null });
    const second = await save(asha.cookie, office);
    // Never used: the newest first.
    expect((await list(asha.cookie)).map((a) => a.label)).toEqual(['Office', 'Home']);

    const changed = await call(asha.cookie, 'PUT', `${URL}/${saved._id}`, { ...home, label: 'Parents' });
    expect(changed.statusCode).toBe(200);
    expect(savedAddressAnswerSchema.parse(body(changed))).toMatchObject({
      message: 'Address updated',
      address: { _id: saved._id, label: 'Parents' },
    });

    const removed = await call(asha.cookie, 'DELETE', `${URL}/${second._id}`);
    expect(removed.statusCode).toBe(200);
    expect(body(removed)).toMatchObject({ success: true, message: 'Address deleted', code: 'addressDeleted' });
    expect((await list(asha.cookie)).map((a) => a.label)).toEqual(['Parents']);
    expect((await call(asha.cookie, 'DELETE', `${URL}/${second._id}`)).statusCode).toBe(404);
  });

  it('checks the fields as the checkout does, with the same messages, and asks for a label', async () => {
    const cases: [object, string][] = [
      [{ ...home, mobileNumber: '98765' }, 'mobileLength'],
      [{ ...home, pinCode: '4110' }, 'pinLength'],
      [{ ...home, address: '   ' }, 'allFieldsRequired'],
      [{ ...home, city: undefined }, 'allFieldsRequired'],
      [{ ...home, label: ' ' }, 'addressLabelRequired'],
      [{ ...home, label: 'x'.repeat(41) }, 'addressLabelMax'],
    ];
    for (const [payload, code] of cases) {
      const response = await call(ravi.cookie, 'POST', URL, payload);
      expect({ status: response.statusCode, code: body(response).code }).toEqual({ status: 400, code });
    }
    const { label: _, ...unlabelled } = home;
    expect(body(await call(ravi.cookie, 'POST', URL, unlabelled)).code).toBe('addressLabelRequired');
    expect(await list(ravi.cookie)).toEqual([]);
  });

  it('is for signed-in shoppers only, and another shopper’s address is not found', async () => {
    expect((await call(undefined, 'GET')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', URL, home)).statusCode).toBe(401);
    const [ashas] = await list(asha.cookie);
    if (!ashas) throw new Error('asha has an address');
    for (const response of [
      await call(ravi.cookie, 'PUT', `${URL}/${ashas._id}`, office),
      await call(ravi.cookie, 'DELETE', `${URL}/${ashas._id}`),
      await call(ravi.cookie, 'PUT', `${URL}/not-an-id`, office),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({ code: 'addressNotFound', message: 'Address not found' });
    }
    expect(await list(asha.cookie)).toEqual([ashas]);
    expect(await list(ravi.cookie)).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} per shopper, also when saved at once`, async () => {
    const full = await shopper();
    const attempts = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, i) =>
        call(full.cookie, 'POST', URL, { ...home, label: `Place ${i + 1}` }),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    const refused = attempts.find((response) => response.statusCode === 409);
    expect(body(refused as never)).toMatchObject({
      code: 'addressLimit',
      values: { max: MAX_SAVED_ADDRESSES },
      message: `You can save at most ${MAX_SAVED_ADDRESSES} addresses: delete one you no longer use first`,
    });
    expect(await list(full.cookie)).toHaveLength(MAX_SAVED_ADDRESSES);
    // Deleting one makes room again.
    const [first] = await list(full.cookie);
    await call(full.cookie, 'DELETE', `${URL}/${first?._id}`);
    await save(full.cookie, office);
  });

  it('goes with the account when the account is deleted', async () => {
    const leaving = await shopper();
    await save(leaving.cookie, home);
    await t.db.delete(users).where(eq(users.id, leaving.id));
    expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, leaving.id))).toEqual([]);
  });
});

describe('last used', () => {
  it('an order placed to a saved address makes it the last used, offered first', async () => {
    const shopperA = await shopper();
    const other = await shopper();
    const product = await createProduct(t.db, { name: 'Address Tomato', rate: 40, stockKg: 50 });
    const savedHome = await save(shopperA.cookie, home);
    const savedOffice = await save(shopperA.cookie, office);
    // Ravi's identical address is his own: Asha's order never touches it.
    const othersHome = await save(other.cookie, home);

    const place = async (shippingInfo: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/new/order',
        headers: { cookie: shopperA.cookie },
        payload: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo },
      });
      expect(response.statusCode, response.body).toBe(201);
      await t.settle();
    };

    // The spec's client sends the fields as typed: case and spaces differ, the numbers as numbers.
    await place({ address: '12  mg road', city: 'PUNE ', mobileNumber: 9876543210, pinCode: 411001 });
    const afterFirst = await list(shopperA.cookie);
    expect(afterFirst.map((a) => a._id)).toEqual([savedHome._id, savedOffice._id]);
    expect(afterFirst[0]?.lastUsedAt).not.toBeNull();
    expect(afterFirst[1]?.lastUsedAt).toBeNull();
    expect((await list(other.cookie))[0]).toEqual(othersHome);

    await place({
      address: office.address,
      city: office.city,
      mobileNumber: office.mobileNumber,
      pinCode: office.pinCode,
    });
    const afterSecond = await list(shopperA.cookie);
    expect(afterSecond.map((a) => a._id)).toEqual([savedOffice._id, savedHome._id]);

    // An address that is not saved changes nothing.
    await place({ address: '9 Camp', city: 'Pune', mobileNumber: '9000000000', pinCode: '411001' });
    expect(await list(shopperA.cookie)).toEqual(afterSecond);
  });
  it('marks each shopper’s own address when several shoppers’ orders are placed together', async () => {
    const product = await createProduct(t.db, { name: 'Batch Onion', rate: 30, stockKg: 50 });
    const shoppers = await Promise.all([shopper(), shopper(), shopper()]);
    for (const one of shoppers) await save(one.cookie, home);
    // Placed at once (one group-commit batch), so one claim of the outbox holds both events.
    const placed = await Promise.all(
      shoppers.slice(0, 2).map((one) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/new/order',
          headers: { cookie: one.cookie },
          payload: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: home },
        }),
      ),
    );
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201]);
    await t.settle();
    const used = await Promise.all(shoppers.map(async (one) => (await list(one.cookie))[0]?.lastUsedAt ?? null));
    expect(used.map((at) => at !== null)).toEqual([true, true, false]);
  });
});

/**
 * Coupons across two real server processes on one PostgreSQL database (decision 0044): a burst of
 * checkouts with one code on both processes never passes its `maxUses`, and one shopper's burst
 * uses a code once; new shoppers sending two orders with two first-order coupons at once, one on
 * each process, get one first-order discount each. Runs only when TEST_DATABASE_URL is set (PGlite is one process).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponUses } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const SHOPPERS = 12;
const MAX_USES = 5;
const RACERS = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('coupons on two server processes', () => {
  const group = useServerGroup(2);
  const url = (i: number) => (group.servers[i % 2] as ServerProcess).url;

  async function makeCoupon(code: string, maxUses: number | null, firstOrderOnly = false) {
    const admin = await login(url(0), ADMIN.email, ADMIN.password);
    const made = await call(url(0), 'POST', '/api/admin/coupons', {
      cookie: admin,
      json: {
        code,
        kind: 'flat',
        value: 10,
        minSubtotal: 0,
        validFrom: '2020-01-01',
        validTo: '2099-12-31',
        maxUses,
        firstOrderOnly,
      },
    });
    expect(made.status).toBe(201);
    return made.body.coupon as { _id: string };
  }

  it(`${SHOPPERS} shoppers using a code of ${MAX_USES} uses at once on both processes: ${MAX_USES} get it`, async () => {
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', rate: 40, stockKg: 500, weightsKg: [1] });
    const coupon = await makeCoupon('RUSHHOUR', MAX_USES);
    const cookies = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const shopper = await createUser(group.db.db);
        return login(url(i), shopper.email, TEST_PASSWORD);
      }),
    );
    const answers = await Promise.all(
      cookies.map((cookie, i) =>
        call(url(i), 'POST', '/api/user/new/order', {
          cookie,
          json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING, couponCode: 'rushhour' },
          timeoutMs: 60_000,
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed).toHaveLength(MAX_USES);
    for (const answer of placed) expect(answer.body.order).toMatchObject({ couponCode: 'RUSHHOUR', discount: 10 });
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('couponUsedUp');
    }
    const uses = await group.db.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id));
    expect(uses).toHaveLength(MAX_USES);
  }, 180_000);

  it(`one shopper's ${RACERS} checkouts with one code at once on both processes: used once`, async () => {
    const product = await createProduct(group.db.db, { name: 'Green Peas', rate: 40, stockKg: 500, weightsKg: [1] });
    const coupon = await makeCoupon('ONCEONLY', null);
    const shopper = await createUser(group.db.db);
    const cookies = [
      await login(url(0), shopper.email, TEST_PASSWORD),
      await login(url(1), shopper.email, TEST_PASSWORD),
    ];
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call(url(i), 'POST', '/api/user/new/order', {
          cookie: cookies[i % 2],
          json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING, couponCode: 'ONCEONLY' },
          timeoutMs: 60_000,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(RACERS - 1).fill(400)]);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.body.code).toBe('couponAlreadyUsed');
    }
    const uses = await group.db.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id));
    expect(uses).toHaveLength(1);
  }, 180_000);

  it('new shoppers sending two orders with two first-order coupons at once, one on each process: one discount each', async () => {
    const product = await createProduct(group.db.db, { name: 'Okra', rate: 40, stockKg: 500, weightsKg: [1] });
    await makeCoupon('WELCOME', null, true);
    await makeCoupon('FIRSTBUY', null, true);
    const NEW_SHOPPERS = 10;
    const shoppers = await Promise.all(Array.from({ length: NEW_SHOPPERS }, () => createUser(group.db.db)));
    const cookies = await Promise.all(
      shoppers.map(async (shopper) => [
        await login(url(0), shopper.email, TEST_PASSWORD),
        await login(url(1), shopper.email, TEST_PASSWORD),
      ]),
    );
    const answers = await Promise.all(
      cookies.flatMap((pair) =>
        ['WELCOME', 'FIRSTBUY'].map((couponCode, i) =>
          call(url(i), 'POST', '/api/user/new/order', {
            cookie: pair[i],
            json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING, couponCode },
            timeoutMs: 60_000,
          }),
        ),
      ),
    );
    for (let shopper = 0; shopper < NEW_SHOPPERS; shopper++) {
      const pair = answers.slice(shopper * 2, shopper * 2 + 2);
      // One order is the first and gets its discount; the other is refused as no first order.
      expect(pair.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(pair.find((answer) => answer.status === 400)?.body.code).toBe('couponFirstOrderOnly');
    }
    const uses = await group.db.db.select().from(couponUses);
    const byShopper = new Map<string, number>();
    for (const use of uses) byShopper.set(use.userId ?? '', (byShopper.get(use.userId ?? '') ?? 0) + 1);
    for (const shopper of shoppers) expect(byShopper.get(shopper.id) ?? 0).toBe(1);
  }, 180_000);
});

/**
 * A packed, billed order of twelve lines with Hindi names, for the tests and benchmarks that
 * download its bill (`billing.bystander.test.ts`, `bench/timings/bill-bystander.timing.ts`):
 * every download draws the whole bill, with Devanagari to shape.
 */
import { deliveryZones } from '../src/db/schema.js';
import type { TestApp } from './build-test-app.js';
import { createProduct, createUser } from './factories.js';
import { packAsOrdered, placeOrder } from './place-and-pack.js';
import { sessionCookie } from './test-sessions.js';

export async function placeAndPackBill(t: TestApp): Promise<{ orderId: string; shopperCookie: string }> {
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, { firstName: 'आशा', lastName: 'राव' });
  const adminCookie = await sessionCookie(t.db, admin.id);
  const shopperCookie = await sessionCookie(t.db, shopper.id);
  await t.db.insert(deliveryZones).values({ name: 'All India', pinPrefixes: ['5'], deliveryFeePaise: 3000 });
  const items = [];
  for (let i = 0; i < 12; i++) {
    const product = await createProduct(t.db, { name: `देसी सब्ज़ी ${i}`, rate: 40 + i, stockKg: 100, weightsKg: [1] });
    items.push({ id: product.id, quantity: 1 });
  }
  const order = await placeOrder(t, shopperCookie, items);
  await packAsOrdered(t, adminCookie, order);
  await t.settle();
  return { orderId: order._id, shopperCookie };
}

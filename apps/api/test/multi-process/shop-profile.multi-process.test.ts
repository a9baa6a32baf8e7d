/**
 * The shop profile across two real server processes on one PostgreSQL database (decision 0028):
 * each process keeps the profile and its pages in memory; a save on server A shows at once on
 * server B, with no restart: in GET /api/shop, in a page's mandi-shop slot and in a UPI link.
 * Runs only when TEST_DATABASE_URL is set (PGlite is one process).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOP_SLOT } from '../../src/lib/web-app.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** A stand-in for the build: the page with its shop slot. */
const webDist = isPostgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-shop-mp-')) : '';
if (isPostgres) {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Mandi</title>${SHOP_SLOT}</head><body><div id="root"></div></body></html>`,
  );
}

const shopInPage = async (baseUrl: string, pathname: string) => {
  const html = await (await fetch(`${baseUrl}${pathname}`)).text();
  return JSON.parse(/<script id="mandi-shop" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
};

describe.skipIf(!isPostgres)('the shop profile shared by two server processes', () => {
  const group = useServerGroup(2, { WEB_DIST_DIR: webDist, SHOP_UPI_ID: 'old.shop@okaxis' });

  it('shows a save made on one server at once on the other: the API, the pages and the UPI link', async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', stockKg: 100, weightsKg: [1] });
    const shopper = await createUser(group.db.db);
    const shopperOnA = await login(a.url, shopper.email, TEST_PASSWORD);
    const shopperOnB = await login(b.url, shopper.email, TEST_PASSWORD);
    const adminOnA = await login(a.url, ADMIN.email, ADMIN.password);
    const placed = await call(a.url, 'POST', '/api/user/new/order', {
      cookie: shopperOnA,
      json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; orderItems: { _id: string }[] };
    const packed = await call(a.url, 'PUT', `/api/admin/orders/${order._id}/pack`, {
      cookie: adminOnA,
      json: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: 1 })) },
    });
    expect(packed.status).toBe(200);
    const upiPayee = async () => {
      const answer = await call(b.url, 'GET', `/api/user/my/order/${order._id}/upi`, { cookie: shopperOnB });
      expect(answer.status).toBe(200);
      return new URL(answer.body.upiUrl as string).searchParams.get('pa');
    };

    // Server B has everything in memory before the save: the profile, two pages, the UPI payee.
    for (let i = 0; i < 2; i += 1) {
      expect((await call(b.url, 'GET', '/api/shop')).body.shop).toMatchObject({ name: 'Mandi', fssaiNumber: null });
      expect(await shopInPage(b.url, '/')).toMatchObject({ name: 'Mandi' });
      expect(await shopInPage(b.url, '/products')).toMatchObject({ name: 'Mandi' });
      expect(await upiPayee()).toBe('old.shop@okaxis');
    }

    const saved = await call(a.url, 'PUT', '/api/admin/shop', {
      cookie: adminOnA,
      json: { name: 'Hari Sabzi', fssaiNumber: '11521999000456', upiId: 'harisabzi@okicici' },
    });
    expect(saved.status).toBe(200);

    // B hears of the save on commit, through the cache bus (within milliseconds, no restart).
    await expect
      .poll(async () => ((await call(b.url, 'GET', '/api/shop')).body.shop as { name: string }).name, {
        timeout: 2_000,
        interval: 20,
      })
      .toBe('Hari Sabzi');

    expect((await call(b.url, 'GET', '/api/shop')).body.shop).toMatchObject({
      name: 'Hari Sabzi',
      fssaiNumber: '11521999000456',
      upiId: 'harisabzi@okicici',
      demo: false,
    });
    expect(await shopInPage(b.url, '/')).toMatchObject({ name: 'Hari Sabzi', fssaiNumber: '11521999000456' });
    expect(await shopInPage(b.url, '/products')).toMatchObject({ name: 'Hari Sabzi' });
    expect(await upiPayee()).toBe('harisabzi@okicici');
  }, 180_000);
});

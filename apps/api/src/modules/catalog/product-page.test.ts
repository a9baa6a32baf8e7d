/**
 * A product's page as search engines and link previews read it (`/product/:id`, decision 0024):
 * the product's title, description, Open Graph tags and JSON-LD Product/Offer, all escaped; kept
 * in the response cache and dropped by a product write or a save of the shop's profile (which it
 * carries in its shop slot, decision 0028); a logged-in browser still gets its session.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { SESSION_SLOT, SHOP_SLOT } from '../../lib/web-app.js';

/** A stand-in for the build: index.html, and the product page's copy that names its code. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Mandi: fresh produce." />
    <title>Mandi</title>
    ${SESSION_SLOT}
    ${SHOP_SLOT}
  </head>
  <body><div id="root"></div></body>
</html>`;
const PRODUCT_PAGE = INDEX.replace('</head>', '<link rel="modulepreload" href="/assets/product-page.js">\n</head>');

let t: TestApp;
let distDir: string;
let adminCookie: string;
let shopperCookie: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-product-page-'));
  fs.mkdirSync(path.join(distDir, 'pages'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(distDir, 'pages/product.html'), PRODUCT_PAGE);
  fs.writeFileSync(
    path.join(distDir, 'pages/routes.json'),
    JSON.stringify([{ pattern: '/product/:id', file: '/pages/product.html' }]),
  );
  t = await buildTestApp({ WEB_DIST_DIR: distDir, PUBLIC_URL: 'https://shop.example.in' });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, { firstName: 'Asha' })).id);
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** The JSON-LD of a page, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) throw new Error('no JSON-LD');
  return JSON.parse(text) as Record<string, unknown>;
}
const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('the product page', () => {
  it('carries the title, description, Open Graph tags and JSON-LD Product/Offer of the product', async () => {
    const category = await createCategory(t.db, 'Vegetables');
    const product = await createProduct(t.db, {
      name: 'Desi Tomato',
      aliases: ['tamatar', 'टमाटर'],
      rate: 40,
      stockKg: 20,
      categoryId: category.id,
    });
    const response = await page(`/product/${product.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>Desi Tomato (टमाटर), ₹ 40/Kg | Mandi</title>');
    expect(html).toContain('<meta name="description" content="Fresh Desi Tomato at ₹ 40/Kg from Mandi');
    expect(html).not.toContain('Mandi: fresh produce.');
    // The product page's own copy of the build (its code named up front), the session slot kept.
    expect(html).toContain('/assets/product-page.js');
    expect(html).toContain(SESSION_SLOT);
    const url = `https://shop.example.in/product/${product.id}`;
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Desi Tomato (टमाटर), ₹ 40/Kg');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toMatch(/^https:\/\/shop\.example\.in\//);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Desi Tomato',
      image: meta(html, 'og:image'),
      offers: {
        '@type': 'Offer',
        price: '40.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('escapes what the admin typed in the title, the tags and the JSON-LD', async () => {
    const name = `Bad "Mango" </script><script>alert('x')</script> & $& <!--`;
    const product = await createProduct(t.db, { name, rate: 120, stockKg: 0 });
    const html = (await page(`/product/${product.id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<\/script><script>alert/);
    expect(html).toContain(
      '<title>Bad &quot;Mango&quot; &lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; &lt;!--, ₹ 120/Kg | Mandi</title>',
    );
    expect(meta(html, 'og:image:alt')).toBe(
      'Bad &quot;Mango&quot; &lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; &lt;!--',
    );
    // The JSON-LD script holds no `<` at all, and still reads back as the name.
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toContain('<');
    expect(jsonLd(html)).toMatchObject({
      name,
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('is kept, and a product write shows on the next visit', async () => {
    const product = await createProduct(t.db, { name: 'Nagpur Orange', rate: 90, stockKg: 30 });
    const first = await page(`/product/${product.id}`);
    expect((await page(`/product/${product.id}`)).body).toBe(first.body);
    const single = await t.app.inject({ url: `/api/product/getSingleProduct/${product.id}` });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/product/update/${product.id}`,
      headers: { cookie: adminCookie },
      payload: {
        name: 'Nagpur Orange <Big>',
        rate: '95.5',
        stocks: '30',
        kilogramOption: '1',
        category: (JSON.parse(single.body) as { product: { category: { _id: string } } }).product.category._id,
      },
    });
    expect(update.statusCode).toBe(200);
    const html = (await page(`/product/${product.id}`)).body;
    expect(html).toContain('<title>Nagpur Orange &lt;Big&gt;, ₹ 95.50/Kg | Mandi</title>');
    expect(jsonLd(html)).toMatchObject({ offers: { price: '95.50' } });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/delete/${product.id}`,
      headers: { cookie: adminCookie },
    });
    expect(deleted.statusCode).toBe(200);
    const gone = await page(`/product/${product.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<title>Mandi</title>');
  });

  it("carries the shop's profile, escaped, and a save of the profile shows on the next visit", async () => {
    const shopIn = (html: string) =>
      JSON.parse(/<script id="mandi-shop" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');
    const product = await createProduct(t.db, { name: 'Kesar Mango', rate: 300, stockKg: 10 });
    const first = await page(`/product/${product.id}`);
    expect(shopIn(first.body)).toMatchObject({ name: 'Mandi', demo: false });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shop',
      headers: { cookie: adminCookie },
      payload: { name: 'Hari </script><b>Sabzi</b>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const cookie of [undefined, shopperCookie]) {
      const html = (await page(`/product/${product.id}`, cookie ? { cookie } : {})).body;
      expect(html).not.toContain('</script><b>');
      expect(shopIn(html)).toMatchObject({ name: 'Hari </script><b>Sabzi</b>' });
      // The title names the shop as saved, escaped like every text of the head.
      expect(html).toContain('<title>Kesar Mango, ₹ 300/Kg | Hari &lt;/script&gt;&lt;b&gt;Sabzi&lt;/b&gt;</title>');
    }
  });

  it('goes out compressed as the browser accepts, the same page', async () => {
    const product = await createProduct(t.db, { name: 'Alphonso Mango', rate: 250, stockKg: 10 });
    const plain = await page(`/product/${product.id}`);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const response = await page(`/product/${product.id}`, { 'accept-encoding': encoding });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/product/${product.id}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('writes a logged-in shopper’s session into the page, and keeps it out of the page kept for visitors', async () => {
    const product = await createProduct(t.db, { name: 'Green Chilli', rate: 80, stockKg: 5 });
    const mine = await page(`/product/${product.id}`, { cookie: shopperCookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    // (An earlier test renamed the shop: the title ends with whatever name is saved.)
    expect(mine.body).toContain('<title>Green Chilli, ₹ 80/Kg | ');
    expect(mine.body).toContain('"firstName":"Asha"');
    expect(mine.body).not.toContain(SESSION_SLOT);
    const visitor = await page(`/product/${product.id}`);
    expect(visitor.body).toContain(SESSION_SLOT);
    expect(visitor.body).not.toContain('Asha');
  });

  it('answers an unknown or malformed id with 404 and the page as built, whose app says so', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page(`/product/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      // No product's head: the shop's own title (an earlier test renamed it, decision 0056), escaped.
      expect(response.body).toMatch(/<title>Hari &lt;\/script&gt;/);
      expect(response.body).not.toContain('application/ld+json');
    }
  });
});

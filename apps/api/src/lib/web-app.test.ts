/**
 * The built web app as a browser receives it: every file of a real build, compressed copies that
 * decode to the file itself, a validator per coding, HEAD on pages and APIs, the session of a
 * logged-in browser and the shop's profile (decision 0028) written into every page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Shop } from '@mandi/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, loginAs } from '../../test/factories.js';
import { loadWebFiles, pageWithShop, SESSION_SLOT, SHOP_SLOT } from './web-app.js';

const webRoot = path.resolve(import.meta.dirname, '../../../web');
let distDir: string;
let t: TestApp;

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

beforeAll(async () => {
  // A build of our own, so the test sees exactly what `npm run build` writes.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-web-dist-'));
  execFileSync(
    process.execPath,
    [
      path.resolve(webRoot, '../../node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      distDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: webRoot, stdio: 'inherit' },
  );
  t = await buildTestApp({ WEB_DIST_DIR: distDir });
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** What a page's `mandi-shop` slot holds: the profile without its policies. */
function identityOf(shop: Shop): Omit<Shop, 'policies' | 'policiesHi'> {
  const { policies: _policies, policiesHi: _policiesHi, ...identity } = shop;
  return identity;
}

describe('the built web app', () => {
  it('sends every text file of the build in brotli and gzip that decode to the same bytes', async () => {
    const files = [...loadWebFiles(distDir).keys()];
    expect(files).toContain('/index.html');
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    let compressedCount = 0;
    for (const url of files) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.equals(fs.readFileSync(path.join(distDir, url))), url).toBe(true);
      const etags = [plain.headers.etag];
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe(plain.headers['content-type']);
        expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length);
        const sent = response.headers['content-encoding'];
        if (sent === undefined) {
          // Only a file that compression would not shrink goes out plain.
          expect(response.rawPayload.equals(plain.rawPayload), url).toBe(true);
          continue;
        }
        compressedCount++;
        expect(sent, url).toBe(encoding);
        expect(response.headers.vary, url).toMatch(/accept-encoding/i);
        expect(decode[encoding](response.rawPayload).equals(plain.rawPayload), url).toBe(true);
        expect(response.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
        etags.push(response.headers.etag);
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding, 'if-none-match': String(response.headers.etag) },
        });
        expect(again.statusCode, url).toBe(304);
        expect(again.rawPayload.length, url).toBe(0);
      }
      // Each coding has its own validator.
      expect(new Set(etags).size, url).toBe(etags.length);
    }
    expect(compressedCount).toBeGreaterThan(files.length);
  });

  it('serves the service worker at the root, as JavaScript, revalidated on every visit, with the release’s shopper files and no admin code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const precache = JSON.parse(/^const PRECACHE = (\[.*\]);$/m.exec(response.body)?.[1] ?? '[]') as string[];
    expect(precache).toContain('/favicon.svg');
    expect(precache).toContain('/icons/icon-192.png');
    expect(precache.some((file) => /^\/assets\/index-.*\.js$/.test(file))).toBe(true);
    expect(precache.filter((file) => /admin|dashboard|chart/i.test(file))).toEqual([]);
    // Every file it keeps is in the build (the worker's install fails on one missing).
    for (const file of precache) expect(fs.existsSync(path.join(distDir, file)), file).toBe(true);
  });

  it('answers 304 only for the coding whose ETag is sent', async () => {
    const js = [...loadWebFiles(distDir).keys()].find((file) => /^\/assets\/index-.*\.js$/.test(file)) ?? '';
    const br = await t.app.inject({ method: 'GET', url: js, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await t.app.inject({
      method: 'GET',
      url: js,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(br.headers.etag);
    const plain = await t.app.inject({
      method: 'GET',
      url: js,
      headers: { 'if-none-match': String(gzip.headers.etag) },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('honours q-values: q=0 refuses a coding, the higher q wins', async () => {
    const get = (acceptEncoding: string) =>
      t.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': acceptEncoding } });
    expect((await get('gzip, br;q=0')).headers['content-encoding']).toBe('gzip');
    expect((await get('br;q=0.5, gzip;q=0.9')).headers['content-encoding']).toBe('gzip');
    expect((await get('*')).headers['content-encoding']).toBe('br');
    expect((await get('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
    expect((await get('deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('sends the page for every app route, compressed and revalidated on each visit', async () => {
    for (const url of ['/', '/products', '/Order/Checkout', '/admin/dashboard', '/products/abc?x=1']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it("names a page's lazily loaded code up front, in the copy of the page for its route", async () => {
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
    const shopJson = JSON.stringify(identityOf((JSON.parse(await page('/api/shop')) as { shop: Shop }).shop));
    const index = pageWithShop(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'), shopJson);
    expect(await page('/')).toMatch(/rel="modulepreload"[^>]+home-page-/);
    // The home page's drawing (a WebP copy, by width) and its sections' answers.
    expect(await page('/')).toMatch(
      /<link rel="preload" as="image" href="\/images\/hero-produce-480\.webp" imagesrcset="[^"]+960w"/,
    );
    expect(await page('/')).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/user/get/reviews?page=1&amp;limit=10">',
    );
    expect(await page('/products')).toMatch(/modulepreload[^>]+products-page-/);
    expect(await page('/products/mango')).toMatch(/modulepreload[^>]+products-page-/);
    // All products: the listing and the categories are fetched with the code; a search asks for other answers.
    expect(await page('/products')).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/product/getAllProducts">',
    );
    expect(await page('/products/mango')).not.toContain('as="fetch"');
    // A product's page (here an unknown product: a 404, with the page whose app says so).
    const product = await t.app.inject({ method: 'GET', url: '/product/abc?x=1' });
    expect(product.statusCode).toBe(404);
    expect(product.body).toMatch(/modulepreload[^>]+product-page-/);
    expect(await page('/order/checkout/')).toMatch(/modulepreload[^>]+checkout-page-/);
    const admin = await page('/admin/view/orders');
    expect(admin).toMatch(/modulepreload[^>]+admin-routes-/);
    expect(admin).toMatch(/modulepreload[^>]+orders-table-page-/);
    expect(admin).not.toMatch(/dashboard-page-/);
    // A shopper's page never names admin code; a route without its own copy gets index.html.
    expect(await page('/products')).not.toMatch(/admin/);
    expect(await page('/reset-password/a/b')).toBe(index);
    expect(await page('/no/such/page')).toBe(index);
  });

  it('answers HEAD on pages and files like GET, without a body', async () => {
    for (const url of [
      '/',
      '/products',
      '/Order/Checkout',
      '/admin/view/orders',
      '/no/such/page',
      '/robots.txt',
      '/favicon.svg',
    ]) {
      for (const acceptEncoding of ['gzip, br', '']) {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        const get = await t.app.inject({ method: 'GET', url, headers });
        const head = await t.app.inject({ method: 'HEAD', url, headers });
        expect(head.statusCode, url).toBe(200);
        expect(head.rawPayload.length, url).toBe(0);
        for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'vary', 'cache-control']) {
          expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
        }
      }
    }
  });

  it("writes a logged-in browser's user into the page; a visitor gets the built page", async () => {
    const sessionIn = (html: string) =>
      JSON.parse(/<script id="mandi-session" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '"missing"');
    for (const file of ['index.html', 'pages/home.html', 'pages/checkout.html']) {
      expect(fs.readFileSync(path.join(distDir, file), 'utf8'), file).toContain(SESSION_SLOT);
    }
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/Order/Checkout',
      headers: { cookie: 'token=not-a-session' },
    });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(sessionIn(visitor.body)).toBeNull();

    // A name that tries to end the script element stays inside it.
    const user = await createUser(t.db, { firstName: 'Asha</script><script>alert(1)</script>', lastName: 'Rao' });
    const cookie = await loginAs(t.app, user.email);
    for (const url of ['/', '/Order/Checkout', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie, 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      // Name, email and role are inside: no cache (browser back/forward, disk, proxy) may keep it.
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.vary, url).toBe('Accept-Encoding, Cookie');
      expect(response.headers.etag, url).toBeUndefined();
      expect(response.headers['content-encoding'], url).toBe('br');
      const html = zlib.brotliDecompressSync(response.rawPayload).toString();
      expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length);
      expect(html, url).not.toContain('</script><script>alert(1)');
      expect(sessionIn(html), url).toEqual({
        _id: user.id,
        firstName: user.firstName,
        lastName: 'Rao',
        email: user.email,
        role: 'User',
      });
    }
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(sessionIn(plain.body).email).toBe(user.email);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(plain.headers['content-length']);
    expect(head.headers['cache-control']).toBe('no-store');
  });

  it("writes the shop's profile into every page, kept for visitors, and a save shows on the next page", async () => {
    const shopIn = (html: string) =>
      JSON.parse(/<script id="mandi-shop" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '"missing"');
    for (const file of ['index.html', 'pages/home.html', 'pages/checkout.html']) {
      expect(fs.readFileSync(path.join(distDir, file), 'utf8'), file).toContain(SHOP_SLOT);
    }
    // A page carries the profile without its policies (their pages read them from GET /api/shop).
    const shopNow = async () =>
      identityOf((JSON.parse((await t.app.inject({ url: '/api/shop' })).body) as { shop: Shop }).shop);
    const before = await shopNow();
    const brotli = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
    for (const url of ['/', '/products', '/Order/Checkout', '/no/such/page']) {
      const response = await brotli(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(shopIn(zlib.brotliDecompressSync(response.rawPayload).toString()), url).toEqual(before);
      // Kept: the same bytes again, compressed once.
      expect((await brotli(url)).rawPayload.equals(response.rawPayload), url).toBe(true);
    }

    const admin = await createUser(t.db, { role: 'Admin' });
    const cookie = await loginAs(t.app, admin.email);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shop',
      headers: { cookie },
      payload: { name: 'Hari Sabzi', fssaiNumber: '10020011000123', about: 'Fresh <script>alert(1)</script>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await shopNow();
    expect(after).toMatchObject({ name: 'Hari Sabzi', fssaiNumber: '10020011000123', demo: false });
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      for (const url of ['/', '/Order/Checkout']) {
        const html = zlib.brotliDecompressSync((await brotli(url, headers)).rawPayload).toString();
        expect(html, url).not.toContain('<script>alert(1)');
        expect(shopIn(html), url).toEqual(after);
        // A real shop's page names itself: title, header and description (decision 0056).
        expect(html, url).toContain('<title>Hari Sabzi</title>');
        expect(html, url).toMatch(/text-green-800">Hari Sabzi<\/span>/);
        expect(html, url).toContain(
          '<meta name="description" content="Hari Sabzi: Fruit, vegetables and dairy, weighed and billed to the gram." />',
        );
        expect(html, url).not.toMatch(/organic|delivered free|<title>Mandi/);
      }
    }
  });

  it("leaves the demo's page head as built, and escapes a real shop's name in it", () => {
    const built = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const demo = pageWithShop(built, JSON.stringify({ name: 'Mandi', tagline: 'x', demo: true }));
    expect(demo).toContain('<title>Mandi</title>');
    const live = pageWithShop(built, JSON.stringify({ name: 'A & B $& Sons', tagline: '"Best" <b>', demo: false }));
    expect(live).toContain('<title>A &amp; B $&amp; Sons</title>');
    expect(live).toContain('<meta name="description" content="A &amp; B $&amp; Sons: &quot;Best&quot; &lt;b&gt;" />');
  });

  it('answers HEAD on GET API routes like GET, without a body', async () => {
    for (const url of [
      '/api/health',
      '/api/category/get',
      '/api/product/getAllProducts?limit=5',
      '/api/user/getloggeduser',
    ]) {
      const get = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.rawPayload.length, url).toBe(0);
      for (const name of ['content-type', 'content-length', 'content-encoding', 'cache-control']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
    }
  });

  it('keeps missing API routes and missing build files as 404 for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/api/nothing-here', '/assets/index-old.js']) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      }
    }
  });
});

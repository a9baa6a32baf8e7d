/**
 * Issue 42 ("Go live without embarrassment"), two items of the catalogue:
 * - pictures optional for a real shop (decision 0057): the demo keeps the spec's 400 for an add
 *   without one; a real shop adds and updates items without one, and every picture field answers
 *   the placeholder the image route draws from the item's name (a cacheable SVG);
 * - categories with a Hindi name (`categoryNameHi`): optional, as long as the name may be, kept
 *   by an update that does not send it, and answered beside the spec's fields.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { NAME_MAX_LENGTH, placeholderImageUrl } from '@mandi/shared';
import {
  adminProductsAnswerSchema,
  categoriesAnswerSchema,
  newCategoryAnswerSchema,
  newProductAnswerSchema,
  productAnswerSchema,
} from '@mandi/shared/schemas';
import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createUser, loginAs } from '../../../test/factories.js';
import { images } from '../../db/schema.js';
import { drawPlaceholder, nameLines } from '../media/placeholder-image.js';
import { productPageHead } from './catalog.page-head.js';
import type { ProductView } from './catalog.presenter.js';

interface Shop {
  t: TestApp;
  adminCookie: string;
}

let real: Shop;
let demo: Shop;
let png: Buffer;

async function shopOf(env: Record<string, string>): Promise<Shop> {
  const t = await buildTestApp(env);
  const admin = await createUser(t.db, { role: 'Admin' });
  return { t, adminCookie: await loginAs(t.app, admin.email) };
}

beforeAll(async () => {
  // A database started with SEED=none is a real shop (demo: false); SEED=demo is the demo.
  [real, demo] = await Promise.all([shopOf({}), shopOf({ SEED: 'demo' })]);
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2a9d3a' } })
    .png()
    .toBuffer();
}, 60_000);
afterAll(async () => {
  await real?.t.close();
  await demo?.t.close();
});

function multipart(parts: Record<string, string>): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----mandi-pictures';
  const text = Object.entries(parts)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return {
    payload: Buffer.from(`${text}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function write(
  shop: Shop,
  method: 'POST' | 'PUT',
  url: string,
  content: { json: Record<string, unknown> } | { parts: Record<string, string> },
) {
  const form = 'json' in content ? { payload: content.json } : multipart(content.parts);
  return shop.t.app.inject({ method, url, ...form, headers: { ...form.headers, cookie: shop.adminCookie } });
}

const get = (shop: Shop, url: string) => shop.t.app.inject({ url });
const imageCount = async (shop: Shop) => Number((await shop.t.db.select({ n: count() }).from(images))[0]?.n);
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

async function addCategory(shop: Shop, fields: Record<string, string>) {
  const response = await write(shop, 'POST', '/api/category/add', { parts: fields });
  expect(response.statusCode, response.body).toBe(201);
  return newCategoryAnswerSchema.parse(body(response)).newCategory;
}

const productFields = (category: string, name: string) => ({
  name,
  rate: 120,
  stocks: 8,
  category,
  kilogramOption: ['0.5', '1'],
});

describe('pictures: the demo keeps the spec’s rule', () => {
  it('refuses a category or a product added without a picture with the same 400 as before', async () => {
    const before = await imageCount(demo);
    const category = await write(demo, 'POST', '/api/category/add', { json: { categoryName: 'Pickles' } });
    expect(category.statusCode).toBe(400);
    expect(body(category)).toEqual({
      success: false,
      message: 'Category image is required',
      code: 'categoryImageRequired',
      values: {},
    });
    const vegetables = await addCategory(demo, { categoryName: 'Vegetables', categoryImage: dataUrl(png) });
    const product = await write(demo, 'POST', '/api/product/add', {
      json: productFields(vegetables._id, 'Mango Pickle'),
    });
    expect(product.statusCode).toBe(400);
    expect(body(product)).toMatchObject({ success: false, message: ['Image is required'] });
    // Only the picture of the category that was added is stored.
    expect(await imageCount(demo)).toBe(before + 1);
  });
});

describe('pictures: a real shop may leave them out', () => {
  it('adds a category and a product without one; every picture field answers the placeholder of its name', async () => {
    const before = await imageCount(real);
    const pickles = await addCategory(real, { categoryName: 'Pickles' });
    expect(pickles.categoryImage).toBe('/api/images/placeholder/v1.svg?name=Pickles');

    const added = await write(real, 'POST', '/api/product/add', { json: productFields(pickles._id, 'Mango Pickle') });
    expect(added.statusCode, added.body).toBe(201);
    const { newProduct } = newProductAnswerSchema.parse(body(added));
    expect(newProduct.url).toBe('/api/images/placeholder/v1.svg?name=Mango%20Pickle');
    expect(newProduct.category.categoryImage).toBe(pickles.categoryImage);
    expect(await imageCount(real)).toBe(before);

    // The shop's reads, each in the shape the spec's client reads: a picture is an image URL.
    const categories = categoriesAnswerSchema.parse(body(await get(real, '/api/category/get'))).Categories;
    expect(categories.find((one) => one._id === pickles._id)?.categoryImage).toBe(pickles.categoryImage);
    const single = productAnswerSchema.parse(body(await get(real, `/api/product/getSingleProduct/${newProduct._id}`)));
    expect(single.product.url).toBe(newProduct.url);
    const reads = [
      `/api/product/getAllProducts?category=${pickles._id}`,
      '/api/product/recent/products',
      '/api/product/suggest?q=mango',
    ];
    for (const url of reads) {
      const answer = body<{ products?: { url: string }[]; suggestions?: { url: string }[] }>(await get(real, url));
      expect(answer.products ?? answer.suggestions, url).toContainEqual(
        expect.objectContaining({ url: newProduct.url }),
      );
    }
    const admin = await real.t.app.inject({ url: '/api/admin/products', headers: { cookie: real.adminCookie } });
    expect(adminProductsAnswerSchema.parse(body(admin)).products).toContainEqual(
      expect.objectContaining({ _id: newProduct._id, url: newProduct.url }),
    );

    // The placeholder is there to be shown.
    const picture = await get(real, newProduct.url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(picture.body).toContain('>Mango Pickle</text>');
  });

  it('updates an item without a picture: the placeholder follows a rename, a picture sent later replaces it', async () => {
    const category = await addCategory(real, { categoryName: 'Chutneys', categoryNameHi: 'चटनी' });
    const renamed = await write(real, 'PUT', `/api/category/update/${category._id}`, {
      parts: { categoryName: 'Chutneys & Dips' },
    });
    expect(renamed.statusCode).toBe(200);
    const { newProduct } = newProductAnswerSchema.parse(
      body(await write(real, 'POST', '/api/product/add', { json: productFields(category._id, 'Mint Chutney') })),
    );
    expect(newProduct.category).toEqual({
      _id: category._id,
      categoryName: 'Chutneys & Dips',
      categoryNameHi: 'चटनी',
      categoryImage: placeholderImageUrl('Chutneys & Dips'),
    });

    const update = await write(real, 'PUT', `/api/product/update/${newProduct._id}`, {
      json: productFields(category._id, 'Pudina Chutney'),
    });
    expect(update.statusCode).toBe(200);
    const read = async () =>
      productAnswerSchema.parse(body(await get(real, `/api/product/getSingleProduct/${newProduct._id}`))).product;
    expect((await read()).url).toBe(placeholderImageUrl('Pudina Chutney'));

    const withPicture = await write(real, 'PUT', `/api/product/update/${newProduct._id}`, {
      json: { ...productFields(category._id, 'Pudina Chutney'), image: dataUrl(png) },
    });
    expect(withPicture.statusCode).toBe(200);
    const stored = (await read()).url;
    expect(stored).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    expect((await get(real, stored)).headers['content-type']).toBe('image/webp');
  });

  it('gives a product page a placeholder as its picture, never asking the image route to resize it', () => {
    const product = {
      _id: '00000000-0000-4000-8000-000000000001',
      name: 'Mango Pickle',
      aliases: [],
      url: placeholderImageUrl('Mango Pickle'),
      rate: 120,
      stocks: 8,
      kilogramOption: [{ $numberDecimal: '1' }],
      category: {
        _id: 'c',
        categoryName: 'Pickles',
        categoryNameHi: '',
        categoryImage: placeholderImageUrl('Pickles'),
      },
      createdAt: '2026-01-01T00:00:00.000Z',
      hsnCode: '2001',
      gstRate: 12,
      unit: 'kg',
    } satisfies ProductView;
    const head = productPageHead(product, 'https://shop.example.in', 'Sharma Sabzi');
    expect(Object.fromEntries(head.openGraph)['og:image']).toBe(
      'https://shop.example.in/api/images/placeholder/v1.svg?name=Mango%20Pickle',
    );
  });
});

describe('the placeholder picture', () => {
  it('is an SVG kept for good, with nothing of the name able to act as markup', async () => {
    const name = 'Tom & "Jerry" <script>alert(1)</script>';
    const response = await get(real, placeholderImageUrl(name));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.body).not.toMatch(/<script|"Jerry"/);
    expect(response.body).toContain('Tom &#38; &#34;Jerry&#34; &#60;script&#62;');
    // A well-formed picture: an SVG reader draws it at its size.
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'svg', width: 400, height: 400 });
  });

  it('draws the initial in the shop’s green and amber, and the shop’s mark for an item with no name', async () => {
    const svg = drawPlaceholder('okra');
    expect(svg).toContain('fill="#166534" stroke="#fbbf24"');
    expect(svg).toMatch(/>O<\/text>/);
    expect(drawPlaceholder('आलू')).toMatch(/>आ<\/text>/);
    expect(drawPlaceholder('(Loose) onions')).toMatch(/>L<\/text>/);
    const mark = (await get(real, placeholderImageUrl('  '))).body;
    expect(mark).toContain('<path');
    expect(mark).not.toContain('<circle');
  });

  it('writes a long name in two lines of whole words, cut with an ellipsis', () => {
    expect(nameLines('Mango Pickle')).toEqual(['Mango Pickle']);
    expect(nameLines('Nagpur Orange Premium Box')).toEqual(['Nagpur Orange', 'Premium Box']);
    expect(nameLines('Alphonso Mango Ratnagiri Export Quality Carton')).toEqual(['Alphonso Mango', 'Ratnagiri Expor…']);
    expect(nameLines('Superextralongproductname')).toEqual(['Superextralongpr', 'oductname']);
  });
});

describe('categories with a Hindi name', () => {
  it('adds one with its Hindi name; the category API and its products answer it beside the spec’s fields', async () => {
    const added = await addCategory(real, { categoryName: 'Vegetables', categoryNameHi: '  ताज़ी   सब्ज़ियाँ ' });
    expect(added.categoryNameHi).toBe('ताज़ी सब्ज़ियाँ');
    const listed = categoriesAnswerSchema
      .parse(body(await get(real, '/api/category/get')))
      .Categories.find((one) => one._id === added._id);
    expect(listed).toEqual({
      _id: added._id,
      categoryName: 'Vegetables',
      categoryNameHi: 'ताज़ी सब्ज़ियाँ',
      categoryImage: placeholderImageUrl('Vegetables'),
    });
    const { newProduct } = newProductAnswerSchema.parse(
      body(await write(real, 'POST', '/api/product/add', { json: productFields(added._id, 'Bhindi') })),
    );
    expect(newProduct.category.categoryNameHi).toBe('ताज़ी सब्ज़ियाँ');
    // Without one, an empty text: the shop shows the English name.
    expect((await addCategory(real, { categoryName: 'Spices' })).categoryNameHi).toBe('');
  });

  it('keeps it through an update that does not send it (the spec’s client), and empties it when sent empty', async () => {
    const category = await addCategory(real, { categoryName: 'Dairy', categoryNameHi: 'डेयरी' });
    const hindiName = async () =>
      categoriesAnswerSchema
        .parse(body(await get(real, '/api/category/get')))
        .Categories.find((one) => one._id === category._id)?.categoryNameHi;

    const specClient = await write(real, 'PUT', `/api/category/update/${category._id}`, {
      parts: { categoryName: 'Dairy & Eggs' },
    });
    expect(specClient.statusCode).toBe(200);
    expect(await hindiName()).toBe('डेयरी');

    await write(real, 'PUT', `/api/category/update/${category._id}`, {
      json: { categoryName: 'Dairy & Eggs', categoryNameHi: 'दूध-दही' },
    });
    expect(await hindiName()).toBe('दूध-दही');

    await write(real, 'PUT', `/api/category/update/${category._id}`, {
      parts: { categoryName: 'Dairy & Eggs', categoryNameHi: '' },
    });
    expect(await hindiName()).toBe('');
  });

  it('refuses one longer than a name may be, or not text, and saves nothing', async () => {
    const longest = 'फ'.repeat(NAME_MAX_LENGTH);
    expect((await addCategory(real, { categoryName: 'Fruits', categoryNameHi: longest })).categoryNameHi).toBe(longest);

    const tooLong = await write(real, 'POST', '/api/category/add', {
      parts: { categoryName: 'Exotic Fruits', categoryNameHi: `${longest}फ` },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong)).toMatchObject({
      code: 'categoryNameHiTooLong',
      values: { max: NAME_MAX_LENGTH },
      message: `Category name in Hindi must be at most ${NAME_MAX_LENGTH} characters`,
    });
    const notText = await write(real, 'POST', '/api/category/add', {
      json: { categoryName: 'Exotic Fruits', categoryNameHi: 7 },
    });
    expect(notText.statusCode).toBe(400);
    expect(body(notText)).toMatchObject({ code: 'categoryNameHiNotText' });
    const names = categoriesAnswerSchema
      .parse(body(await get(real, '/api/category/get')))
      .Categories.map((one) => one.categoryName);
    expect(names).not.toContain('Exotic Fruits');
  });
});

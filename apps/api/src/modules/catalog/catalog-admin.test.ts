import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser, loginAs } from '../../../test/factories.js';
import { orderItems, orders } from '../../db/schema.js';

let t: TestApp;
let adminCookie: string;
let userCookie: string;
let png: Buffer;
let jpeg: Buffer;

async function sessionCookie(role: 'Admin' | 'User'): Promise<string> {
  const user = await createUser(t.db, { role });
  return loginAs(t.app, user.email);
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mandi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (name: string, data: Buffer, filename = 'picture.png', type = 'image/png'): Part => ({
  name,
  filename,
  type,
  data,
});
const field = (name: string, value: string): Part => ({ name, value });
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string | null,
  content?: { parts: Part[] } | { json: Record<string, unknown> },
) {
  const options: InjectOptions = { method, url, headers: cookie ? { cookie } : {} };
  if (content && 'parts' in content) {
    const form = multipart(content.parts);
    options.payload = form.payload;
    options.headers = { ...options.headers, ...form.headers };
  } else if (content) {
    options.payload = content.json;
  }
  return t.app.inject(options);
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
let truncatedPng: Buffer;
const sixMegabytes = () => randomBytes(6 * 1024 * 1024);

beforeAll(async () => {
  // The demo shop, which keeps the spec's rules: an item is added with its picture. A real shop's
  // items without one are catalog-pictures.test.ts (decision 0057).
  t = await buildTestApp({ SEED: 'demo' });
  adminCookie = await sessionCookie('Admin');
  userCookie = await sessionCookie('User');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a9d3a' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#e63946' } })
    .jpeg()
    .toBuffer();
  // A real PNG cut in half: the header says PNG but the picture cannot be decoded.
  const noisy = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .png()
    .toBuffer();
  truncatedPng = noisy.subarray(0, Math.floor(noisy.length / 2));
});
afterAll(() => t.close());

const imageStatus = async (url: string) => (await t.app.inject({ url })).statusCode;

describe('admin guard on every catalogue write', () => {
  const routes: ['POST' | 'PUT' | 'DELETE', string][] = [
    ['POST', '/api/category/add'],
    ['PUT', '/api/category/update/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/category/delete/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/product/add'],
    ['PUT', '/api/product/update/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/product/delete/00000000-0000-4000-8000-000000000000'],
  ];
  it.each(routes)('%s %s: 401 for a visitor, 403 for a User', async (method, url) => {
    const content = method === 'DELETE' ? undefined : { json: { categoryName: 'X', name: 'X' } };
    const visitor = await send(method, url, null, content);
    expect(visitor.statusCode).toBe(401);
    expect(body(visitor).success).toBe(false);
    const user = await send(method, url, userCookie, content);
    expect(user.statusCode).toBe(403);
    expect(body(user).success).toBe(false);
  });
});

describe('categories', () => {
  it('adds a category from a file part and serves its image', async () => {
    const response = await send('POST', '/api/category/add', adminCookie, {
      parts: [field('categoryName', '  Leafy Greens '), file('categoryImage', png)],
    });
    expect(response.statusCode).toBe(201);
    const data = body<{
      success: boolean;
      message: string;
      newCategory: { _id: string; categoryName: string; categoryImage: string };
    }>(response);
    expect(data).toMatchObject({
      success: true,
      message: 'Category Added',
      newCategory: { categoryName: 'Leafy Greens' },
    });
    expect(data.newCategory.categoryImage).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const image = await t.app.inject({ url: data.newCategory.categoryImage });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const list = body<{ Categories: { categoryName: string }[] }>(await t.app.inject({ url: '/api/category/get' }));
    expect(list.Categories.map((c) => c.categoryName)).toContain('Leafy Greens');
  });

  it('adds a category from JSON with a data URL', async () => {
    const response = await send('POST', '/api/category/add', adminCookie, {
      json: { categoryName: 'Exotic Fruits', categoryImage: dataUrl(jpeg, 'image/jpeg') },
    });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({ success: true, newCategory: { categoryName: 'Exotic Fruits' } });
  });

  it('refuses a duplicate name (any case) with 409 and a missing name or image with 400', async () => {
    const duplicate = await send('POST', '/api/category/add', adminCookie, {
      parts: [field('categoryName', 'leafy GREENS'), file('categoryImage', png)],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate).message).toMatch(/already exists/);

    const noName = await send('POST', '/api/category/add', adminCookie, { parts: [file('categoryImage', png)] });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('Category name is required');

    const noImage = await send('POST', '/api/category/add', adminCookie, { json: { categoryName: 'Spices' } });
    expect(noImage.statusCode).toBe(400);
    expect(body(noImage).message).toBe('Category image is required');

    const tooLong = await send('POST', '/api/category/add', adminCookie, {
      json: { categoryName: 'x'.repeat(61), categoryImage: dataUrl(png) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('updates the name, keeps the image when none is sent, replaces it when one is', async () => {
    const added = body<{ newCategory: { _id: string; categoryImage: string } }>(
      await send('POST', '/api/category/add', adminCookie, {
        json: { categoryName: 'Dairy', categoryImage: dataUrl(png) },
      }),
    ).newCategory;

    const renamed = await send('PUT', `/api/category/update/${added._id}`, adminCookie, {
      parts: [field('categoryName', 'Dairy & Eggs')],
    });
    expect(renamed.statusCode).toBe(200);
    expect(body(renamed)).toEqual({ success: true, message: 'Category Updated', code: 'categoryUpdated', values: {} });
    const afterRename = body<{ Categories: { _id: string; categoryName: string; categoryImage: string }[] }>(
      await t.app.inject({ url: '/api/category/get' }),
    ).Categories.find((c) => c._id === added._id);
    expect(afterRename).toMatchObject({ categoryName: 'Dairy & Eggs', categoryImage: added.categoryImage });

    const replaced = await send('PUT', `/api/category/update/${added._id}`, adminCookie, {
      json: { categoryName: 'Dairy & Eggs', categoryImage: dataUrl(jpeg, 'image/jpeg') },
    });
    expect(replaced.statusCode).toBe(200);
    const afterReplace = body<{ Categories: { _id: string; categoryImage: string }[] }>(
      await t.app.inject({ url: '/api/category/get' }),
    ).Categories.find((c) => c._id === added._id);
    expect(afterReplace?.categoryImage).not.toBe(added.categoryImage);
    expect(await imageStatus(added.categoryImage)).toBe(404);
    expect(await imageStatus(afterReplace?.categoryImage ?? '')).toBe(200);
  });

  it('refuses an update without a name, to another category name, or of an unknown id', async () => {
    const category = await createCategory(t.db, 'Pulses');
    await createCategory(t.db, 'Grains');
    const blank = await send('PUT', `/api/category/update/${category.id}`, adminCookie, {
      json: { categoryName: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    const taken = await send('PUT', `/api/category/update/${category.id}`, adminCookie, {
      json: { categoryName: 'grains' },
    });
    expect(taken.statusCode).toBe(409);
    // Changing only the case of its own name is fine.
    const sameName = await send('PUT', `/api/category/update/${category.id}`, adminCookie, {
      json: { categoryName: 'PULSES' },
    });
    expect(sameName.statusCode).toBe(200);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await send('PUT', `/api/category/update/${id}`, adminCookie, { json: { categoryName: 'Any' } });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('refuses to delete a category that still has products, then deletes it and its image', async () => {
    const added = body<{ newCategory: { _id: string; categoryImage: string } }>(
      await send('POST', '/api/category/add', adminCookie, {
        json: { categoryName: 'Herbs', categoryImage: dataUrl(png) },
      }),
    ).newCategory;
    const product = await createProduct(t.db, { categoryId: added._id });
    await createProduct(t.db, { categoryId: added._id });

    const refused = await send('DELETE', `/api/category/delete/${added._id}`, adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('Category still has 2 products: move or delete them first');

    await send('DELETE', `/api/product/delete/${product.id}`, adminCookie);
    const others = body<{ products: { _id: string }[] }>(
      await t.app.inject({ url: `/api/product/getAllProducts?category=${added._id}` }),
    ).products;
    for (const other of others) await send('DELETE', `/api/product/delete/${other._id}`, adminCookie);

    const deleted = await send('DELETE', `/api/category/delete/${added._id}`, adminCookie);
    expect(deleted.statusCode).toBe(200);
    expect(body(deleted)).toMatchObject({
      success: true,
      message: 'Category Deleted',
      DeletedCategory: { _id: added._id, categoryName: 'Herbs' },
    });
    expect(await imageStatus(added.categoryImage)).toBe(404);
    const again = await send('DELETE', `/api/category/delete/${added._id}`, adminCookie);
    expect(again.statusCode).toBe(404);
    expect((await send('DELETE', '/api/category/delete/not-an-id', adminCookie)).statusCode).toBe(404);
  });
});

describe('uploads are judged by decoding the bytes', () => {
  const bad: [string, () => Part, number][] = [
    ['an SVG', () => file('categoryImage', SVG, 'logo.svg', 'image/svg+xml'), 400],
    ['HTML renamed .png', () => file('categoryImage', HTML, 'cat.png', 'image/png'), 400],
    ['a truncated PNG', () => file('categoryImage', truncatedPng, 'cut.png', 'image/png'), 400],
    ['a 6 MB file', () => file('categoryImage', sixMegabytes(), 'huge.png', 'image/png'), 413],
  ];

  it.each(bad)('refuses %s as a file part and stores nothing', async (_label, part, status) => {
    const before = body<{ Categories: unknown[] }>(await t.app.inject({ url: '/api/category/get' })).Categories.length;
    const response = await send('POST', '/api/category/add', adminCookie, {
      parts: [field('categoryName', `Bad ${randomBytes(3).toString('hex')}`), part()],
    });
    expect(response.statusCode).toBe(status);
    expect(body(response)).toMatchObject({ success: false, message: expect.any(String) });
    const after = body<{ Categories: unknown[] }>(await t.app.inject({ url: '/api/category/get' })).Categories.length;
    expect(after).toBe(before);
  });

  it.each(bad)('refuses %s as a data URL', async (_label, part, status) => {
    const bytes = (part() as { data: Buffer }).data;
    const response = await send('POST', '/api/category/add', adminCookie, {
      json: { categoryName: `Bad ${randomBytes(3).toString('hex')}`, categoryImage: dataUrl(bytes) },
    });
    expect(response.statusCode).toBe(status);
    expect(body(response).success).toBe(false);
  });

  it('refuses a data URL that is not an image URL and a broken multipart body', async () => {
    const notDataUrl = await send('POST', '/api/category/add', adminCookie, {
      json: { categoryName: 'Links', categoryImage: 'https://example.com/a.png' },
    });
    expect(notDataUrl.statusCode).toBe(400);

    const form = multipart([field('categoryName', 'Broken'), file('categoryImage', png)]);
    const cut = form.payload.subarray(0, form.payload.length - 60);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/category/add',
      headers: { ...form.headers, cookie: adminCookie },
      payload: cut,
    });
    expect(broken.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/category/add',
      headers: { 'content-type': 'multipart/form-data', cookie: adminCookie },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('refuses other content types with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/category/add',
      headers: { 'content-type': 'text/plain', cookie: adminCookie },
      payload: 'categoryName=x',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('products', () => {
  let category: { id: string };
  beforeAll(async () => {
    category = await createCategory(t.db, 'Vegetables');
  });

  const productParts = (
    overrides: Partial<Record<string, string | string[]>> = {},
    image: Part | null = null,
  ): Part[] => {
    const values: Record<string, string | string[]> = {
      name: 'Desi Tomato',
      rate: '38.5',
      stocks: '120.250',
      category: category.id,
      kilogramOption: ['0.5', '1', '2'],
      ...overrides,
    };
    const parts: Part[] = [];
    for (const [name, value] of Object.entries(values)) {
      for (const one of Array.isArray(value) ? value : [value]) parts.push(field(name, one));
    }
    if (image) parts.push(image);
    return parts;
  };

  it('adds a product from a file part; it appears in the listing with its image url', async () => {
    const response = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts({}, file('image', png)),
    });
    expect(response.statusCode).toBe(201);
    const { newProduct, message } = body<{
      message: string;
      newProduct: {
        _id: string;
        url: string;
        rate: number;
        stocks: number;
        kilogramOption: unknown[];
        category: unknown;
      };
    }>(response);
    expect(message).toBe('Product Added');
    expect(newProduct).toMatchObject({
      name: 'Desi Tomato',
      rate: 38.5,
      stocks: 120.25,
      kilogramOption: [{ $numberDecimal: '0.5' }, { $numberDecimal: '1' }, { $numberDecimal: '2' }],
      category: { _id: category.id, categoryName: 'Vegetables' },
    });
    expect(newProduct.url).toMatch(/^\/api\/images\//);
    const listed = body<{ products: { _id: string; url: string }[] }>(
      await t.app.inject({ url: '/api/product/getAllProducts?keyword=desi tomato' }),
    ).products;
    expect(listed).toEqual([expect.objectContaining({ _id: newProduct._id, url: newProduct.url })]);
    expect(await imageStatus(newProduct.url)).toBe(200);
  });

  it('adds a product from JSON with numbers, one weight and a data URL', async () => {
    const response = await send('POST', '/api/product/add', adminCookie, {
      json: {
        name: 'Kashmiri Apple',
        rate: 180,
        stocks: 0,
        category: category.id,
        kilogramOption: 1.5,
        image: dataUrl(jpeg, 'image/jpeg'),
      },
    });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({
      success: true,
      newProduct: { name: 'Kashmiri Apple', rate: 180, stocks: 0, kilogramOption: [{ $numberDecimal: '1.5' }] },
    });
  });

  it('reports every problem of a bad product as a list and stores nothing', async () => {
    const before = body<{ productsDocCount: number }>(
      await t.app.inject({ url: '/api/product/getAllProducts' }),
    ).productsDocCount;
    const response = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts(
        {
          name: ' ',
          rate: '-3',
          stocks: '1.2345',
          kilogramOption: ['0.73', '26'],
          category: '00000000-0000-4000-8000-000000000000',
        },
        file('image', HTML, 'x.png'),
      ),
    });
    expect(response.statusCode).toBe(400);
    const { message } = body<{ message: string[] }>(response);
    expect(message).toEqual([
      'Name is required',
      'Rate must be a number, 0 or more',
      'Stocks may have at most 3 decimal places',
      'kilogramOption: 0.73 is not a multiple of 0.05 from 0.05 to 25 (kg)',
      'Category does not exist',
      expect.stringMatching(/image could not be read|Only JPEG/i),
    ]);
    const after = body<{ productsDocCount: number }>(
      await t.app.inject({ url: '/api/product/getAllProducts' }),
    ).productsDocCount;
    expect(after).toBe(before);
  });

  it('lists missing fields, including the image, and rejects non-numbers', async () => {
    const empty = await send('POST', '/api/product/add', adminCookie, { json: {} });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toEqual([
      'Name is required',
      'Rate is required',
      'Stocks is required',
      'Choose at least one weight option',
      'Category is required',
      'Image is required',
    ]);
    const words = await send('POST', '/api/product/add', adminCookie, {
      json: {
        name: 'x'.repeat(81),
        rate: 'ten',
        stocks: '5',
        category: category.id,
        kilogramOption: ['1'],
        image: dataUrl(png),
      },
    });
    expect(body(words).message).toEqual(['Name must be at most 80 characters', 'Rate must be a number, 0 or more']);
    // A ₹0 rate is refused, as the rate board refuses it (decision 0055).
    const free = await send('POST', '/api/product/add', adminCookie, {
      json: { name: 'Lime', rate: '0', stocks: '5', category: category.id, kilogramOption: ['1'], image: dataUrl(png) },
    });
    expect(free.statusCode).toBe(400);
    expect(body(free)).toMatchObject({ message: ['Rate must be more than ₹0'] });
    const cents = await send('POST', '/api/product/add', adminCookie, {
      json: {
        name: 'Lime',
        rate: '1.999',
        stocks: '5',
        category: category.id,
        kilogramOption: ['1'],
        image: dataUrl(png),
      },
    });
    expect(body(cents).message).toEqual(['Rate may have at most 2 decimal places']);
  });

  it.each([
    ['an SVG', SVG, 400],
    ['HTML renamed .png', HTML, 400],
    ['a 6 MB file', null, 413],
  ] as const)('refuses %s as the product image, with a list message', async (_label, bytes, status) => {
    const image = bytes ?? sixMegabytes();
    const asFile = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts({}, file('image', image)),
    });
    expect(asFile.statusCode).toBe(status);
    expect(Array.isArray(body(asFile).message)).toBe(true);
    const asDataUrl = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts({}, field('image', dataUrl(image))),
    });
    expect(asDataUrl.statusCode).toBe(status);
  });

  it('answers 401 and 403 on product writes with list messages too', async () => {
    const visitor = await send('POST', '/api/product/add', null, { json: {} });
    expect(body(visitor).message).toEqual([expect.any(String)]);
  });

  it('updates a product without an image, then with one (the old image stops being served)', async () => {
    const added = body<{ newProduct: { _id: string; url: string } }>(
      await send('POST', '/api/product/add', adminCookie, {
        parts: productParts({ name: 'Okra' }, file('image', png)),
      }),
    ).newProduct;
    const other = await createCategory(t.db, 'Greens');

    const update = await send('PUT', `/api/product/update/${added._id}`, adminCookie, {
      parts: productParts({ name: 'Tender Okra', rate: '64', stocks: '3', category: other.id, kilogramOption: '0.5' }),
    });
    expect(update.statusCode).toBe(200);
    expect(body(update)).toEqual({ success: true, message: 'Product Updated', code: 'productUpdated', values: {} });
    const single = body<{ product: Record<string, unknown> }>(
      await t.app.inject({ url: `/api/product/getSingleProduct/${added._id}` }),
    ).product;
    expect(single).toMatchObject({
      name: 'Tender Okra',
      rate: 64,
      stocks: 3,
      url: added.url,
      kilogramOption: [{ $numberDecimal: '0.5' }],
      category: { _id: other.id, categoryName: 'Greens' },
    });

    const withImage = await send('PUT', `/api/product/update/${added._id}`, adminCookie, {
      json: {
        name: 'Tender Okra',
        rate: 64,
        stocks: 3,
        category: other.id,
        kilogramOption: ['1'],
        image: dataUrl(jpeg),
      },
    });
    expect(withImage.statusCode).toBe(200);
    const after = body<{ product: { url: string } }>(
      await t.app.inject({ url: `/api/product/getSingleProduct/${added._id}` }),
    ).product;
    expect(after.url).not.toBe(added.url);
    expect(await imageStatus(added.url)).toBe(404);
    expect(await imageStatus(after.url)).toBe(200);

    const bad = await send('PUT', `/api/product/update/${added._id}`, adminCookie, {
      json: { name: 'Okra', rate: 'x', stocks: 3, category: other.id, kilogramOption: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toEqual(['Rate must be a number, 0 or more', 'Choose at least one weight option']);

    for (const id of ['123', '00000000-0000-4000-8000-000000000000']) {
      const missing = await send('PUT', `/api/product/update/${id}`, adminCookie, { parts: productParts() });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('takes other names as a comma-separated field: trimmed, deduplicated, kept by an update without it', async () => {
    const response = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts({ name: 'Agra Potato', aliases: ' aloo , आलू,, Aloo, batata ' }, file('image', png)),
    });
    expect(response.statusCode).toBe(201);
    const added = body<{ newProduct: { _id: string; aliases: string[] } }>(response).newProduct;
    expect(added.aliases).toEqual(['aloo', 'आलू', 'batata']);
    const suggest = async (q: string) =>
      body<{ suggestions: { name: string }[] }>(
        await t.app.inject({ url: `/api/product/suggest?q=${encodeURIComponent(q)}` }),
      ).suggestions.map((s) => s.name);
    expect(await suggest('आलू')).toEqual(['Agra Potato']);

    // An update from a form without the field keeps the aliases; an empty field clears them.
    await send('PUT', `/api/product/update/${added._id}`, adminCookie, {
      parts: productParts({ name: 'Agra Potato' }),
    });
    const product = async () =>
      body<{ product: { aliases: string[] } }>(
        await t.app.inject({ url: `/api/product/getSingleProduct/${added._id}` }),
      ).product;
    expect((await product()).aliases).toEqual(['aloo', 'आलू', 'batata']);
    const renamed = await send('PUT', `/api/product/update/${added._id}`, adminCookie, {
      json: { name: 'Agra Potato', rate: 30, stocks: 5, category: category.id, kilogramOption: [1], aliases: ['alu'] },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await product()).aliases).toEqual(['alu']);
    // The suggestion cache was dropped by the write.
    expect(await suggest('आलू')).toEqual([]);
    expect(await suggest('alu')).toEqual(['Agra Potato']);
    await send('PUT', `/api/product/update/${added._id}`, adminCookie, {
      parts: productParts({ name: 'Agra Potato', aliases: ' , ' }),
    });
    expect((await product()).aliases).toEqual([]);
  });

  it('refuses other names that are too long, too many or not text, with the other problems', async () => {
    const before = body<{ productsDocCount: number }>(
      await t.app.inject({ url: '/api/product/getAllProducts' }),
    ).productsDocCount;
    const tooLong = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts({ name: '', aliases: `aloo, ${'x'.repeat(61)}` }, file('image', png)),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).message).toEqual([
      'Name is required',
      expect.stringMatching(/^Each other name must be at most 60 characters/),
    ]);
    const tooMany = await send('POST', '/api/product/add', adminCookie, {
      parts: productParts(
        { aliases: Array.from({ length: 21 }, (_, i) => `name ${i}`).join(', ') },
        file('image', png),
      ),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).message).toEqual(['At most 20 other names, separated by commas']);
    const notText = await send('POST', '/api/product/add', adminCookie, {
      json: { name: 'Onion', rate: 30, stocks: 5, category: category.id, kilogramOption: [1], aliases: [{ x: 1 }] },
    });
    expect(notText.statusCode).toBe(400);
    expect(body(notText).message).toEqual(['Other names must be text, separated by commas', 'Image is required']);
    const after = body<{ productsDocCount: number }>(
      await t.app.inject({ url: '/api/product/getAllProducts' }),
    ).productsDocCount;
    expect(after).toBe(before);
  });

  it('deletes a product (and its image); unknown ids are 404', async () => {
    const added = body<{ newProduct: { _id: string; url: string } }>(
      await send('POST', '/api/product/add', adminCookie, {
        parts: productParts({ name: 'Radish' }, file('image', png)),
      }),
    ).newProduct;
    const response = await send('DELETE', `/api/product/delete/${added._id}`, adminCookie);
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, message: 'Product Deleted', code: 'productDeleted', values: {} });
    expect((await t.app.inject({ url: `/api/product/getSingleProduct/${added._id}` })).statusCode).toBe(404);
    expect(await imageStatus(added.url)).toBe(404);
    expect((await send('DELETE', `/api/product/delete/${added._id}`, adminCookie)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/product/delete/x', adminCookie)).statusCode).toBe(404);
  });

  it('keeps past order lines readable: the line loses its product link but keeps name, rate and picture', async () => {
    const added = body<{ newProduct: { _id: string; url: string } }>(
      await send('POST', '/api/product/add', adminCookie, {
        parts: productParts({ name: 'Sold Beans' }, file('image', png)),
      }),
    ).newProduct;
    const [order] = await t.db
      .insert(orders)
      .values({
        customerFirstName: 'Asha',
        customerLastName: 'Patel',
        totalPaise: 1925,
        estimatedTotalPaise: 1925,
        address: '1 Road',
        city: 'Pune',
        mobileNumber: '9876543210',
        pinCode: '411001',
      })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order?.id as string,
      productId: added._id,
      name: 'Sold Beans',
      imageUrl: added.url,
      quantityGrams: 500,
      ratePaise: 3850,
      amountPaise: 1925,
      position: 0,
    });
    expect((await send('DELETE', `/api/product/delete/${added._id}`, adminCookie)).statusCode).toBe(200);
    const [line] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order?.id as string));
    expect(line).toMatchObject({ productId: null, name: 'Sold Beans', ratePaise: 3850, imageUrl: added.url });
    expect(await imageStatus(added.url)).toBe(200);
  });
});

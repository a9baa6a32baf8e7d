/**
 * Search the way shoppers type (api-contract-operations.md): keyword listing and suggestions match
 * name and aliases in both scripts, fold case, accents and the nukta, forgive typos in words of 5+
 * letters, rank best first, and treat every keyword as plain text.
 */
import { normaliseSearchText } from '@mandi/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct } from '../../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const veg = await createCategory(t.db, 'Vegetables');
  const add = (name: string, aliases: string[] = [], rate = 40) =>
    createProduct(t.db, { name, aliases, rate, categoryId: veg.id });
  await add('Desi Tomato', ['tamatar', 'टमाटर'], 38);
  await add('Robusta Banana', ['kela', 'केला']);
  await add('Agra Potato', ['aloo', 'आलू']);
  // Only the precomposed nukta letter ज़ (U+095B) is stored.
  await add('Nashik Red Onion', ['pyaz', 'प्या\u095B']);
  await add('Tomato');
  await add('Tomato Ketchup');
  await add('Cherrytomato Mix');
  await add('Tomatillo');
  await add('Love Apple', ['Tomato']);
  await add('Crème Fraîche');
  await add('100% Pure_Ghee', ["Ma's \\ best"]);
  for (let i = 1; i <= 10; i += 1) await add(`Mango ${String(i).padStart(2, '0')}`, [], 100 + i);
  await add('Alphonso Mango', ['aam', 'आम'], 349.5);
});
afterAll(() => t.close());

const list = async (keyword: string) =>
  t.app.inject({ url: `/api/product/getAllProducts?keyword=${encodeURIComponent(keyword)}` });
const names = async (keyword: string) => {
  const response = await list(keyword);
  expect(response.statusCode, keyword).toBe(200);
  return body<{ products: { name: string }[] }>(response).products.map((p) => p.name);
};
const suggest = (q: string) => t.app.inject({ url: `/api/product/suggest?q=${encodeURIComponent(q)}` });
const suggested = async (q: string) => {
  const response = await suggest(q);
  expect(response.statusCode, q).toBe(200);
  return body<{ suggestions: { name: string }[] }>(response).suggestions.map((s) => s.name);
};

describe('keyword search', () => {
  it('forgives one or two wrong letters in words of 5+ letters', async () => {
    expect(await names('tomatos')).toContain('Desi Tomato');
    expect(await names('bananna')).toEqual(['Robusta Banana']);
    expect(await names('banaana')).toEqual(['Robusta Banana']);
    expect(await names('ROBUSTA BANANNA')).toEqual(['Robusta Banana']);
  });

  it('does not guess at short words', async () => {
    expect(await names('aluu')).toEqual([]);
    expect(await names('kelo')).toEqual([]);
  });

  it('finds aliases in Latin script and Devanagari', async () => {
    expect(await names('aloo')).toEqual(['Agra Potato']);
    expect(await names('आलू')).toEqual(['Agra Potato']);
    expect(await names('Tamatar')).toEqual(['Desi Tomato']);
    expect(await names('टमाटर')).toEqual(['Desi Tomato']);
    expect(await names('केला')).toEqual(['Robusta Banana']);
  });

  it('ignores case, accents and the nukta', async () => {
    expect(await names('CREME fraiche')).toEqual(['Crème Fraîche']);
    expect(await names('crème')).toEqual(['Crème Fraîche']);
    expect(await names('प्याज')).toEqual(['Nashik Red Onion']);
    expect(await names('प्याज\u093C')).toEqual(['Nashik Red Onion']);
    expect(await names('प्या\u095B')).toEqual(['Nashik Red Onion']);
  });

  it('ranks a whole name or alias, then a prefix, then a word, then inside a word, then typos; ties by name', async () => {
    expect(await names('tomato')).toEqual([
      'Love Apple',
      'Tomato',
      'Tomato Ketchup',
      'Desi Tomato',
      'Cherrytomato Mix',
      'Tomatillo',
    ]);
    expect(await names('mango')).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `Mango ${String(i + 1).padStart(2, '0')}`),
      'Alphonso Mango',
    ]);
  });

  it('pages and counts ranked results, and keeps the other filters', async () => {
    const response = await t.app.inject({ url: '/api/product/getAllProducts?keyword=mango&page=2&limit=4' });
    const data = body<{ productsDocCount: number; products: { name: string }[] }>(response);
    expect(data.productsDocCount).toBe(11);
    expect(data.products.map((p) => p.name)).toEqual(['Mango 05', 'Mango 06', 'Mango 07', 'Mango 08']);
    const bounded = body<{ products: { name: string }[] }>(
      await t.app.inject({ url: '/api/product/getAllProducts?keyword=mango&gte=300' }),
    );
    expect(bounded.products.map((p) => p.name)).toEqual(['Alphonso Mango']);
  });

  it('treats keywords as plain text, never as a pattern', async () => {
    expect(await names('100%')).toEqual(['100% Pure_Ghee']);
    expect(await names('%')).toEqual(['100% Pure_Ghee']);
    expect(await names('_')).toEqual(['100% Pure_Ghee']);
    expect(await names('\\')).toEqual(['100% Pure_Ghee']);
    expect(await names("ma's")).toEqual(['100% Pure_Ghee']);
    expect(await names('pure_ghee%')).toEqual(['100% Pure_Ghee']);
    for (const hostile of ["' OR 1=1--", '(a+)+$', '.*', '[', 'tomato)|(', '\\d+', '"; drop table products; --']) {
      const response = await list(hostile);
      expect(response.statusCode, hostile).toBe(200);
      expect(await suggest(hostile).then((r) => r.statusCode), hostile).toBe(200);
    }
    // A NUL byte cannot be database text: a clear 400, on both routes (a lone one is too short to suggest from).
    for (const nul of ['\u0000', 'to\u0000mato']) expect((await list(nul)).statusCode).toBe(400);
    expect((await suggest('to\u0000mato')).statusCode).toBe(400);
    expect(await suggested('\u0000')).toEqual([]);
    expect(await names('.*')).toEqual([]);
    expect(await names('[')).toEqual([]);
  });

  // How fast is measured by bench/timings/request-costs.timing.ts (decision 0054).
  it('answers a long keyword of repeated typos', async () => {
    const keyword = 'tomatos bananna '.repeat(7).slice(0, 100);
    const response = await list(keyword);
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/product/suggest', () => {
  it('answers at most 8 suggestions, best first, in the listing formats', async () => {
    const response = await suggest('mango');
    expect(response.statusCode).toBe(200);
    const data = body<{ success: boolean; suggestions: Record<string, unknown>[] }>(response);
    expect(data.success).toBe(true);
    expect(data.suggestions.map((s) => s.name)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Mango ${String(i + 1).padStart(2, '0')}`),
    );
    const listed = body<{ products: Record<string, unknown>[] }>(await list('Mango 01')).products[0];
    expect(data.suggestions[0]).toEqual({
      _id: listed?._id,
      name: 'Mango 01',
      url: listed?.url,
      rate: 101,
      unit: 'kg',
    });
    expect(Object.keys(data.suggestions[0] ?? {}).sort()).toEqual(['_id', 'name', 'rate', 'unit', 'url']);
  });

  it('suggests from the first letters, in both scripts, and through typos', async () => {
    expect((await suggested('tamat'))[0]).toBe('Desi Tomato');
    expect(await suggested('आल')).toEqual(['Agra Potato']);
    expect(await suggested('Alphonso Mango')).toEqual(['Alphonso Mango']);
    expect((await suggested('bananna'))[0]).toBe('Robusta Banana');
    expect(await suggested('a')).toEqual([]);
    expect(await suggested('ma')).toHaveLength(8);
    expect(await suggested('   ')).toEqual([]);
    expect(await suggested('zzzz')).toEqual([]);
  });

  it('offers the closest names when nothing matches (the "Did you mean" of an empty search)', async () => {
    expect(await names('tomtao')).toEqual([]);
    const closest = await suggested('tomtao');
    expect(closest.length).toBeGreaterThan(0);
    expect(closest.length).toBeLessThanOrEqual(8);
    expect(closest).toContain('Desi Tomato');
    expect(closest).not.toContain('Robusta Banana');
    // Too short to guess from.
    expect(await suggested('qz')).toEqual([]);
  });

  it('rates keep paise', async () => {
    const response = await suggest('aam');
    expect(body<{ suggestions: { rate: number }[] }>(response).suggestions).toEqual([
      expect.objectContaining({ name: 'Alphonso Mango', rate: 349.5 }),
    ]);
  });

  it.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['a q of 101 characters', `?q=${'x'.repeat(101)}`],
    ['a repeated q', '?q=a&q=b'],
  ])('answers %s with a 400 JSON message', async (_label, query) => {
    const response = await t.app.inject({ url: `/api/product/suggest${query}` });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, message: expect.stringMatching(/^q: /) });
  });

  // How fast is measured by bench/timings/request-costs.timing.ts (decision 0054).
  it('answers a q of 100 characters', async () => {
    expect((await suggest('ab%_cdefgh\\'.repeat(10).slice(0, 100))).statusCode).toBe(200);
    expect((await suggest('आलू टमाटर प्याज़ '.repeat(10).slice(0, 100))).statusCode).toBe(200);
  });
});

/** Both drivers answer `execute` with `{ rows }`. */
async function foldedBy(query: SQL): Promise<string | undefined> {
  const result = (await t.db.execute(query)) as unknown as { rows: { folded: string }[] };
  return result.rows[0]?.folded;
}

describe('the stored search text', () => {
  it('is folded by the database exactly as normaliseSearchText folds a query', async () => {
    const samples = ['Crème Brûlée', 'प्याज़', 'प्याज\u093C', 'आड़ू', 'JALAPEÑO  Chilli', 'Ñandú', 'ÅÉÎÕÜ ç', 'केला'];
    for (const sample of samples) {
      const folded = await foldedBy(sql`select product_search_text(${sample}, '{}'::text[]) as folded`);
      expect(folded, sample).toBe(normaliseSearchText(sample));
    }
  });

  it('holds the name and every alias, one per line', async () => {
    const folded = await foldedBy(
      sql`select product_search_text('Nashik Red Onion', array['Pyaz', 'प्या\u095B']) as folded`,
    );
    expect(folded).toBe('nashik red onion\npyaz\nप्याज');
  });
});

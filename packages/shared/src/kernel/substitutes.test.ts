import { describe, expect, it } from 'vitest';
import { isCategoryAllowed, maySubstitute, rankSubstitutes, type SubstituteLine } from './substitutes.js';

const line = (substitution: SubstituteLine['substitution']): SubstituteLine => ({
  productId: 'desi-tomato',
  unit: 'kg',
  ratePaise: 3800,
  category: 'Vegetables',
  substitution,
});
const product = (productId: string, name: string, ratePaise: number, category: string | null, unit = 'kg') => ({
  productId,
  name,
  unit,
  ratePaise,
  category,
});

const shop = [
  product('watermelon', 'Watermelon', 2000, 'Fruits'),
  product('potato', 'Potato', 2500, 'Vegetables'),
  product('onion', 'Onion', 3000, 'Vegetables'),
  product('cherry', 'Cherry Tomato', 3500, 'Vegetables'),
  product('desi-tomato', 'Desi Tomato', 3800, 'Vegetables'),
  product('okra', 'Okra', 4000, 'Vegetables'),
  product('mango', 'Alphonso Mango', 3700, 'Fruits'),
  product('lemon', 'Lemon', 500, 'Vegetables', 'piece'),
];
const names = (list: readonly { name: string }[]) => list.map((one) => one.name);

describe('rankSubstitutes', () => {
  it('offers a similar item from the ordered product’s category only, no dearer, nearest rate first', () => {
    expect(names(rankSubstitutes(line('similar'), shop))).toEqual(['Cherry Tomato', 'Onion', 'Potato']);
  });

  it('after a call: the same category first, then the others, each by the nearest rate', () => {
    // Okra is ₹2 dearer, Cherry Tomato ₹3 cheaper: after a call, dearer is allowed and nearer.
    expect(names(rankSubstitutes(line('call'), shop))).toEqual([
      'Okra',
      'Cherry Tomato',
      'Onion',
      'Potato',
      'Alphonso Mango',
      'Watermelon',
    ]);
  });

  it('breaks a tie of rates by name, whatever order the products come in', () => {
    const tied = [product('b', 'Brinjal', 3600, 'Vegetables'), product('a', 'Ash Gourd', 4000, 'Vegetables')];
    expect(names(rankSubstitutes(line('call'), tied))).toEqual(['Ash Gourd', 'Brinjal']);
    expect(names(rankSubstitutes(line('call'), [...tied].reverse()))).toEqual(['Ash Gourd', 'Brinjal']);
  });

  it('offers nothing when the shopper wants no substitute', () => {
    expect(rankSubstitutes(line('skip'), shop)).toEqual([]);
  });

  it('judges only unit and rate when the ordered product’s category is unknown (deleted since)', () => {
    const unknown = { ...line('similar'), category: null };
    expect(names(rankSubstitutes(unknown, shop))).toEqual([
      'Alphonso Mango',
      'Cherry Tomato',
      'Onion',
      'Potato',
      'Watermelon',
    ]);
  });
});

describe('maySubstitute and isCategoryAllowed', () => {
  const byId = (id: string) => shop.find((one) => one.productId === id) as ReturnType<typeof product>;

  it('refuses the product itself, another unit, a dearer one for similar, another category for similar', () => {
    expect(maySubstitute(line('similar'), byId('cherry'))).toBe(true);
    expect(maySubstitute(line('call'), byId('desi-tomato'))).toBe(false);
    expect(maySubstitute(line('call'), byId('lemon'))).toBe(false);
    expect(maySubstitute(line('similar'), byId('okra'))).toBe(false);
    expect(maySubstitute(line('call'), byId('okra'))).toBe(true);
    expect(maySubstitute(line('similar'), byId('watermelon'))).toBe(false);
    expect(maySubstitute(line('call'), byId('watermelon'))).toBe(true);
    expect(isCategoryAllowed(line('similar'), 'Fruits')).toBe(false);
    expect(isCategoryAllowed(line('similar'), 'Vegetables')).toBe(true);
    expect(isCategoryAllowed(line('call'), 'Fruits')).toBe(true);
  });
});

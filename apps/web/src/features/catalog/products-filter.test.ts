import { describe, expect, it } from 'vitest';
import { specTexts } from '../../lib/i18n';
import {
  buildFilterQuery,
  defaultQuantity,
  formatPriceRange,
  headingLabel,
  parsePriceRange,
  routeQuery,
  toggleCategory,
  toSearchParams,
} from './products-filter';

describe('products filter', () => {
  it('refuses to apply an empty selection with the filter message', () => {
    expect(buildFilterQuery({ categoryIds: [], priceRange: '' })).toEqual({
      ok: false,
      message: specTexts.filterFirst,
    });
  });

  it('bounds a categories-only filter by the default 0-10000 range', () => {
    expect(buildFilterQuery({ categoryIds: ['a', 'b'], priceRange: '' })).toEqual({
      ok: true,
      query: { categoryIds: ['a', 'b'], gte: 0, lte: 10000 },
    });
  });

  it('splits a price range into gte and lte, with or without categories', () => {
    expect(buildFilterQuery({ categoryIds: [], priceRange: '20-40' })).toEqual({
      ok: true,
      query: { gte: 20, lte: 40 },
    });
    expect(buildFilterQuery({ categoryIds: ['a'], priceRange: '100-120' })).toEqual({
      ok: true,
      query: { categoryIds: ['a'], gte: 100, lte: 120 },
    });
  });

  it('parses and labels price ranges, rejecting nonsense', () => {
    expect(parsePriceRange('60-80')).toEqual({ gte: 60, lte: 80 });
    expect(parsePriceRange('80-60')).toBeNull();
    expect(parsePriceRange('cheap')).toBeNull();
    expect(formatPriceRange('0-20')).toBe('₹0 - ₹20');
  });

  it('toggles categories on and off', () => {
    expect(toggleCategory([], 'a')).toEqual(['a']);
    expect(toggleCategory(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('builds the listing query from the route', () => {
    expect(routeQuery({})).toEqual({});
    expect(routeQuery({ keyword: '  mango ' })).toEqual({ keyword: 'mango' });
    expect(routeQuery({ pathCategoryId: 'c1' })).toEqual({ categoryIds: ['c1'] });
    expect(routeQuery({ queryCategoryId: 'c2', queryCategoryName: 'Fruits' })).toEqual({ categoryIds: ['c2'] });
  });

  it('turns a query into the API search parameters', () => {
    expect(toSearchParams({ categoryIds: ['a', 'b'], gte: 0, lte: 10000 }).toString()).toBe(
      'category=a%2Cb&gte=0&lte=10000',
    );
    expect(toSearchParams({ keyword: 'green chilli' }).toString()).toBe('keyword=green+chilli');
    expect(toSearchParams({}).toString()).toBe('');
  });

  it('names the heading after the chosen category until a filter is applied', () => {
    const names = new Map([['c1', 'Vegetables']]);
    expect(headingLabel({}, false, names)).toBe('Products');
    expect(headingLabel({ queryCategoryId: 'c9', queryCategoryName: 'Fruits' }, false, names)).toBe('Fruits');
    expect(headingLabel({ pathCategoryId: 'c1' }, false, names)).toBe('Vegetables');
    expect(headingLabel({ pathCategoryId: 'c1' }, true, names)).toBe('Products');
    expect(headingLabel({ keyword: 'apple' }, false, names)).toBe('Products');
  });

  it('names it by the category’s Hindi name before the English one the link carries', () => {
    const names = new Map([['c1', 'Vegetables']]);
    const hindi = new Map([['c1', 'सब्ज़ियाँ']]);
    expect(headingLabel({ queryCategoryId: 'c1', queryCategoryName: 'Vegetables' }, false, names, hindi)).toBe(
      'सब्ज़ियाँ',
    );
    expect(headingLabel({ pathCategoryId: 'c1' }, false, names, hindi)).toBe('सब्ज़ियाँ');
    expect(headingLabel({ queryCategoryId: 'c9', queryCategoryName: 'Fruits' }, false, names, hindi)).toBe('Fruits');
    expect(headingLabel({ pathCategoryId: 'c1' }, true, names, hindi)).toBe('Products');
  });

  it('starts the quantity at 0.5 kg, or the first weight offered', () => {
    expect(defaultQuantity([0.5, 1])).toBe(0.5);
    expect(defaultQuantity([1, 2])).toBe(1);
    expect(defaultQuantity([])).toBeUndefined();
  });
});

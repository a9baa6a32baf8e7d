/** Sample categories and products for the admin screen tests. */
import type { Category, Product } from '../../lib/types';

export const vegetables: Category = { _id: 'c-veg', categoryName: 'Vegetables', categoryImage: '/api/images/c1' };
export const fruits: Category = { _id: 'c-fruit', categoryName: 'Fruits', categoryImage: '/api/images/c2' };

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p-1',
    name: 'Desi Tomato',
    aliases: [],
    url: '/api/images/p1',
    rate: 38.5,
    stocks: 12,
    kilogramOption: [{ $numberDecimal: '1' }, { $numberDecimal: '2' }],
    category: vegetables,
    createdAt: '2026-01-01T00:00:00.000Z',
    hsnCode: '0709',
    gstRate: 0,
    ...overrides,
  };
}

/** Sample records for the web tests. */
import type { Product, User } from '../lib/types';

export const shopper: User = {
  _id: 'u-1',
  firstName: 'Asha',
  lastName: 'Patel',
  email: 'asha@example.com',
  role: 'User',
};

/** A product for cart and checkout tests: id, name, rate in rupees, stock in kg and the kilogram options. */
export function product(id: string, name: string, rate: number, stocks = 20, options = ['0.5', '1', '2']): Product {
  return {
    _id: id,
    name,
    aliases: [],
    url: `/img/${id}`,
    rate,
    stocks,
    kilogramOption: options.map((value) => ({ $numberDecimal: value })),
    category: { _id: 'c-1', categoryName: 'Fruits', categoryImage: '' },
    createdAt: '2026-01-01T00:00:00.000Z',
    hsnCode: '0709',
    gstRate: 0,
  };
}

import { CART_STORAGE_KEY } from '@mandi/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CartItem, cartStore, cartTotal, findStockProblem, fitQuantity } from './cart-store';

const tomato: CartItem = {
  id: 'p1',
  name: 'Tomato',
  rate: 38,
  stocks: 10,
  kilogramOption: [0.5, 1],
  image: '',
  quantity: 0.5,
};
const paneer: CartItem = {
  id: 'p2',
  name: 'Paneer',
  rate: 379.5,
  stocks: 5,
  kilogramOption: [0.5, 1.5],
  image: '',
  quantity: 1.5,
};

describe('cart store', () => {
  beforeEach(() => cartStore.clear());

  it('adds items, replaces the quantity of one added again, and saves to local storage', () => {
    cartStore.addItem(tomato);
    cartStore.addItem(paneer);
    cartStore.addItem({ ...tomato, quantity: 1 });
    expect(cartStore.getItems().map((item) => [item.id, item.quantity])).toEqual([
      ['p1', 1],
      ['p2', 1.5],
    ]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(2);
  });

  it('keeps a substitution choice per line, stored, kept when the item is added again, dropped back to skip', () => {
    cartStore.addItem(tomato);
    cartStore.setSubstitution('p1', 'similar');
    expect(cartStore.getItems()[0]?.substitution).toBe('similar');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')[0].substitution).toBe('similar');
    cartStore.addItem({ ...tomato, quantity: 1 });
    expect(cartStore.getItems()[0]).toMatchObject({ quantity: 1, substitution: 'similar' });
    cartStore.setSubstitution('p1', 'skip');
    expect('substitution' in (cartStore.getItems()[0] ?? {})).toBe(false);
  });

  it('removes one item and clears all', () => {
    cartStore.addItem(tomato);
    cartStore.addItem(paneer);
    cartStore.removeItem('p1');
    expect(cartStore.getItems().map((item) => item.id)).toEqual(['p2']);
    cartStore.clear();
    expect(cartStore.getItems()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('restores a saved cart and drops entries that are not cart items', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([tomato, { id: 3 }, 'junk']));
    cartStore.reload();
    expect(cartStore.getItems()).toEqual([tomato]);
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    cartStore.reload();
    expect(cartStore.getItems()).toEqual([]);
  });

  it('totals rate times quantity exactly', () => {
    expect(cartTotal([tomato, paneer])).toBe(19 + 569.25);
  });
});

describe('stock checks for the checkout', () => {
  it('finds items sold out or short of the chosen weight', () => {
    expect(findStockProblem({ stocks: 0, quantity: 0.5 })).toBe('outOfStock');
    expect(findStockProblem({ stocks: -1, quantity: 0.5 })).toBe('outOfStock');
    expect(findStockProblem({ stocks: 1.2, quantity: 1.5 })).toBe('short');
    expect(findStockProblem({ stocks: 1.5, quantity: 1.5 })).toBeNull();
    expect(findStockProblem({ stocks: 0.3 + 0.2, quantity: 0.5 })).toBeNull();
  });

  it('keeps a weight the product still sells, else takes the largest option below it or the smallest', () => {
    expect(fitQuantity(1, [0.5, 1, 2])).toBe(1);
    expect(fitQuantity(1.5, [2, 0.5, 1])).toBe(1);
    expect(fitQuantity(0.5, [1, 2])).toBe(1);
    expect(fitQuantity(3, [])).toBe(3);
  });
});

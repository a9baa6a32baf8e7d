/** The pure order rules: grams, cart checks, line acceptance, status moves and the admin's search. */
import { describe, expect, it } from 'vitest';
import type { OrderRequest } from './orders.lifecycle.js';
import type { ProductForOrder } from './orders.repository.js';
import { acceptLines, checkCart, illegalMove, MAX_ORDER_LINES, orderSearchOf, toGrams } from './orders.rules.js';

const MANGO = '11111111-1111-4111-8111-111111111111';
const ONION = '22222222-2222-4222-8222-222222222222';

const product = (id: string, name: string, ratePaise: number, weights: number[]): ProductForOrder => ({
  id,
  name,
  ratePaise,
  stockGrams: 0,
  weightOptionsGrams: weights,
  unit: 'kg',
  imageId: null,
  hsnCode: '0709',
  gstRate: 0,
});
const products = new Map([
  [MANGO, product(MANGO, 'Alphonso Mango', 29_900, [500, 1000])],
  [ONION, product(ONION, 'Red Onion', 3_350, [1000, 2000])],
]);
const request = (lines: OrderRequest['lines']): OrderRequest => ({
  customer: { userId: 'u', firstName: 'A', lastName: 'B', email: 'a@b.c', language: 'en' },
  lines,
  shipping: { address: 'a', city: 'b', mobileNumber: '9876543210', pinCode: '411001' },
  idempotencyKey: null,
  extensions: {},
});

describe('toGrams', () => {
  it('turns kilograms into whole grams, and anything finer or absurd into null', () => {
    expect(toGrams(1.5)).toBe(1500);
    expect(toGrams(0.1 + 0.2)).toBe(300);
    expect(toGrams(0.0005)).toBeNull();
    expect(toGrams(Number.NaN)).toBeNull();
    expect(toGrams(2_000_000)).toBeNull();
  });
});

describe('checkCart', () => {
  it('refuses empty and overlong carts, non-positive amounts and ids that are not ids', () => {
    expect(() => checkCart([])).toThrow('Your cart is empty');
    const many = Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({ id: MANGO, quantity: 1 }));
    expect(() => checkCart(many)).toThrow(`An order can hold at most ${MAX_ORDER_LINES} items`);
    expect(() => checkCart([{ id: MANGO, quantity: 0 }])).toThrow('Each quantity must be more than 0 Kg');
    expect(() => checkCart([{ id: 'abc', quantity: 1 }])).toThrow('Product abc not found');
  });

  it('lower-cases ids and keeps the amount as sent beside its grams', () => {
    expect(checkCart([{ id: MANGO.toUpperCase(), quantity: 0.5 }])).toEqual([
      { productId: MANGO, grams: 500, quantity: 0.5, substitution: 'skip' },
    ]);
  });
});

describe('acceptLines', () => {
  it('merges lines of one product, keeps their first position, and prices in paise', () => {
    const order = acceptLines(
      request([
        { productId: ONION, grams: 1000, quantity: 1 },
        { productId: MANGO, grams: 500, quantity: 0.5 },
        { productId: ONION, grams: 2000, quantity: 2 },
      ]),
      products,
    );
    expect(order.lines.map((line) => [line.product.id, line.grams, line.position])).toEqual([
      [ONION, 3000, 0],
      [MANGO, 500, 1],
    ]);
    expect(order.subtotalPaise).toBe(10_050 + 14_950);
  });

  it('refuses unknown products and weights that are not sold', () => {
    const unknown = '33333333-3333-4333-8333-333333333333';
    expect(() => acceptLines(request([{ productId: unknown, grams: 1000, quantity: 1 }]), products)).toThrow(
      `Product ${unknown} not found: it is no longer sold`,
    );
    expect(() => acceptLines(request([{ productId: MANGO, grams: 1500, quantity: 1.5 }]), products)).toThrow(
      'Alphonso Mango is sold in 0.5, 1 kg only, not 1.5 kg',
    );
  });
});

describe('status moves', () => {
  it('allows one step forward only', () => {
    expect(illegalMove('Processing', 'Delivered').message).toBe(
      'This order is Processing: it can only move to Shipped or Cancelled, not Delivered',
    );
    expect(illegalMove('Cancelled', 'Processing').message).toBe(
      'This order is already Cancelled: its status cannot change',
    );
    expect(illegalMove('Delivered', 'Shipped').message).toBe(
      'This order is already Delivered: its status cannot change',
    );
  });
});

describe('orderSearchOf', () => {
  it('reads an order number, with or without its #', () => {
    expect(orderSearchOf(' #1042 ')).toEqual({ text: '#1042', orderNumber: 1042, mobileDigits: null });
    expect(orderSearchOf('1042')).toEqual({ text: '1042', orderNumber: 1042, mobileDigits: '1042' });
  });

  it('reads a mobile as it is kept: digits only, without +91 or a leading 0', () => {
    expect(orderSearchOf('98765 43210')?.mobileDigits).toBe('9876543210');
    expect(orderSearchOf('+91-98765-43210')?.mobileDigits).toBe('9876543210');
    expect(orderSearchOf('919876543210')?.mobileDigits).toBe('9876543210');
    expect(orderSearchOf('09876543210')?.mobileDigits).toBe('9876543210');
    expect(orderSearchOf('+91 98765')?.mobileDigits).toBe('98765');
    // Ten digits are a mobile, not an order number too large to be one.
    expect(orderSearchOf('9876543210')).toMatchObject({ mobileDigits: '9876543210', orderNumber: null });
  });

  it('takes any other text as a name to look for, never as a number or a mobile', () => {
    expect(orderSearchOf('Asha Patel')).toEqual({ text: 'Asha Patel', orderNumber: null, mobileDigits: null });
    expect(orderSearchOf('50%_off')).toEqual({ text: '50%_off', orderNumber: null, mobileDigits: null });
    expect(orderSearchOf('   ')).toBeNull();
  });
});

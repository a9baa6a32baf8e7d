import { describe, expect, it } from 'vitest';
import { MAX_ORDER_NUMBER, orderNumberLabel, parseOrderNumber } from './order-number.js';

describe('order numbers', () => {
  it('are written #1042', () => {
    expect(orderNumberLabel(1042)).toBe('#1042');
    expect(orderNumberLabel(1001)).toBe('#1001');
  });

  it('are read as typed, with or without the #', () => {
    expect(parseOrderNumber('1042')).toBe(1042);
    expect(parseOrderNumber('#1042')).toBe(1042);
    expect(parseOrderNumber(' # 1042 ')).toBe(1042);
    expect(parseOrderNumber('0001042')).toBe(1042);
    expect(parseOrderNumber(String(MAX_ORDER_NUMBER))).toBe(MAX_ORDER_NUMBER);
  });

  it('are not found in anything else', () => {
    for (const text of ['', '#', 'abc', '10.5', '-3', '0', '#0', '1 042', String(MAX_ORDER_NUMBER + 1), '5e46fa02']) {
      expect(parseOrderNumber(text)).toBeNull();
    }
  });
});

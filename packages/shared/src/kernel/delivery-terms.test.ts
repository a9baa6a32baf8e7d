import { describe, expect, it } from 'vitest';
import { deliveryFeePaise, FREE_DELIVERY } from './delivery-terms.js';

describe('deliveryFeePaise', () => {
  const terms = { feePaise: 4000, freeAbovePaise: 50000 };
  it('charges the fee below "free above" and nothing from it', () => {
    expect(deliveryFeePaise(terms, 49999)).toBe(4000);
    expect(deliveryFeePaise(terms, 50000)).toBe(0);
  });
  it('always charges a zone that is never free, and nothing without zones', () => {
    expect(deliveryFeePaise({ feePaise: 3000, freeAbovePaise: null }, 10_000_000)).toBe(3000);
    expect(deliveryFeePaise(FREE_DELIVERY, 100)).toBe(0);
  });
});

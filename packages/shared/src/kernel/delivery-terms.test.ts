import { describe, expect, it } from 'vitest';
import { deliveryFeePaise, deliveryTermsFromRupees, deliveryTermsToRupees, FREE_DELIVERY } from './delivery-terms.js';

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

describe('deliveryTermsFromRupees', () => {
  it('turns the API’s ₹ terms into paise, and none into free delivery', () => {
    expect(deliveryTermsFromRupees({ fee: 40, freeAbove: 499.5 })).toEqual({ feePaise: 4000, freeAbovePaise: 49950 });
    expect(deliveryTermsFromRupees({ fee: 0.1, freeAbove: null })).toEqual({ feePaise: 10, freeAbovePaise: null });
    expect(deliveryTermsFromRupees(null)).toBe(FREE_DELIVERY);
    expect(deliveryTermsFromRupees(undefined)).toBe(FREE_DELIVERY);
  });
});

describe('deliveryTermsToRupees', () => {
  it('sends the fee and "free above" in ₹, and reads back to the same terms', () => {
    const terms = { feePaise: 4050, freeAbovePaise: 50000 };
    expect(deliveryTermsToRupees(terms)).toEqual({ fee: 40.5, freeAbove: 500 });
    expect(deliveryTermsToRupees(FREE_DELIVERY)).toEqual({ fee: 0, freeAbove: null });
    expect(deliveryTermsFromRupees(deliveryTermsToRupees(terms))).toEqual(terms);
  });
});

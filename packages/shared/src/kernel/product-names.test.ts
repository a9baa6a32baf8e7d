import { describe, expect, it } from 'vitest';
import { hindiNameOf } from './product-names.js';

describe('hindiNameOf', () => {
  it('is the first other name in Devanagari', () => {
    expect(hindiNameOf(['aloo', ' आलू ', 'बटाटा'])).toBe('आलू');
  });
  it('is null without one', () => {
    expect(hindiNameOf(['aloo'])).toBeNull();
    expect(hindiNameOf([])).toBeNull();
  });
});

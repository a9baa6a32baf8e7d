import { describe, expect, it } from 'vitest';
import { upiUrl } from './upi-link.js';

describe('upiUrl', () => {
  it('writes the NPCI link with the amount in rupees and every part encoded', () => {
    expect(upiUrl({ upiId: 'mandi.fresh@okaxis', name: 'Mandi Fresh & Co' }, 104_114, 'C1/26-27/000043')).toBe(
      'upi://pay?pa=mandi.fresh%40okaxis&pn=Mandi%20Fresh%20%26%20Co&am=1041.14&cu=INR&tn=C1%2F26-27%2F000043',
    );
    expect(upiUrl({ upiId: 'a@b', name: 'A' }, 5000, 'x')).toContain('am=50.00');
  });
});

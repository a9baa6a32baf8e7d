import { describe, expect, it } from 'vitest';
import { isIndianPinCode, isPinPrefix, pinCodeProblem } from './pin-code.js';

describe('Indian PIN codes', () => {
  it('accepts six digits starting with 1 to 8', () => {
    for (const pin of ['110001', '411038', '440010', '560001', '800001', '682001']) {
      expect(pinCodeProblem(pin), pin).toBeNull();
      expect(isIndianPinCode(pin)).toBe(true);
    }
  });
  it('refuses codes starting with 0 or 9 as not Indian', () => {
    expect(pinCodeProblem('000123')).toBe('pinNotIndian');
    expect(pinCodeProblem('912345')).toBe('pinNotIndian');
    expect(isIndianPinCode('000123')).toBe(false);
  });
  it('refuses anything but six digits by its length first', () => {
    for (const text of ['', '41103', '4110380', '41103a', ' 411038', '4110.3', '012']) {
      expect(pinCodeProblem(text), text).toBe('pinLength');
    }
  });
  it('takes zone prefixes of 1 to 6 digits starting with 1 to 8', () => {
    for (const prefix of ['1', '4', '411', '560001', '8']) expect(isPinPrefix(prefix), prefix).toBe(true);
    for (const prefix of ['0', '9', '011', '912', '', '1234567', '4a']) expect(isPinPrefix(prefix), prefix).toBe(false);
  });
});

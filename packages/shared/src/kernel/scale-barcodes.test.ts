import { describe, expect, it } from 'vitest';
import { type BarcodeRule, ean13CheckDigit, ean13Modules, readScaleBarcode, scaleBarcode } from './scale-barcodes.js';

/** The contract's default rules (the migration writes them for a new shop). */
const DEFAULT_BARCODE_RULES: readonly BarcodeRule[] = [
  { prefix: '21', valueKind: 'weight' },
  { prefix: '23', valueKind: 'price' },
];

describe('scale barcodes (EAN-13, price or weight embedded)', () => {
  it('computes the check digit with weights 1, 3, 1, 3, ...', () => {
    expect(ean13CheckDigit('210004201234')).toBe(9);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('000000000000')).toBe(0);
  });

  it('reads a weight code: PLU 42, 1.234 kg', () => {
    expect(readScaleBarcode('2100042012349', DEFAULT_BARCODE_RULES)).toEqual({
      ok: true,
      prefix: '21',
      plu: 42,
      valueKind: 'weight',
      value: 1234,
    });
  });

  it('reads a price code in paise', () => {
    const code = scaleBarcode('23', 7, 5000);
    expect(code).toBe(`230000705000${ean13CheckDigit('230000705000')}`);
    expect(readScaleBarcode(code, DEFAULT_BARCODE_RULES)).toMatchObject({ plu: 7, valueKind: 'price', value: 5000 });
  });

  it('refuses a wrong check digit, a malformed code and a prefix without a rule', () => {
    expect(readScaleBarcode('2100042012348', DEFAULT_BARCODE_RULES)).toEqual({ ok: false, problem: 'checkDigit' });
    expect(readScaleBarcode('21000420123', DEFAULT_BARCODE_RULES)).toEqual({ ok: false, problem: 'format' });
    expect(readScaleBarcode('21000420123a9', DEFAULT_BARCODE_RULES)).toEqual({ ok: false, problem: 'format' });
    const unknown = scaleBarcode('25', 42, 1234);
    expect(readScaleBarcode(unknown, DEFAULT_BARCODE_RULES)).toEqual({ ok: false, problem: 'unknownPrefix' });
    expect(readScaleBarcode(unknown, [{ prefix: '25', valueKind: 'weight' }])).toMatchObject({ ok: true, plu: 42 });
  });

  it('makes codes that read back, and refuses values that do not fit', () => {
    for (const [plu, grams] of [
      [1, 0],
      [99_999, 99_999],
      [42, 1234],
    ] as const) {
      expect(readScaleBarcode(scaleBarcode('21', plu, grams), DEFAULT_BARCODE_RULES)).toMatchObject({
        plu,
        value: grams,
      });
    }
    expect(() => scaleBarcode('19', 1, 1)).toThrow();
    expect(() => scaleBarcode('21', 0, 1)).toThrow();
    expect(() => scaleBarcode('21', 1, 100_000)).toThrow();
  });

  it('draws 95 modules with the guards in place', () => {
    const modules = ean13Modules('2100042012349');
    expect(modules).toHaveLength(95);
    expect(modules.startsWith('101')).toBe(true);
    expect(modules.endsWith('101')).toBe(true);
    expect(modules.slice(45, 50)).toBe('01010');
    // A known code: 4006381333931's first left digit (0, set L) is 0001101.
    expect(ean13Modules('4006381333931').slice(3, 10)).toBe('0001101');
  });
});

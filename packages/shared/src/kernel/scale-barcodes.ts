/**
 * Price- and weight-embedded EAN-13 codes (contract part 4, "The scale and barcodes"): a label
 * printed by a scale or at packing names the product by its PLU and carries its weight (grams of a
 * kg/litre product) or its price (paise). Layout: prefix (2 digits, 20-29), PLU (5), value (5),
 * check digit. The counter reads them offline with these rules, as the server does.
 * `2100042012349` = prefix 21 (weight), PLU 42, 1.234 kg.
 */

export type BarcodeValueKind = 'weight' | 'price';

export interface BarcodeRule {
  /** "20" to "29": the in-store range of EAN-13. */
  prefix: string;
  valueKind: BarcodeValueKind;
}

/** The largest value a code holds: 99.999 kg, or ₹999.99. */
export const BARCODE_VALUE_MAX = 99_999;

export const isBarcodePrefix = (prefix: string): boolean => /^2[0-9]$/.test(prefix);

/** EAN-13's check digit of the first 12 digits: weights 1, 3, 1, 3, ... ; (10 - sum mod 10) mod 10. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`an EAN-13 check digit needs 12 digits: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A scale label's code: the prefix, PLU and value with their check digit. */
export function scaleBarcode(prefix: string, plu: number, value: number): string {
  if (!isBarcodePrefix(prefix)) throw new RangeError(`a scale barcode's prefix is 20 to 29: ${prefix}`);
  if (!Number.isInteger(plu) || plu < 1 || plu > 99_999) throw new RangeError(`a PLU is 1 to 99999: ${plu}`);
  if (!Number.isInteger(value) || value < 0 || value > BARCODE_VALUE_MAX) {
    throw new RangeError(`a scale barcode's value is 0 to ${BARCODE_VALUE_MAX}: ${value}`);
  }
  const first12 = `${prefix}${String(plu).padStart(5, '0')}${String(value).padStart(5, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

export type ScaleBarcodeReading =
  | { ok: true; prefix: string; plu: number; valueKind: BarcodeValueKind; value: number }
  /** `format`: not 13 digits; `checkDigit`: the last digit is wrong; `unknownPrefix`: no rule for it. */
  | { ok: false; problem: 'format' | 'checkDigit' | 'unknownPrefix' };

/** What a scanned code says under the shop's rules. */
export function readScaleBarcode(code: string, rules: readonly BarcodeRule[]): ScaleBarcodeReading {
  const digits = code.trim();
  if (!/^\d{13}$/.test(digits)) return { ok: false, problem: 'format' };
  if (ean13CheckDigit(digits.slice(0, 12)) !== Number(digits[12])) return { ok: false, problem: 'checkDigit' };
  const prefix = digits.slice(0, 2);
  const rule = rules.find((one) => one.prefix === prefix);
  if (!rule) return { ok: false, problem: 'unknownPrefix' };
  return {
    ok: true,
    prefix,
    plu: Number(digits.slice(2, 7)),
    valueKind: rule.valueKind,
    value: Number(digits.slice(7, 12)),
  };
}

/**
 * The 95 bars and spaces of an EAN-13 code ('1' a bar, '0' a space, one module each): start
 * guard, six digits in the L/G sets the first digit chooses, centre guard, six in the R set, end
 * guard. What a label draws.
 */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new RangeError(`an EAN-13 code has 13 digits: ${code}`);
  const L = [
    '0001101',
    '0011001',
    '0010011',
    '0111101',
    '0100011',
    '0110001',
    '0101111',
    '0111011',
    '0110111',
    '0001011',
  ];
  const G = L.map((pattern) =>
    [...pattern]
      .reverse()
      .join('')
      .replace(/./g, (bit) => (bit === '1' ? '0' : '1')),
  );
  const R = L.map((pattern) => pattern.replace(/./g, (bit) => (bit === '1' ? '0' : '1')));
  const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  let modules = '101';
  for (let i = 1; i <= 6; i++) modules += (parity[i - 1] === 'L' ? L : G)[digits[i] as number];
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += R[digits[i] as number];
  return `${modules}101`;
}

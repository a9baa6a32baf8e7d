/** A scale label read at the counter with the kept rules and PLUs, offline: weight and price codes, and why not. */
import { scaleBarcode } from '@mandi/shared/kernel';
import { describe, expect, it } from 'vitest';
import type { CounterProduct } from './api/counter-types';
import { readCounterScan } from './scan';

const RULES = [
  { prefix: '21', valueKind: 'weight' as const },
  { prefix: '23', valueKind: 'price' as const },
];

const product = (id: string, plu: number | null, unit: string, rate: number): CounterProduct => ({
  _id: id,
  name: id,
  nameHi: null,
  aliases: [],
  unit,
  rate,
  scheduled: null,
  image: '',
  category: null,
  plu,
});

const PRODUCTS = [product('Tomato', 42, 'kg', 40), product('Banana', 7, 'dozen', 60)];

describe('reading a label at the counter', () => {
  it('reads 2100042012349 as 1.234 kg of PLU 42', () => {
    expect(readCounterScan('2100042012349', RULES, PRODUCTS)).toMatchObject({
      kind: 'line',
      product: { _id: 'Tomato' },
      thousandths: 1234,
    });
  });

  it('reads a price code as the quantity its amount buys at the rate', () => {
    // ₹20 of tomato at ₹40/kg is 0.5 kg.
    expect(readCounterScan(scaleBarcode('23', 42, 2000), RULES, PRODUCTS)).toMatchObject({ thousandths: 500 });
    // ₹120 of bananas at ₹60/dozen is 2 dozen.
    expect(readCounterScan(scaleBarcode('23', 7, 12_000), RULES, PRODUCTS)).toMatchObject({ thousandths: 2000 });
  });

  it('says why a code is not read', () => {
    expect(readCounterScan('2100042012348', RULES, PRODUCTS)).toMatchObject({
      kind: 'problem',
      problem: { id: 'devices.barcodeCheckDigit' },
    });
    expect(readCounterScan(scaleBarcode('25', 42, 100), RULES, PRODUCTS)).toMatchObject({
      problem: { id: 'devices.barcodeUnknownPrefix' },
      values: { prefix: '25' },
    });
    expect(readCounterScan(scaleBarcode('21', 99, 100), RULES, PRODUCTS)).toMatchObject({
      problem: { id: 'devices.barcodeUnknownPlu' },
      values: { plu: 99 },
    });
    expect(readCounterScan(scaleBarcode('21', 7, 100), RULES, PRODUCTS)).toMatchObject({
      problem: { id: 'devices.barcodeCounted' },
    });
  });
});

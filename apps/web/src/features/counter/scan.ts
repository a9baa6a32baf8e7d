/**
 * A scanned scale label read on the device (contract "The scale and barcodes"), offline too: the
 * kernel's reading with the kept rules, the product by its kept PLU, and the quantity the label
 * says: a weight code's grams (kg and litre goods), or a price code's amount at the product's rate
 * (whole pieces for counted goods), as the server reads the same code.
 */
import {
  isCountedUnit,
  quantityForAmount,
  readScaleBarcode,
  rupeesToPaise,
  type Unit,
  unitOrDefault,
} from '@mandi/shared/kernel';
import { devicesTexts } from '../../lib/devices/devices.texts';
import type { Text } from '../../lib/i18n';
import type { BarcodeRules, CounterProduct } from './api/counter-types';
import { rateAt } from './bill';

export type CounterScan =
  | { kind: 'line'; product: CounterProduct; thousandths: number }
  | { kind: 'problem'; problem: Text; values: Record<string, string | number> };

/** Whether a scanned code may be a scale label (others are left to the keys they were). */
export const looksLikeLabel = (code: string) => /^\d{13}$/.test(code);

export function readCounterScan(
  code: string,
  rules: BarcodeRules,
  products: readonly CounterProduct[],
  at: Date = new Date(),
): CounterScan {
  const reading = readScaleBarcode(code, rules);
  if (!reading.ok) {
    const problem =
      reading.problem === 'checkDigit'
        ? devicesTexts.barcodeCheckDigit
        : reading.problem === 'unknownPrefix'
          ? devicesTexts.barcodeUnknownPrefix
          : devicesTexts.barcodeFormat;
    return { kind: 'problem', problem, values: { code, prefix: code.slice(0, 2) } };
  }
  const product = products.find((entry) => entry.plu === reading.plu);
  if (!product) return { kind: 'problem', problem: devicesTexts.barcodeUnknownPlu, values: { plu: reading.plu } };
  const unit: Unit = unitOrDefault(product.unit);
  if (reading.valueKind === 'weight') {
    if (isCountedUnit(unit)) {
      return { kind: 'problem', problem: devicesTexts.barcodeCounted, values: { name: product.name, unit } };
    }
    return { kind: 'line', product, thousandths: reading.value };
  }
  const thousandths = quantityForAmount(rupeesToPaise(rateAt(product, at)), reading.value);
  return {
    kind: 'line',
    product,
    thousandths: isCountedUnit(unit) ? Math.max(1, Math.round(thousandths / 1000)) * 1000 : thousandths,
  };
}

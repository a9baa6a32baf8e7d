/**
 * The counter's keypad, pure: what a key does to the typed text, and what the text means for the
 * chosen product. A quantity is typed in the product's unit (1.25 kg, 3 pieces); in ₹ mode (kg and
 * litre only) the amount the shopper asks for ("₹20 of dhaniya"), and the quantity is worked out to
 * the gram by the kernel's rule. Limits are the counter's (kernel counter-sale.ts).
 */
import {
  isCountedUnit,
  isCounterQuantity,
  isWholePaise,
  lineAmountPaise,
  parseKgToGrams,
  quantityForAmount,
  rupeesToPaise,
  type Unit,
} from '@mandi/shared/kernel';
import type { Text } from '../../lib/i18n';
import { counterTexts as x } from './counter.texts';

export type KeypadMode = 'quantity' | 'rupees';

/** Whether ₹ mode fits the unit: weighed and measured goods only. */
export const canTypeRupees = (unit: Unit) => !isCountedUnit(unit);

/** How many digits a mode takes before and after the point (counted units: whole numbers). */
function digitsOf(mode: KeypadMode, unit: Unit | null): { whole: number; decimals: number } {
  if (mode === 'rupees') return { whole: 6, decimals: 2 };
  if (unit && isCountedUnit(unit)) return { whole: 3, decimals: 0 };
  return { whole: unit ? 2 : 3, decimals: 3 };
}

/** The typed text after a key (a digit, `.` or `Backspace`); a key that cannot add anything leaves it. */
export function pressKey(entry: string, key: string, mode: KeypadMode, unit: Unit | null): string {
  if (key === 'Backspace') return entry.slice(0, -1);
  const { whole, decimals } = digitsOf(mode, unit);
  if (key === '.') {
    if (decimals === 0 || entry.includes('.')) return entry;
    return entry === '' ? '0.' : `${entry}.`;
  }
  if (!/^\d$/.test(key)) return entry;
  const [wholePart = '', fraction] = entry.split('.');
  if (fraction !== undefined) return fraction.length < decimals ? entry + key : entry;
  if (wholePart === '0') return key;
  return wholePart.length < whole ? entry + key : entry;
}

export type KeypadReading =
  | { kind: 'empty' }
  | { kind: 'line'; thousandths: number; amountPaise: number }
  | { kind: 'problem'; problem: Text; values?: Record<string, string | number> };

/** A product as the keypad needs it. */
export interface KeypadProduct {
  unit: Unit;
  ratePaise: number;
}

/** How a problem writes a quantity ("1.5 Kg") and a unit ("Kg", "litre"), in the chosen language. */
export interface KeypadWords {
  quantity: (unit: Unit, thousandths: number) => string;
  unit: (unit: Unit) => string;
}

/**
 * What the typed text means for `product`: a line's quantity (thousandths) and amount, or why not.
 * Nothing typed for a counted product is one of it.
 */
export function readKeypad(entry: string, mode: KeypadMode, product: KeypadProduct, words: KeypadWords): KeypadReading {
  const { unit, ratePaise } = product;
  const counted = isCountedUnit(unit);
  const limitsProblem = (): KeypadReading =>
    counted
      ? { kind: 'problem', problem: x.wholeNumbers }
      : { kind: 'problem', problem: x.measuredLimits, values: { unit: words.unit(unit) } };

  if (mode === 'rupees' && !counted) {
    if (entry === '') return { kind: 'empty' };
    const rupees = Number(entry);
    if (!Number.isFinite(rupees) || !isWholePaise(rupees) || rupees <= 0 || ratePaise <= 0) {
      return { kind: 'problem', problem: x.amountNotPositive };
    }
    const thousandths = quantityForAmount(ratePaise, rupeesToPaise(rupees));
    if (!isCounterQuantity(unit, thousandths)) {
      return {
        kind: 'problem',
        problem: x.worthOutOfLimits,
        values: { amount: `₹${entry}`, quantity: words.quantity(unit, thousandths), unit: words.unit(unit) },
      };
    }
    return { kind: 'line', thousandths, amountPaise: lineAmountPaise(ratePaise, thousandths) };
  }

  if (entry === '') {
    return counted
      ? { kind: 'line', thousandths: 1000, amountPaise: lineAmountPaise(ratePaise, 1000) }
      : { kind: 'empty' };
  }
  const thousandths = parseKgToGrams(entry);
  if (thousandths === null) return { kind: 'problem', problem: x.notANumber };
  if (!isCounterQuantity(unit, thousandths)) return limitsProblem();
  return { kind: 'line', thousandths, amountPaise: lineAmountPaise(ratePaise, thousandths) };
}

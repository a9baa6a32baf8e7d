/**
 * What a person at a scale types, read as whole grams, and why a packed amount is too much. The
 * bill it comes to is the kernel's `orderTotals`, and kilograms as text and the 110 % limit are the
 * kernel's too, so the screen shows exactly what the server will bill.
 */
import {
  gramsToKgString,
  isCountedUnit,
  maxPackedGrams,
  maxPackedQuantity,
  parseKgToGrams,
  type Unit,
} from '@mandi/shared/kernel';
import { formatInUnit, type Text, type Translate, translate, unitName } from '../../lib/i18n';
import { weighingTexts } from './weighing.texts';

export type WeightReading = { kind: 'empty' } | { kind: 'grams'; grams: number } | { kind: 'invalid'; message: Text };

const KG_UNITS = new Set(['', 'kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms']);
const GRAM_UNITS = new Set(['g', 'gm', 'gms', 'gram', 'grams', 'gr']);

export const WEIGHT_FORMAT_MESSAGE = weighingTexts.typeAWeightSuchAs;
export const WHOLE_GRAMS_MESSAGE = weighingTexts.weighToTheGramAt;

/**
 * Reads "1.04", "1.04 kg", "1,04 kg", "960 g" or "960g" as whole grams. A bare number is kilograms
 * (the label says kg); a comma is taken as the decimal point, as some scales and keyboards print it.
 */
export function parseWeight(text: string): WeightReading {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return { kind: 'empty' };
  const match = /^(\d+(?:[.,]\d*)?|[.,]\d+)\s*([a-z]*)\.?$/.exec(trimmed);
  if (!match) return { kind: 'invalid', message: WEIGHT_FORMAT_MESSAGE };
  const [, rawNumber = '', unit = ''] = match;
  const number = rawNumber.replace(',', '.');
  const [whole = '', fraction = ''] = number.split('.');
  if (GRAM_UNITS.has(unit)) {
    if (fraction.replace(/0+$/, '') !== '') return { kind: 'invalid', message: weighingTexts.gramsAreWholeNumbers };
    return { kind: 'grams', grams: Number(whole || '0') };
  }
  if (!KG_UNITS.has(unit)) return { kind: 'invalid', message: WEIGHT_FORMAT_MESSAGE };
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > 3) return { kind: 'invalid', message: WHOLE_GRAMS_MESSAGE };
  // Built from the digits, never from a float product, so 1.005 kg is 1005 g exactly.
  return { kind: 'grams', grams: Number(whole || '0') * 1000 + Number(significant.padEnd(3, '0')) };
}

/**
 * A counted line's packed number (pieces, dozens, bunches, packs): a whole number, read as
 * thousandths of the unit like every quantity.
 */
export function parseCount(text: string): WeightReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d{1,4}$/.test(trimmed)) return { kind: 'invalid', message: weighingTexts.typeAWholeNumber };
  return { kind: 'grams', grams: Number(trimmed) * 1000 };
}

/** Kilograms from the API (a number or a decimal string) as whole grams. */
export const kgToGrams = (kg: number | string): number => parseKgToGrams(kg) ?? Math.round(Number(kg) * 1000);

/** Why a packed amount is too much (kg's own words, or the unit's), in the active language unless a `t` is given. */
export const overLimitMessage = (orderedGrams: number, t: Translate = translate, unit: Unit = 'kg') =>
  unit === 'kg'
    ? t(weighingTexts.atMostKgNoMore, {
        max: gramsToKgString(maxPackedGrams(orderedGrams)),
        ordered: gramsToKgString(orderedGrams),
      })
    : isCountedUnit(unit)
      ? t(weighingTexts.atMostCountOrdered, { ordered: formatInUnit(orderedGrams / 1000, unit) })
      : t(weighingTexts.atMostUnitNoMore, {
          max: gramsToKgString(maxPackedQuantity(unit, orderedGrams)),
          ordered: gramsToKgString(orderedGrams),
          unit: unitName(unit),
        });

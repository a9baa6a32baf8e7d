/**
 * Weighing arithmetic for the packing screen: what a person at a scale types, read as whole grams,
 * and the money it comes to in whole paise, so the screen shows exactly what the server will bill.
 */

import { type Text, type Translate, translate } from '../../lib/i18n';
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

/** Kilograms as the API and the screen write them: up to 3 decimals, no trailing zeros ("1.04", "0"). */
export function gramsToKgText(grams: number): string {
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Kilograms from the API (a number or a decimal string) as whole grams. */
export function kgToGrams(kg: number | string): number {
  const reading = parseWeight(String(kg));
  return reading.kind === 'grams' ? reading.grams : Math.round(Number(kg) * 1000);
}

export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => paise / 100;

/** Rate (paise per kg) × grams, in paise, rounded half up: ₹120/kg × 1.04 kg = 12480 paise. */
export function lineAmountPaise(ratePaise: number, grams: number): number {
  return Math.floor((ratePaise * grams + 500) / 1000);
}

/** The most that may be packed for an ordered weight: 110%, in whole grams. */
export function maxPackedGrams(orderedGrams: number): number {
  return Math.floor((orderedGrams * 11) / 10);
}

/** Why a weight is too much, in the active language unless a `t` is given. */
export const overLimitMessage = (orderedGrams: number, t: Translate = translate) =>
  t(weighingTexts.atMostKgNoMore, {
    max: gramsToKgText(maxPackedGrams(orderedGrams)),
    ordered: gramsToKgText(orderedGrams),
  });

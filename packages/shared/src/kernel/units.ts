/**
 * Units a shop sells in (docs/decisions/0022-units.md): kg (the default) and litre are measured,
 * piece, dozen, bunch and pack are counted. Every quantity is kept in thousandths of its unit
 * (grams for kg, ml for litre, 1000 per piece, dozen, bunch or pack), so the line amount stays one
 * rule (rate per unit × thousandths / 1000) and the columns named `*_grams` hold thousandths.
 * Here: the units, their one spelling in English and Hindi, the bill's quantity codes, which
 * quantities a product may offer, the product form's presets and how a quantity is written.
 */
import { groupIndianDigits } from './money.js';

export const UNITS = ['kg', 'litre', 'piece', 'dozen', 'bunch', 'pack'] as const;
export type Unit = (typeof UNITS)[number];
export const DEFAULT_UNIT: Unit = 'kg';

/** Thousandths per unit: 1 kg = 1000 g, 1 litre = 1000 ml, 1 dozen = 1000 thousandths. */
export const THOUSANDTHS_PER_UNIT = 1000;

export function isUnit(value: unknown): value is Unit {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value);
}

/** A stored or sent unit, or kg when it is absent or unknown (rows and clients from before units). */
export function unitOrDefault(value: unknown): Unit {
  return isUnit(value) ? value : DEFAULT_UNIT;
}

/** kg and litre are weighed or measured; the others are counted in whole numbers. */
export function isCountedUnit(unit: Unit): boolean {
  return unit !== 'kg' && unit !== 'litre';
}

/** The bill's quantity code per unit (the GST unit quantity codes). */
export const QUANTITY_CODES: Record<Unit, string> = {
  kg: 'KGS',
  litre: 'LTR',
  piece: 'NOS',
  dozen: 'DOZ',
  bunch: 'BDL',
  pack: 'PAC',
};

/** Most quantities a product may offer. */
export const MAX_QUANTITY_OPTIONS = 12;

/** What a product may offer, in thousandths: kg/litre 0.05..25 in steps of 0.05; counted 1..50, whole. */
export const OPTION_LIMITS: Record<'measured' | 'counted', { min: number; max: number; step: number }> = {
  measured: { min: 50, max: 25_000, step: 50 },
  counted: { min: 1000, max: 50_000, step: 1000 },
};

export function optionLimits(unit: Unit): { min: number; max: number; step: number } {
  return OPTION_LIMITS[isCountedUnit(unit) ? 'counted' : 'measured'];
}

/** Whether a product sold in `unit` may offer `thousandths` as a quantity to pick. */
export function isOfferableQuantity(unit: Unit, thousandths: number): boolean {
  const { min, max, step } = optionLimits(unit);
  return Number.isInteger(thousandths) && thousandths >= min && thousandths <= max && thousandths % step === 0;
}

export type QuantityOptionsProblem =
  | { problem: 'none' }
  | { problem: 'empty' }
  | { problem: 'tooMany'; max: number }
  | { problem: 'repeated'; thousandths: number }
  | { problem: 'notOffered'; thousandths: number };

/** The first thing wrong with a product's options (in thousandths), or `none`. */
export function checkQuantityOptions(unit: Unit, options: readonly number[]): QuantityOptionsProblem {
  if (options.length === 0) return { problem: 'empty' };
  if (options.length > MAX_QUANTITY_OPTIONS) return { problem: 'tooMany', max: MAX_QUANTITY_OPTIONS };
  const seen = new Set<number>();
  for (const thousandths of options) {
    if (!isOfferableQuantity(unit, thousandths)) return { problem: 'notOffered', thousandths };
    if (seen.has(thousandths)) return { problem: 'repeated', thousandths };
    seen.add(thousandths);
  }
  return { problem: 'none' };
}

/** The spec's options (0.5 to 3.5 kg): a product without options or unit offers these. */
export const SPEC_KG_OPTIONS = [500, 1000, 1500, 2000, 2500, 3000, 3500] as const;

/** What the product form offers as a start for each unit, in thousandths (the admin edits them). */
export const UNIT_PRESETS: Record<Unit, readonly number[]> = {
  kg: SPEC_KG_OPTIONS,
  litre: [500, 1000, 2000],
  piece: [1000, 2000, 3000, 4000, 6000],
  dozen: [1000, 2000],
  bunch: [1000, 2000, 3000],
  pack: [1000, 2000, 3000],
};

/** Further quantities the product form lists to tick, beside the presets (thousandths). */
export const UNIT_CHOICES: Record<Unit, readonly number[]> = {
  kg: [100, 250, 500, 1000, 1500, 2000, 2500, 3000, 3500, 5000, 10000, 25000],
  litre: [250, 500, 1000, 1500, 2000, 5000],
  piece: [1000, 2000, 3000, 4000, 5000, 6000, 10000, 12000],
  dozen: [1000, 2000, 3000, 5000],
  bunch: [1000, 2000, 3000, 5000],
  pack: [1000, 2000, 3000, 4000, 5000],
};

type Language = 'en' | 'hi';

/** The unit as a rate is written ("₹ 40 / kg"): one spelling each, English and Hindi. */
const UNIT_NAMES: Record<Language, Record<Unit, { one: string; many: string }>> = {
  en: {
    kg: { one: 'Kg', many: 'Kg' },
    litre: { one: 'litre', many: 'litres' },
    piece: { one: 'piece', many: 'pieces' },
    dozen: { one: 'dozen', many: 'dozen' },
    bunch: { one: 'bunch', many: 'bunches' },
    pack: { one: 'pack', many: 'packs' },
  },
  hi: {
    kg: { one: 'किलो', many: 'किलो' },
    litre: { one: 'लीटर', many: 'लीटर' },
    piece: { one: 'नग', many: 'नग' },
    dozen: { one: 'दर्जन', many: 'दर्जन' },
    bunch: { one: 'गड्डी', many: 'गड्डी' },
    pack: { one: 'पैकेट', many: 'पैकेट' },
  },
};
const SMALL_NAMES: Record<Language, { ml: string }> = {
  en: { ml: 'ml' },
  hi: { ml: 'मि.ली.' },
};

/** The unit's name after a rate: "kg", "litre", "dozen"; in Hindi "किलो", "लीटर", "दर्जन". */
export function unitName(unit: Unit, language: Language = 'en'): string {
  return UNIT_NAMES[language][unit].one;
}

/** Whole digits grouped the Indian way (1,23,456), then at most 3 decimals without trailing zeros. */
function decimalText(thousandths: number): string {
  const sign = thousandths < 0 ? '-' : '';
  const value = Math.abs(Math.round(thousandths));
  const whole = String(Math.floor(value / 1000));
  const fraction = String(value % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${groupIndianDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A quantity as a shop writes it: "250 g", "1.5 kg", "500 ml", "1 litre", "2 litres", "1 piece",
 * "12 pieces", "2 dozen", "3 bunches"; in Hindi "250 ग्राम", "1.5 किलो", "2 दर्जन". Below one kg or
 * litre the small unit reads better; zero is written in the unit ("0 kg": not available).
 */
export function formatQuantity(unit: Unit, thousandths: number, language: Language = 'en'): string {
  const names = UNIT_NAMES[language][unit];
  // Kg keeps the spec's '{x} Kg' (0.25 Kg), as its quantity options are written; below a litre, ml.
  if (thousandths > 0 && thousandths < 1000 && unit === 'litre') {
    return `${Math.round(thousandths)} ${SMALL_NAMES[language].ml}`;
  }
  const number = decimalText(thousandths);
  return `${number} ${thousandths === 1000 ? names.one : names.many}`;
}

/** The quantity's number in its unit, as the wire and the input fields write it: 250 → "0.25". */
export function quantityNumber(thousandths: number): number {
  return Math.round(thousandths) / 1000;
}

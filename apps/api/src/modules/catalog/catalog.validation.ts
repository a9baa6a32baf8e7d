/**
 * Field rules for category and product writes. Every field is checked and every problem kept,
 * because product writes answer with one message per problem. Multipart sends text, JSON may send
 * numbers or numeric strings: both are read the same way.
 */
import { NAME_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH, parseAliases, WEIGHT_OPTIONS_KG } from '@mandi/shared';
import { GST_RATES } from '@mandi/shared/schemas';
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { isUuid } from '../../lib/validation.js';

export const CATEGORY_NAME_MAX_LENGTH = NAME_MAX_LENGTH;
/** Upper bounds keep paise and grams well inside a 32-bit integer column. */
export const MAX_RATE_RUPEES = 1_000_000;
export const MAX_STOCK_KG = 1_000_000;

const WEIGHT_LIST = WEIGHT_OPTIONS_KG.join(', ');

/** A single text value: a repeated multipart field or a JSON array counts as its first entry. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export function readName(value: unknown, label: string, max: number, problems: string[]): string {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    problems.push(`${label} is required`);
    return '';
  }
  if (typeof raw !== 'string') {
    problems.push(`${label} must be text`);
    return '';
  }
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length > max) problems.push(`${label} must be at most ${max} characters`);
  return name;
}

/** A number >= 0 with at most `decimals` decimal places, as a JSON number or a numeric string. */
export function readAmount(
  value: unknown,
  label: string,
  options: { decimals: number; max: number; unit: string },
  problems: string[],
): number {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    problems.push(`${label} is required`);
    return 0;
  }
  const text =
    typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) {
    problems.push(`${label} must be a number, 0 or more`);
    return 0;
  }
  const decimalPlaces = text.split('.')[1]?.length ?? 0;
  if (decimalPlaces > options.decimals) {
    problems.push(`${label} may have at most ${options.decimals} decimal places`);
    return 0;
  }
  const amount = Number(text);
  if (amount > options.max) {
    problems.push(`${label} must be at most ${options.max} ${options.unit}`);
    return 0;
  }
  return amount;
}

/** Weight options in grams: each one of 0.5..3.5 Kg, at least one; repeats are folded together. */
export function readWeightOptions(value: unknown, problems: string[]): number[] {
  const entries = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .map((entry) =>
      entry && typeof entry === 'object' && '$numberDecimal' in entry
        ? (entry as { $numberDecimal: unknown }).$numberDecimal
        : entry,
    )
    .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
    .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
    .filter((entry) => entry !== '');
  if (!entries.length) {
    problems.push(SERVER_MESSAGES.chooseWeightOption);
    return [];
  }
  const grams = new Set<number>();
  for (const entry of entries) {
    const kg = typeof entry === 'number' || typeof entry === 'string' ? Number(entry) : Number.NaN;
    if (!(WEIGHT_OPTIONS_KG as readonly number[]).includes(kg)) {
      problems.push(`Weight option ${String(entry)} is not one of ${WEIGHT_LIST} Kg`);
      continue;
    }
    grams.add(Math.round(kg * 1000));
  }
  return [...grams].sort((a, b) => a - b);
}

/** A category id for a product; whether it exists is the service's question. */
export function readCategoryId(value: unknown, problems: string[]): string | null {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    problems.push(SERVER_MESSAGES.categoryRequired);
    return null;
  }
  if (typeof raw !== 'string' || !isUuid(raw.trim())) {
    problems.push(SERVER_MESSAGES.categoryDoesNotExist);
    return null;
  }
  return raw.trim().toLowerCase();
}

/**
 * Other names: a comma-separated text (the admin form, multipart) or, in JSON, a list of names.
 * Undefined when the field is absent, so an update from an older form keeps the product's aliases.
 */
export function readAliases(value: unknown, problems: string[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const entries = Array.isArray(value) ? value : [value];
  if (!entries.every((entry) => typeof entry === 'string')) {
    problems.push('Other names must be text, separated by commas');
    return undefined;
  }
  return parseAliases(entries.join(','), problems);
}

/** An HSN code, 4 to 8 digits; undefined when absent (an add takes the category's, an update keeps the product's). */
export function readHsnCode(value: unknown, problems: string[]): string | undefined {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const text =
    typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{4,8}$/.test(text)) {
    problems.push(SERVER_MESSAGES.hsnCodeDigits);
    return undefined;
  }
  return text;
}

/** A GST percent, one of the slabs; undefined when absent. */
export function readGstRate(value: unknown, problems: string[]): number | undefined {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/%$/, '') : '';
  const rate = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(GST_RATES as readonly number[]).includes(rate)) {
    problems.push(`GST rate must be one of ${GST_RATES.join(', ')} (percent)`);
    return undefined;
  }
  return rate;
}

export interface ProductInput {
  name: string;
  aliases: string[] | undefined;
  ratePaise: number;
  stockGrams: number;
  weightOptionsGrams: number[];
  categoryId: string | null;
  hsnCode: string | undefined;
  gstRate: number | undefined;
}

export function readProductFields(fields: Record<string, unknown>, problems: string[]): ProductInput {
  const name = readName(fields.name, 'Name', PRODUCT_NAME_MAX_LENGTH, problems);
  const aliases = readAliases(fields.aliases, problems);
  const rate = readAmount(fields.rate, 'Rate', { decimals: 2, max: MAX_RATE_RUPEES, unit: 'rupees per Kg' }, problems);
  const stocks = readAmount(fields.stocks, 'Stocks', { decimals: 3, max: MAX_STOCK_KG, unit: 'Kg' }, problems);
  const weightOptionsGrams = readWeightOptions(fields.kilogramOption, problems);
  const categoryId = readCategoryId(fields.category, problems);
  const hsnCode = readHsnCode(fields.hsnCode, problems);
  const gstRate = readGstRate(fields.gstRate, problems);
  return {
    hsnCode,
    gstRate,
    name,
    aliases,
    ratePaise: Math.round(rate * 100),
    stockGrams: Math.round(stocks * 1000),
    weightOptionsGrams,
    categoryId,
  };
}

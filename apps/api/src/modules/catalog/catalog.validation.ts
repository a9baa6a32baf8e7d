/**
 * Field rules for category and product writes. Every field is checked and every problem kept,
 * because product writes answer with one message per problem. Multipart sends text, JSON may send
 * numbers or numeric strings: both are read the same way.
 */
import { NAME_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH, parseAliases, WEIGHT_OPTIONS_KG } from '@mandi/shared';
import { rupeesToPaise } from '@mandi/shared/kernel';
import { GST_RATES } from '@mandi/shared/schemas';
import { fillMessage, SERVER_MESSAGES as M } from '@mandi/shared/server-messages';
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

/** What a name field's problems read like (the field named in each). */
export interface NameMessages {
  required: string;
  notText: string;
  /** With `{max}`. */
  tooLong: string;
}

export const PRODUCT_NAME_MESSAGES: NameMessages = {
  required: M.productNameRequired,
  notText: M.productNameNotText,
  tooLong: M.productNameTooLong,
};
export const CATEGORY_NAME_MESSAGES: NameMessages = {
  required: M.categoryNameRequired,
  notText: M.categoryNameNotText,
  tooLong: M.categoryNameTooLong,
};

export function readName(value: unknown, messages: NameMessages, max: number, problems: string[]): string {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    problems.push(messages.required);
    return '';
  }
  if (typeof raw !== 'string') {
    problems.push(messages.notText);
    return '';
  }
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length > max) problems.push(fillMessage(messages.tooLong, { max }));
  return name;
}

/** What an amount field's problems read like (the field and its unit named in each). */
interface AmountMessages {
  required: string;
  notNumber: string;
  /** With `{decimals}`. */
  tooManyDecimals: string;
  /** With `{max}`. */
  tooLarge: string;
}

/** A number >= 0 with at most `decimals` decimal places, as a JSON number or a numeric string. */
export function readAmount(
  value: unknown,
  messages: AmountMessages,
  options: { decimals: number; max: number },
  problems: string[],
): number {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    problems.push(messages.required);
    return 0;
  }
  const text =
    typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d+(\.\d+)?$/.test(text)) {
    problems.push(messages.notNumber);
    return 0;
  }
  const decimalPlaces = text.split('.')[1]?.length ?? 0;
  if (decimalPlaces > options.decimals) {
    problems.push(fillMessage(messages.tooManyDecimals, { decimals: options.decimals }));
    return 0;
  }
  const amount = Number(text);
  if (amount > options.max) {
    problems.push(fillMessage(messages.tooLarge, { max: options.max }));
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
    problems.push(M.chooseWeightOption);
    return [];
  }
  const grams = new Set<number>();
  for (const entry of entries) {
    const kg = typeof entry === 'number' || typeof entry === 'string' ? Number(entry) : Number.NaN;
    if (!(WEIGHT_OPTIONS_KG as readonly number[]).includes(kg)) {
      problems.push(fillMessage(M.weightOptionNotOffered, { value: String(entry), options: WEIGHT_LIST }));
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
    problems.push(M.categoryRequired);
    return null;
  }
  if (typeof raw !== 'string' || !isUuid(raw.trim())) {
    problems.push(M.categoryDoesNotExist);
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
    problems.push(M.otherNamesNotText);
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
    problems.push(M.hsnCodeDigits);
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
    problems.push(fillMessage(M.gstRateNotOffered, { rates: GST_RATES.join(', ') }));
    return undefined;
  }
  return rate;
}

const RATE_MESSAGES: AmountMessages = {
  required: M.rateRequired,
  notNumber: M.rateNotNumber,
  tooManyDecimals: M.rateDecimals,
  tooLarge: M.rateTooLarge,
};
const STOCKS_MESSAGES: AmountMessages = {
  required: M.stocksRequired,
  notNumber: M.stocksNotNumber,
  tooManyDecimals: M.stocksDecimals,
  tooLarge: M.stocksTooLarge,
};

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
  const name = readName(fields.name, PRODUCT_NAME_MESSAGES, PRODUCT_NAME_MAX_LENGTH, problems);
  const aliases = readAliases(fields.aliases, problems);
  const rate = readAmount(fields.rate, RATE_MESSAGES, { decimals: 2, max: MAX_RATE_RUPEES }, problems);
  const stocks = readAmount(fields.stocks, STOCKS_MESSAGES, { decimals: 3, max: MAX_STOCK_KG }, problems);
  const weightOptionsGrams = readWeightOptions(fields.kilogramOption, problems);
  const categoryId = readCategoryId(fields.category, problems);
  const hsnCode = readHsnCode(fields.hsnCode, problems);
  const gstRate = readGstRate(fields.gstRate, problems);
  return {
    hsnCode,
    gstRate,
    name,
    aliases,
    ratePaise: rupeesToPaise(rate),
    stockGrams: Math.round(stocks * 1000),
    weightOptionsGrams,
    categoryId,
  };
}

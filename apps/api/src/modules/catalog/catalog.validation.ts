/**
 * Field rules for category and product writes. Every field is checked and every problem kept,
 * because product writes answer with one message per problem. Multipart sends text, JSON may send
 * numbers or numeric strings: both are read the same way.
 */
import {
  type AliasProblem,
  NAME_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  parseAliases,
  WEIGHT_OPTIONS_KG,
} from '@mandi/shared';
import { rupeesToPaise } from '@mandi/shared/kernel';
import { GST_RATES } from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
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
  required: CodedMessage;
  notText: CodedMessage;
  tooLong: (max: number) => CodedMessage;
}

export const PRODUCT_NAME_MESSAGES: NameMessages = {
  required: serverMessage('productNameRequired'),
  notText: serverMessage('productNameNotText'),
  tooLong: (max) => serverMessage('productNameTooLong', { max }),
};
export const CATEGORY_NAME_MESSAGES: NameMessages = {
  required: serverMessage('categoryNameRequired'),
  notText: serverMessage('categoryNameNotText'),
  tooLong: (max) => serverMessage('categoryNameTooLong', { max }),
};

export function readName(value: unknown, messages: NameMessages, max: number, problems: CodedMessage[]): string {
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
  if (name.length > max) problems.push(messages.tooLong(max));
  return name;
}

/** What an amount field's problems read like (the field and its unit named in each). */
interface AmountMessages {
  required: CodedMessage;
  notNumber: CodedMessage;
  tooManyDecimals: (decimals: number) => CodedMessage;
  tooLarge: (max: number) => CodedMessage;
}

/** A number >= 0 with at most `decimals` decimal places, as a JSON number or a numeric string. */
export function readAmount(
  value: unknown,
  messages: AmountMessages,
  options: { decimals: number; max: number },
  problems: CodedMessage[],
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
    problems.push(messages.tooManyDecimals(options.decimals));
    return 0;
  }
  const amount = Number(text);
  if (amount > options.max) {
    problems.push(messages.tooLarge(options.max));
    return 0;
  }
  return amount;
}

/** Weight options in grams: each one of 0.5..3.5 Kg, at least one; repeats are folded together. */
export function readWeightOptions(value: unknown, problems: CodedMessage[]): number[] {
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
    problems.push(serverMessage('chooseWeightOption'));
    return [];
  }
  const grams = new Set<number>();
  for (const entry of entries) {
    const kg = typeof entry === 'number' || typeof entry === 'string' ? Number(entry) : Number.NaN;
    if (!(WEIGHT_OPTIONS_KG as readonly number[]).includes(kg)) {
      problems.push(serverMessage('weightOptionNotOffered', { value: String(entry), options: WEIGHT_LIST }));
      continue;
    }
    grams.add(Math.round(kg * 1000));
  }
  return [...grams].sort((a, b) => a - b);
}

/** A category id for a product; whether it exists is the service's question. */
export function readCategoryId(value: unknown, problems: CodedMessage[]): string | null {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    problems.push(serverMessage('categoryRequired'));
    return null;
  }
  if (typeof raw !== 'string' || !isUuid(raw.trim())) {
    problems.push(serverMessage('categoryDoesNotExist'));
    return null;
  }
  return raw.trim().toLowerCase();
}

/**
 * Other names: a comma-separated text (the admin form, multipart) or, in JSON, a list of names.
 * Undefined when the field is absent, so an update from an older form keeps the product's aliases.
 */
export function readAliases(value: unknown, problems: CodedMessage[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const entries = Array.isArray(value) ? value : [value];
  if (!entries.every((entry) => typeof entry === 'string')) {
    problems.push(serverMessage('otherNamesNotText'));
    return undefined;
  }
  const aliasProblems: AliasProblem[] = [];
  const aliases = parseAliases(entries.join(','), aliasProblems);
  for (const problem of aliasProblems) {
    problems.push(
      problem.code === 'otherNameTooLong'
        ? serverMessage(problem.code, problem.values)
        : serverMessage(problem.code, problem.values),
    );
  }
  return aliases;
}

/** An HSN code, 4 to 8 digits; undefined when absent (an add takes the category's, an update keeps the product's). */
export function readHsnCode(value: unknown, problems: CodedMessage[]): string | undefined {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const text =
    typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{4,8}$/.test(text)) {
    problems.push(serverMessage('hsnCodeDigits'));
    return undefined;
  }
  return text;
}

/** A GST percent, one of the slabs; undefined when absent. */
export function readGstRate(value: unknown, problems: CodedMessage[]): number | undefined {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/%$/, '') : '';
  const rate = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(GST_RATES as readonly number[]).includes(rate)) {
    problems.push(serverMessage('gstRateNotOffered', { rates: GST_RATES.join(', ') }));
    return undefined;
  }
  return rate;
}

const RATE_MESSAGES: AmountMessages = {
  required: serverMessage('rateRequired'),
  notNumber: serverMessage('rateNotNumber'),
  tooManyDecimals: (decimals) => serverMessage('rateDecimals', { decimals }),
  tooLarge: (max) => serverMessage('rateTooLarge', { max }),
};
const STOCKS_MESSAGES: AmountMessages = {
  required: serverMessage('stocksRequired'),
  notNumber: serverMessage('stocksNotNumber'),
  tooManyDecimals: (decimals) => serverMessage('stocksDecimals', { decimals }),
  tooLarge: (max) => serverMessage('stocksTooLarge', { max }),
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

export function readProductFields(fields: Record<string, unknown>, problems: CodedMessage[]): ProductInput {
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

/**
 * Field rules for category and product writes. Every field is checked and every problem kept,
 * because product writes answer with one message per problem. Multipart sends text, JSON may send
 * numbers or numeric strings: both are read the same way.
 */
import { type AliasProblem, NAME_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH, parseAliases } from '@mandi/shared';
import {
  checkQuantityOptions,
  isCountedUnit,
  isUnit,
  parseKgToGrams,
  rupeesToPaise,
  UNITS,
  type Unit,
} from '@mandi/shared/kernel';
import { GST_RATES } from '@mandi/shared/schemas';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';
import { isUuid } from '../../lib/validation.js';

export const CATEGORY_NAME_MAX_LENGTH = NAME_MAX_LENGTH;
/** Upper bounds keep paise and grams well inside a 32-bit integer column. */
export const MAX_RATE_RUPEES = 1_000_000;
export const MAX_STOCK_KG = 1_000_000;

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

/**
 * A category's name in Hindi: optional, as long as the name may be, spaces folded as in the name.
 * Undefined when the field is absent (an update keeps the category's own); '' empties it.
 */
export function readHindiName(value: unknown, problems: CodedMessage[]): string | undefined {
  const raw = single(value);
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') {
    problems.push(serverMessage('categoryNameHiNotText'));
    return undefined;
  }
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length > CATEGORY_NAME_MAX_LENGTH) {
    problems.push(serverMessage('categoryNameHiTooLong', { max: CATEGORY_NAME_MAX_LENGTH }));
    return undefined;
  }
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
  options: { decimals: number; max: number; positive?: CodedMessage },
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
  if (options.positive && amount === 0) {
    problems.push(options.positive);
    return 0;
  }
  return amount;
}

/**
 * The quantities a shopper may pick, in thousandths of the product's unit (kernel units.ts):
 * kg/litre multiples of 0.05 from 0.05 to 25, counted units whole 1 to 50; 1 to 12 of them, no
 * repeats. Each problem names the field (kilogramOption, its name on the wire).
 */
export function readQuantityOptions(value: unknown, unit: Unit, problems: CodedMessage[]): number[] {
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
  const notOffered = isCountedUnit(unit) ? 'quantityOptionNotCounted' : 'quantityOptionNotMeasured';
  const options: number[] = [];
  for (const entry of entries) {
    const thousandths = parseKgToGrams(entry);
    if (thousandths === null) {
      problems.push(serverMessage(notOffered, { value: String(entry), unit }));
      return [];
    }
    options.push(thousandths);
  }
  const check = checkQuantityOptions(unit, options);
  if (check.problem === 'tooMany') problems.push(serverMessage('quantityOptionsTooMany', { max: check.max }));
  else if (check.problem === 'repeated') {
    problems.push(serverMessage('quantityOptionRepeated', { value: String(check.thousandths / 1000) }));
  } else if (check.problem === 'notOffered') {
    problems.push(serverMessage(notOffered, { value: String(check.thousandths / 1000), unit }));
  }
  return check.problem === 'none' ? [...options].sort((a, b) => a - b) : [];
}

/** The product's unit: one of the six; undefined when absent (an add is kg, an update keeps its unit). */
export function readUnit(value: unknown, problems: CodedMessage[]): Unit | undefined {
  const raw = single(value);
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (!isUnit(text)) {
    problems.push(serverMessage('unitNotKnown', { units: UNITS.join(', ') }));
    return undefined;
  }
  return text;
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

/**
 * A PLU (the product's number in a scale's barcode), 1-99999; null when sent empty (none);
 * undefined when absent (an update keeps the product's).
 */
export function readPlu(value: unknown, problems: CodedMessage[]): number | null | undefined {
  const raw = single(value);
  if (raw === undefined) return undefined;
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const plu = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(plu >= 1 && plu <= 99_999)) {
    problems.push(serverMessage('pluRange'));
    return undefined;
  }
  return plu;
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
  /** Thousandths of the unit (decision 0022). */
  weightOptionsGrams: number[];
  unit: Unit;
  categoryId: string | null;
  hsnCode: string | undefined;
  gstRate: number | undefined;
  plu: number | null | undefined;
}

/**
 * Every product field; `currentUnit` is the unit the product is sold in when the form names none
 * (kg for an add, the product's own for an update), and the options are checked against it.
 */
export function readProductFields(
  fields: Record<string, unknown>,
  problems: CodedMessage[],
  currentUnit: Unit = 'kg',
): ProductInput {
  const name = readName(fields.name, PRODUCT_NAME_MESSAGES, PRODUCT_NAME_MAX_LENGTH, problems);
  const aliases = readAliases(fields.aliases, problems);
  // A product is sold at a rate, as the rate board requires (decision 0055): never ₹0.
  const rate = readAmount(
    fields.rate,
    RATE_MESSAGES,
    { decimals: 2, max: MAX_RATE_RUPEES, positive: serverMessage('rateNotPositive') },
    problems,
  );
  const stocks = readAmount(fields.stocks, STOCKS_MESSAGES, { decimals: 3, max: MAX_STOCK_KG }, problems);
  const unit = readUnit(fields.unit, problems) ?? currentUnit;
  const weightOptionsGrams = readQuantityOptions(fields.kilogramOption, unit, problems);
  const categoryId = readCategoryId(fields.category, problems);
  const hsnCode = readHsnCode(fields.hsnCode, problems);
  const gstRate = readGstRate(fields.gstRate, problems);
  const plu = readPlu(fields.plu, problems);
  return {
    hsnCode,
    gstRate,
    plu,
    name,
    aliases,
    ratePaise: rupeesToPaise(rate),
    stockGrams: Math.round(stocks * 1000),
    weightOptionsGrams,
    unit,
    categoryId,
  };
}

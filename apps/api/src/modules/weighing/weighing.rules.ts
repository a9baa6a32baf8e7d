/**
 * The weighing rules, pure (no database, no clock): a line's amount, which packed weights an order
 * accepts, and the kilograms ↔ grams of the wire. Money is integer paise and weight integer grams.
 */
import { SHOP_TIME_ZONE } from '@mandi/shared';
import { type CodedMessage, serverMessage } from '@mandi/shared/server-messages';

/** A packed weight may be at most this share of the ordered weight (the scale's honest overshoot). */
export const MAX_PACKED_PERCENT = 110;

/**
 * Rate (paise per kg) × grams, rounded half up to the paisa, in integers: exact for any 32-bit rate
 * and weight because the product stays far below 2^53.
 */
export function lineAmountPaise(ratePaise: number, grams: number): number {
  return Math.floor((ratePaise * grams + 500) / 1000);
}

/** The most grams a line of `orderedGrams` may be packed at: 110 %, rounded down to a whole gram. */
export function maxPackedGrams(orderedGrams: number): number {
  return Math.floor((orderedGrams * MAX_PACKED_PERCENT) / 100);
}

/**
 * A wire weight in kilograms (a number or a numeric string, at most 3 decimals) as whole grams, or
 * null when it is not a plain non-negative decimal of whole grams. Strings are read digit by digit,
 * so "1.005" is exactly 1005 g with no binary rounding on the way.
 */
export function parseKgToGrams(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // Up to 3 decimals survive toFixed(3) exactly; more decimals than that are not whole grams.
    const fixed = value.toFixed(3);
    if (Math.abs(Number(fixed) - value) > 1e-9) return null;
    text = fixed;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,7})(?:\.(\d{0,3}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(3, '0'));
  return whole * 1000 + fraction;
}

/** Whole grams as a kilogram numeric string with no trailing zeros: 1040 → "1.04", 0 → "0". */
export function gramsToKgString(grams: number): string {
  const whole = Math.floor(grams / 1000);
  const fraction = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export interface PackLine {
  id: string;
  quantityGrams: number;
  name: string;
}

export type PackCheck = { ok: true; packedGrams: Map<string, number> } | { ok: false; message: CodedMessage };

/**
 * Checks an admin's packed weights against the order's lines: every line exactly once, whole
 * grams, between 0 and 110 % of the ordered weight. The message names the line that failed.
 */
export function checkPackedWeights(
  lines: readonly PackLine[],
  items: readonly { _id: string; packedQuantity: unknown }[],
): PackCheck {
  const byId = new Map(lines.map((line) => [line.id.toLowerCase(), line]));
  const packed = new Map<string, number>();
  for (const item of items) {
    const id = String(item._id).toLowerCase();
    const line = byId.get(id);
    if (!line) return { ok: false, message: serverMessage('packItemNotInOrder', { id: String(item._id) }) };
    if (packed.has(id)) return { ok: false, message: serverMessage('packItemTwice', { name: line.name }) };
    const grams = parseKgToGrams(item.packedQuantity);
    if (grams === null) {
      return { ok: false, message: serverMessage('packWeightInvalid', { name: line.name }) };
    }
    const most = maxPackedGrams(line.quantityGrams);
    if (grams > most) {
      return {
        ok: false,
        message: serverMessage('packWeightTooMuch', {
          name: line.name,
          most: gramsToKgString(most),
          ordered: gramsToKgString(line.quantityGrams),
        }),
      };
    }
    packed.set(id, grams);
  }
  const missing = lines.find((line) => !packed.has(line.id.toLowerCase()));
  if (missing) return { ok: false, message: serverMessage('packItemMissing', { name: missing.name }) };
  return { ok: true, packedGrams: packed };
}

const shopDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop date (`YYYY-MM-DD` in Asia/Kolkata) of an instant, whatever the process's TZ. */
export function shopDateOf(instant: Date): string {
  return shopDateFormat.format(instant);
}

/** India keeps one offset all year (+05:30, no daylight saving), so a shop day is a fixed span of UTC. */
const SHOP_UTC_OFFSET = '+05:30';

/** The instants [from, to) of a shop date. */
export function shopDayRange(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00${SHOP_UTC_OFFSET}`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The shop date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break, and a leading = + - @ tab or
 * carriage return is defused with an apostrophe, so a spreadsheet never runs a product name as a formula.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends (RFC 4180), header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

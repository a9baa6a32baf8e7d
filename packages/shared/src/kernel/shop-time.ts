/**
 * Shop time: shop dates (pick list, bills register, slots, dashboard days) and shop months (bills
 * register, GST return, khata statement) are dates in Asia/Kolkata whatever the server's or the
 * browser's TZ. India keeps one offset all year (+05:30, no daylight saving since 1945), so shop
 * time is UTC + 5:30 exactly: no ICU time zone data and no formatter to build on a phone's first
 * screen. Where a date or a time is shown in words, `formatShopTime` is the one formatter, and the
 * only place the zone's name is used.
 */

/** The shop's clock, for `Intl` formats that show a shop date or time (through `shopTimeFormat`). */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The shop's offset from UTC as ISO 8601 writes it: "2026-11-27T06:00:00+05:30". */
export const SHOP_UTC_OFFSET = '+05:30';

const SHOP_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The shop date (`YYYY-MM-DD`) of an instant. */
export function shopDateOf(instant: Date): string {
  return new Date(instant.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}

/** The shop day of an instant as a whole number of days since 1970-01-01 (Kolkata): cheap to compare and subtract. */
export function shopDayNumber(instant: Date): number {
  return Math.floor((instant.getTime() + SHOP_OFFSET_MS) / DAY_MS);
}

/** The instant a shop date's minute happens: 07:00 on 2026-11-24 in Kolkata is 01:30 UTC. */
export function shopInstant(date: string, minuteOfDay = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000 - SHOP_OFFSET_MS);
}

/** The instants [from, to) of a shop date. */
export function shopDayRange(date: string): { from: Date; to: Date } {
  const from = shopInstant(date);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The shop date `days` after `date` (negative: before), both `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The shop's clock time (`HH:MM`, 24-hour) of an instant: "prices as of 07:10". */
export function shopClockOf(instant: Date): string {
  return new Date(instant.getTime() + SHOP_OFFSET_MS).toISOString().slice(11, 16);
}

/** The shop month (`YYYY-MM`) of an instant: the bills register's and the statement's "this month". */
export function shopMonthOf(instant: Date): string {
  return shopDateOf(instant).slice(0, 7);
}

/** The shop month of an instant up to its day, as shop dates: a statement's "this month so far". */
export function shopMonthSoFar(instant: Date): { from: string; to: string } {
  return { from: `${shopMonthOf(instant)}-01`, to: shopDateOf(instant) };
}

/** The month `months` after `month` (negative: before), both `YYYY-MM`: 2026-12 + 1 is 2027-01. */
export function addMonths(month: string, months: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + number - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The instants [from, to) of a shop month `YYYY-MM`: from its first midnight to the next month's. */
export function shopMonthRange(month: string): { from: Date; to: Date } {
  return { from: shopInstant(`${month}-01`), to: shopInstant(`${addMonths(month, 1)}-01`) };
}

/** The languages a shop date is written in; Hindi (hi-IN) keeps Latin digits. */
export type ShopTimeLanguage = 'en' | 'hi';
const SHOP_TIME_LOCALES: Record<ShopTimeLanguage, string> = { en: 'en-IN', hi: 'hi-IN' };

/** `Intl.DateTimeFormat` options without a zone: the shop's is always the one. */
export type ShopTimeFormatOptions = Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>;

const shopTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The one date and time formatter of the shop: an `Intl.DateTimeFormat` of `options` in a language,
 * reading instants in shop time whatever the device's zone. Each is made the first time it is asked
 * for and then kept: the first Intl object costs a phone tens of milliseconds of locale data, and
 * most screens show no date.
 */
export function shopTimeFormat(options: ShopTimeFormatOptions, language: ShopTimeLanguage = 'en'): Intl.DateTimeFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let format = shopTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(SHOP_TIME_LOCALES[language], { ...options, timeZone: SHOP_TIME_ZONE });
    shopTimeFormats.set(key, format);
  }
  return format;
}

/** An instant as the shop's calendar and clock show it: "Fri, 27 Nov, 6:00 am" for weekday, day, month, hour and minute. */
export function formatShopTime(
  instant: Date,
  options: ShopTimeFormatOptions,
  language: ShopTimeLanguage = 'en',
): string {
  return shopTimeFormat(options, language).format(instant);
}

/**
 * A shop date (`YYYY-MM-DD`) in words, read at its noon in the shop so no zone moves it to another
 * day: "Tuesday, 24 November" for weekday, day and month; other text (a half-typed date) as sent.
 */
export function formatShopDay(date: string, options: ShopTimeFormatOptions, language: ShopTimeLanguage = 'en'): string {
  const noon = shopInstant(date, 12 * 60);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(noon.getTime())) return date;
  return formatShopTime(noon, options, language);
}

/** A shop month (`YYYY-MM`) in words: "November 2026", "नवंबर 2026"; other text as sent. */
export function formatShopMonth(month: string, language: ShopTimeLanguage = 'en'): string {
  const middle = shopInstant(`${month}-15`, 12 * 60);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(middle.getTime())) return month;
  return formatShopTime(middle, { month: 'long', year: 'numeric' }, language);
}

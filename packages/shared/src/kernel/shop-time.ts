/**
 * Shop time: shop dates (pick list, bills register, slots, dashboard days) are dates in
 * Asia/Kolkata whatever the server's or the browser's TZ. India keeps one offset all year (+05:30,
 * no daylight saving since 1945), so shop time is UTC + 5:30 exactly: no ICU time zone data and no
 * formatter to build on a phone's first screen.
 */

/** The shop's clock, for `Intl` formats that show a shop date or time. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

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

/**
 * The rate board's rules (decision 0036), without a database: reading a rate the admin typed, the
 * margin on cost, when a schedule may apply, the Hindi name a product is listed under, and the
 * day's rate list as chat text. Money in paise.
 */
import { formatRupees } from '@mandi/shared';
import { hindiNameOf, paiseToRupees, rupeesToPaise, type Unit, unitName } from '@mandi/shared/kernel';
import { RATE_BOARD_MAX_RUPEES, RATE_SCHEDULE_MAX_DAYS, type RateListLanguage } from '@mandi/shared/schemas';

/** A rate as the board sends it (a number or numeric text, ₹ above 0, at most 2 decimals) in paise; null when it is not one. */
export function readRatePaise(value: unknown): number | null {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const rupees = Number(text);
  if (!(rupees > 0) || rupees > RATE_BOARD_MAX_RUPEES) return null;
  return rupeesToPaise(rupees);
}

/** How far back an `effectiveAt` may lie and still mean "now" (a phone's clock a little behind the server's). */
export const EFFECTIVE_AT_GRACE_MS = 5 * 60_000;

/**
 * When a publish applies: `null` for now (no moment, or one within the grace before now), the
 * moment for a schedule, or `'invalid'` (earlier than the grace, or more than the allowed days ahead).
 */
export function scheduleOf(effectiveAt: string | null | undefined, now: Date): Date | null | 'invalid' {
  if (!effectiveAt) return null;
  const at = new Date(effectiveAt);
  const ms = at.getTime();
  if (Number.isNaN(ms)) return 'invalid';
  if (ms < now.getTime() - EFFECTIVE_AT_GRACE_MS) return 'invalid';
  if (ms > now.getTime() + RATE_SCHEDULE_MAX_DAYS * 86_400_000) return 'invalid';
  return ms <= now.getTime() ? null : at;
}

/** How long a process waits before it looks for due changes again: at the next due one, at most a minute. */
export const RATE_CHECK_EVERY_MS = 60_000;
export function nextCheckDelayMs(nextDue: Date | null, now: Date): number {
  if (!nextDue) return RATE_CHECK_EVERY_MS;
  return Math.min(RATE_CHECK_EVERY_MS, Math.max(0, nextDue.getTime() - now.getTime()));
}

/**
 * The name a product is listed under in `language`: in Hindi, its first other name written in
 * Devanagari ("आलू" for Potato), else its own name; in English its own name.
 */
export function listedName(name: string, aliases: readonly string[], language: RateListLanguage): string {
  if (language === 'hi') return hindiNameOf(aliases) ?? name;
  return name;
}

const WEEKDAYS: Record<RateListLanguage, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  hi: ['रवि', 'सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि'],
};
const MONTHS: Record<RateListLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जन', 'फ़र', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अग', 'सित', 'अक्टू', 'नव', 'दिस'],
};

/** A shop date (YYYY-MM-DD) as a heading writes it: "Thu 26 Nov", "गुरु 26 नव". */
export function shortShopDay(date: string, language: RateListLanguage): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[language][day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[language][day.getUTCMonth()]}`;
}

export interface ListedRate {
  name: string;
  category: string;
  unit: Unit;
  ratePaise: number;
}

/** "₹40/kg", "₹42.50/dozen", "₹40/किलो". */
export const rateText = (ratePaise: number, unit: Unit, language: RateListLanguage): string =>
  `${formatRupees(paiseToRupees(ratePaise))}/${unitName(unit, language)}`;

/**
 * The day's rate list to paste into WhatsApp: a bold heading with the shop's name and the day, then
 * each category's name in bold over its products, one "Name ₹rate/unit" line each, in the order
 * given (the walking order). Categories keep the names the admin gave them.
 */
export function rateListText(
  shopName: string,
  date: string,
  language: RateListLanguage,
  rows: readonly ListedRate[],
): string {
  const heading =
    language === 'hi'
      ? `*${shopName} के आज के भाव, ${shortShopDay(date, 'hi')}*`
      : `*${shopName} rates, ${shortShopDay(date, 'en')}*`;
  const lines = [heading];
  let category: string | null = null;
  for (const row of rows) {
    if (row.category !== category) {
      category = row.category;
      lines.push('', `*${category}*`);
    }
    lines.push(`${row.name} ${rateText(row.ratePaise, row.unit, language)}`);
  }
  if (rows.length === 0) lines.push('', language === 'hi' ? 'आज कोई सामान उपलब्ध नहीं है।' : 'Nothing in stock today.');
  return lines.join('\n');
}

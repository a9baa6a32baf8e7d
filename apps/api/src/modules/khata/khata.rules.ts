/**
 * The khata's rules, pure (decision 0034): what is still owed by the age of its bills, the credit
 * available, and the WhatsApp reminder. Amounts are paise.
 */
import type { KhataEntryKind, ShopLanguage } from '@mandi/shared';
import { formatRupees } from '@mandi/shared';
import { paiseToRupees, shopDayNumber } from '@mandi/shared/kernel';
import { KHATA_AGING_DAYS } from '@mandi/shared/schemas';

/** What aging needs of an entry. */
export interface AgingEntry {
  kind: KhataEntryKind;
  orderId: string | null;
  amountPaise: number;
  createdAt: Date;
}

export interface Aging {
  days0to7: number;
  days8to30: number;
  days31plus: number;
  /** Days since the oldest bill not yet settled; null when nothing is owed. */
  oldestUnpaidDays: number | null;
}

/** Whole shop days from `from` to `to` (both instants), by their Kolkata dates. */
export function shopDaysBetween(from: Date, to: Date): number {
  return shopDayNumber(to) - shopDayNumber(from);
}

/**
 * The balance by the age of the bills it comes from. A bill, its repack adjustments and its
 * reversal are one debt dated at the bill; every other credit (payments, refunds credited) settles
 * the oldest debts first. What is left of each debt is aged by its bill's shop date. The buckets add
 * up to the balance when it is owed, and are all 0 for a settled khata or an advance.
 */
export function agingOf(entries: readonly AgingEntry[], now: Date): Aging {
  const billDates = new Map<string, Date>();
  for (const entry of entries) {
    if (entry.kind === 'bill' && entry.orderId) billDates.set(entry.orderId, entry.createdAt);
  }
  const debts = new Map<string, { date: Date; paise: number }>();
  let credits = 0;
  for (const entry of entries) {
    const billDate = entry.orderId && entry.kind !== 'payment' ? billDates.get(entry.orderId) : undefined;
    if (billDate && entry.orderId) {
      const debt = debts.get(entry.orderId) ?? { date: billDate, paise: 0 };
      debt.paise += entry.amountPaise;
      debts.set(entry.orderId, debt);
    } else if (entry.amountPaise < 0) {
      credits -= entry.amountPaise;
    } else {
      debts.set(`entry:${debts.size}`, { date: entry.createdAt, paise: entry.amountPaise });
    }
  }
  const owed = [...debts.values()]
    .flatMap((debt) => {
      // A debt reduced below nothing (a repack lighter than a payment assumed) is a credit.
      if (debt.paise < 0) credits -= debt.paise;
      return debt.paise > 0 ? [debt] : [];
    })
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  const aging: Aging = { days0to7: 0, days8to30: 0, days31plus: 0, oldestUnpaidDays: null };
  for (const debt of owed) {
    const settled = Math.min(credits, debt.paise);
    credits -= settled;
    const left = debt.paise - settled;
    if (left <= 0) continue;
    const days = shopDaysBetween(debt.date, now);
    if (aging.oldestUnpaidDays === null) aging.oldestUnpaidDays = days;
    if (days <= KHATA_AGING_DAYS.recent) aging.days0to7 += left;
    else if (days <= KHATA_AGING_DAYS.month) aging.days8to30 += left;
    else aging.days31plus += left;
  }
  return aging;
}

/**
 * The credit left for new khata orders: the limit less what is owed and what is on the way
 * (khata orders not yet billed); never below 0 (a repack may bill more than was estimated). A
 * closed khata has none.
 */
export function availablePaise(
  account: { creditLimitPaise: number | null; balancePaise: number },
  pendingPaise: number,
) {
  if (account.creditLimitPaise === null) return 0;
  return Math.max(0, account.creditLimitPaise - account.balancePaise - pendingPaise);
}

/** A khata's credit left for the next order, unclamped: what placing checks an estimate against. */
export function creditLeftPaise(
  account: { creditLimitPaise: number | null; balancePaise: number },
  pendingPaise: number,
): number | null {
  return account.creditLimitPaise === null ? null : account.creditLimitPaise - account.balancePaise - pendingPaise;
}

/** The reminder's words, in the shopper's language, for what the khata shows. */
export function reminderText(input: {
  name: string;
  shopName: string;
  balancePaise: number;
  language: ShopLanguage;
}): string {
  const { name, shopName, balancePaise, language } = input;
  const amount = formatRupees(paiseToRupees(Math.abs(balancePaise)));
  if (language === 'hi') {
    if (balancePaise > 0) {
      return `नमस्ते ${name}, ${shopName} के खाते में आपके ${amount} बाक़ी हैं। सुविधा से चुका दें। धन्यवाद!`;
    }
    if (balancePaise < 0) return `नमस्ते ${name}, ${shopName} के खाते में आपके ${amount} अग्रिम जमा हैं। धन्यवाद!`;
    return `नमस्ते ${name}, ${shopName} में आपका खाता चुकता है। धन्यवाद!`;
  }
  if (balancePaise > 0) {
    return `Namaste ${name}, your khata with ${shopName} shows ${amount} due. Please pay when convenient. Thank you!`;
  }
  if (balancePaise < 0) return `Namaste ${name}, your khata with ${shopName} has ${amount} paid in advance. Thank you!`;
  return `Namaste ${name}, your khata with ${shopName} is settled. Thank you!`;
}

/** `https://wa.me/91{mobile}?text=…`, or null without a 10-digit mobile number. */
export function reminderUrl(mobile: string | null, text: string): string | null {
  if (!mobile || !/^\d{10}$/.test(mobile)) return null;
  return `https://wa.me/91${mobile}?text=${encodeURIComponent(text)}`;
}

/**
 * A tender as typed at the counter, pure: the amount (₹, at most 2 decimals) of Cash, UPI or
 * Khata, for cash what was handed over (the change is the rest), judged against what is still due
 * and, for the khata, what the customer's khata has available. Online, the server refuses a khata
 * tender above the available, so the screen does too; offline it is taken (the server accepts it
 * with `overLimit`, shown to the owner).
 */
import { type CounterTenderMethod, isWholePaise, rupeesToPaise, type TenderInPaise } from '@mandi/shared/kernel';
import type { Text } from '../../lib/i18n';
import { counterTexts as x } from './counter.texts';

export type TenderReading =
  | { kind: 'tender'; tender: TenderInPaise; isOverKhata: boolean }
  | { kind: 'problem'; problem: Text; values?: Record<string, string | number> };

/** Rupees as typed ("250", "99.50") in paise, or null when they are not a positive amount of whole paise. */
export function typedPaise(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return null;
  const rupees = Number(trimmed);
  return Number.isFinite(rupees) && isWholePaise(rupees) && rupees > 0 ? rupeesToPaise(rupees) : null;
}

export interface TenderContext {
  duePaise: number;
  /** What the chosen customer's khata has available now (paise), or null without a khata. */
  khataAvailablePaise: number | null;
  isOnline: boolean;
  money: (paise: number) => string;
}

export function readTender(
  method: CounterTenderMethod,
  amountText: string,
  receivedText: string,
  context: TenderContext,
): TenderReading {
  const amountPaise = typedPaise(amountText);
  if (amountPaise === null) return { kind: 'problem', problem: x.amountNotPositive };
  if (amountPaise > context.duePaise) {
    return { kind: 'problem', problem: x.amountAboveDue, values: { due: context.money(context.duePaise) } };
  }
  if (method === 'Cash') {
    if (receivedText.trim() === '') return { kind: 'tender', tender: { method, amountPaise }, isOverKhata: false };
    const receivedPaise = typedPaise(receivedText);
    if (receivedPaise === null || receivedPaise < amountPaise) {
      return { kind: 'problem', problem: x.receivedBelow, values: { amount: context.money(amountPaise) } };
    }
    return { kind: 'tender', tender: { method, amountPaise, receivedPaise }, isOverKhata: false };
  }
  if (method === 'Khata') {
    const available = context.khataAvailablePaise;
    if (available === null) return { kind: 'problem', problem: x.khataNeedsCustomer };
    const isOverKhata = amountPaise > available;
    if (isOverKhata && context.isOnline) {
      return { kind: 'problem', problem: x.khataAbove, values: { available: context.money(Math.max(0, available)) } };
    }
    return { kind: 'tender', tender: { method, amountPaise }, isOverKhata };
  }
  return { kind: 'tender', tender: { method, amountPaise }, isOverKhata: false };
}

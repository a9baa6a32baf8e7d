/**
 * A sale at the counter (API contract part 4, "Counter sales"): the quantity a counter line may
 * take, the quantity of "₹20 of dhaniya", and what the tenders leave due and give back. The
 * counter screen judges a bill by these rules before it queues it, as the server judges the sale.
 * Quantities in thousandths of the unit (grams for kg), money in integer paise.
 */
import { isCountedUnit, type Unit } from './units.js';

/** kg/litre 0.001 to 50 in whole grams (ml); counted units 1 to 500, whole. Thousandths. */
export const COUNTER_QUANTITY_LIMITS = {
  measured: { min: 1, max: 50_000, step: 1 },
  counted: { min: 1_000, max: 500_000, step: 1_000 },
} as const;

export function counterQuantityLimits(unit: Unit): { min: number; max: number; step: number } {
  return COUNTER_QUANTITY_LIMITS[isCountedUnit(unit) ? 'counted' : 'measured'];
}

/** Whether a counter line of a product sold in `unit` may hold `thousandths`. */
export function isCounterQuantity(unit: Unit, thousandths: number): boolean {
  const { min, max, step } = counterQuantityLimits(unit);
  return Number.isInteger(thousandths) && thousandths >= min && thousandths <= max && thousandths % step === 0;
}

/**
 * The ₹ mode of a weighed product: the quantity worth `amountPaise` at `ratePaise` per kg (litre),
 * rounded half up to whole grams (ml). The line is then priced as any other (rate × quantity), so
 * its amount may differ from the asked one by a few paise: ₹20 of dhaniya at ₹130/kg is 153.8 g,
 * so 154 g, for ₹20.02; ₹50 of tomatoes at ₹40/kg is 1.25 kg exactly.
 */
export function quantityForAmount(ratePaise: number, amountPaise: number): number {
  if (!Number.isSafeInteger(ratePaise) || ratePaise <= 0)
    throw new RangeError(`rate in paise must be positive: ${ratePaise}`);
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0)
    throw new RangeError(`amount in paise must be a whole number: ${amountPaise}`);
  return Math.floor((amountPaise * 2000 + ratePaise) / (2 * ratePaise));
}

export type CounterTenderMethod = 'Cash' | 'UPI' | 'Khata';

/** A tender in paise: `receivedPaise` is the cash handed over (at least the amount), when said. */
export interface TenderInPaise {
  method: CounterTenderMethod;
  amountPaise: number;
  receivedPaise?: number | null;
}

/** What the tenders still leave to pay of `totalPaise` (0: they add up; negative: too much). */
export function duePaise(totalPaise: number, tenders: readonly TenderInPaise[]): number {
  return tenders.reduce((due, tender) => due - tender.amountPaise, totalPaise);
}

/** The change to give: the cash received above each cash tender's amount. */
export function changePaise(tenders: readonly TenderInPaise[]): number {
  return tenders.reduce(
    (change, tender) =>
      tender.method === 'Cash' && tender.receivedPaise != null
        ? change + Math.max(0, tender.receivedPaise - tender.amountPaise)
        : change,
    0,
  );
}

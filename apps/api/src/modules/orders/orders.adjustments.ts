/**
 * Order adjustments (decision 0017): what participants add to an order besides its lines, each
 * a signed amount in paise named by its source module and kind (the delivery fee, the round-off,
 * later a discount or a credit). The orders module keeps them and adds them up; it never judges
 * one itself. `total = lines + adjustments` is computed here and nowhere else.
 */

/**
 * How the bill taxes an adjustment: with the goods at the rate of the main supply, not at all, or
 * as a discount (negative) that lowers the taxable value of the goods lines in proportion to their
 * value (decision 0044).
 */
export type TaxTreatment = 'principal-supply' | 'outside-supply' | 'discount';

export interface Adjustment {
  /** The participant (module) that wrote it: 'delivery', 'round-off'. */
  source: string;
  /** What it is within that source: 'fee', 'round-off'. One per source and kind per order. */
  kind: string;
  /** The bill's and the mail's line, in English (the PDF translates the ones it knows). */
  label: string;
  /** Signed paise: a fee is positive, a discount negative. */
  amountPaise: number;
  taxTreatment: TaxTreatment;
}

/** The two adjustments every shop has today, by source and kind. */
export const DELIVERY_FEE = { source: 'delivery', kind: 'fee', label: 'Delivery charge' } as const;
export const ROUND_OFF = { source: 'round-off', kind: 'round-off', label: 'Round off' } as const;

const keyOf = (adjustment: { source: string; kind: string }) => `${adjustment.source}/${adjustment.kind}`;

/**
 * An order's adjustments while a moment decides them, in the order they were first set. Setting an
 * amount of 0 removes one (an adjustment of nothing is no row and no bill line).
 */
export class AdjustmentSet {
  private readonly byKey = new Map<string, Adjustment>();

  constructor(adjustments: readonly Adjustment[] = []) {
    for (const adjustment of adjustments)
      if (adjustment.amountPaise !== 0) this.byKey.set(keyOf(adjustment), adjustment);
  }

  get(ref: { source: string; kind: string }): Adjustment | undefined {
    return this.byKey.get(keyOf(ref));
  }

  amountOf(ref: { source: string; kind: string }): number {
    return this.get(ref)?.amountPaise ?? 0;
  }

  /** Sets (or, at 0, removes) one adjustment; returns the undo that puts back what was there. */
  set(adjustment: Adjustment): () => void {
    const key = keyOf(adjustment);
    const before = this.byKey.get(key);
    if (adjustment.amountPaise === 0) this.byKey.delete(key);
    else this.byKey.set(key, adjustment);
    return () => {
      if (before) this.byKey.set(key, before);
      else this.byKey.delete(key);
    };
  }

  list(): Adjustment[] {
    return [...this.byKey.values()];
  }

  /** The adjustments added up, leaving out those `except` names (the round-off judges the rest). */
  sumPaise(except?: { source: string; kind: string }): number {
    let sum = 0;
    for (const [key, adjustment] of this.byKey) if (!except || key !== keyOf(except)) sum += adjustment.amountPaise;
    return sum;
  }

  /** Same adjustments with the same amounts, labels and treatments (whatever their order). */
  equals(other: AdjustmentSet): boolean {
    if (other.byKey.size !== this.byKey.size) return false;
    for (const [key, mine] of this.byKey) {
      const theirs = other.byKey.get(key);
      if (
        !theirs ||
        theirs.amountPaise !== mine.amountPaise ||
        theirs.label !== mine.label ||
        theirs.taxTreatment !== mine.taxTreatment
      ) {
        return false;
      }
    }
    return true;
  }
}

/** The amount due: the lines plus every adjustment. The one place an order's total is computed. */
export const orderTotalPaise = (linesPaise: number, adjustments: AdjustmentSet): number =>
  linesPaise + adjustments.sumPaise();

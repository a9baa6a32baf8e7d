/**
 * The delivery fee rule, the one copy: a zone charges its fee unless the subtotal reaches its
 * "free above" amount. Placing judges it on the ordered subtotal, packing again on the packed one
 * (from the terms kept on the order), and the packing screen shows the same figure.
 */
import { paiseToRupees, rupeesToPaise } from './money.js';

/** A zone's fee and the subtotal from which delivery is free (null: never free), in paise. */
export interface DeliveryTerms {
  feePaise: number;
  freeAbovePaise: number | null;
}

/** No fee at all: the terms of a shop without zones. */
export const FREE_DELIVERY: DeliveryTerms = { feePaise: 0, freeAbovePaise: null };

/** Terms as the API sends them (₹ amounts) in paise; none sent: free delivery. */
export function deliveryTermsFromRupees(
  terms: { fee: number; freeAbove: number | null } | null | undefined,
): DeliveryTerms {
  if (!terms) return FREE_DELIVERY;
  return {
    feePaise: rupeesToPaise(terms.fee),
    freeAbovePaise: terms.freeAbove === null ? null : rupeesToPaise(terms.freeAbove),
  };
}

/** Terms as the API sends them: the fee and "free above" in ₹ (null: never free). */
export function deliveryTermsToRupees(terms: DeliveryTerms): { fee: number; freeAbove: number | null } {
  return {
    fee: paiseToRupees(terms.feePaise),
    freeAbove: terms.freeAbovePaise === null ? null : paiseToRupees(terms.freeAbovePaise),
  };
}

/** The fee for a subtotal under the terms: the fee, unless the subtotal reaches "free above". */
export function deliveryFeePaise(terms: DeliveryTerms, subtotalPaise: number): number {
  if (terms.freeAbovePaise !== null && subtotalPaise >= terms.freeAbovePaise) return 0;
  return terms.feePaise;
}

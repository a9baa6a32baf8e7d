/**
 * A zone's fee terms for the kernel's fee rule and order totals. The delivery shapes themselves are the server's
 * answer schemas in `@mandi/shared/delivery`, imported as types only (no zod in the browser's bundle);
 * their amounts already arrive as ₹ numbers.
 */
import type { Zone } from '@mandi/shared/delivery';
import { type DeliveryTerms, deliveryTermsFromRupees } from '@mandi/shared/kernel';

/** A zone's fee terms in paise, for the kernel's fee rule (no zone: the shop's free delivery). */
export const termsOfZone = (zone: Zone | null): DeliveryTerms =>
  deliveryTermsFromRupees(zone && { fee: zone.deliveryFee, freeAbove: zone.freeAbove });

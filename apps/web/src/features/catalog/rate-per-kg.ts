/** '₹ {rate}/Kg' as the shop writes a product's rate, with the shop's one rupee formatter. */
import { formatRupees } from '@mandi/shared';

export function ratePerKg(rate: number): string {
  return `₹ ${formatRupees(rate).replace('₹', '')}/Kg`;
}

/**
 * A product's rate as the shop writes it: the spec's '₹ {rate}/Kg', and '₹ 72/dozen' for other units ('₹ 40/किलो' in Hindi), with
 * the shop's one rupee formatter and the unit's one spelling (kernel units.ts).
 */
import { type Unit, unitName, unitOrDefault } from '@mandi/shared/kernel';
import { currentLanguage, formatRupees } from '../../lib/i18n';

/** The rate per unit; an absent unit is kg (answers from before units). */
export function ratePerUnit(rate: number, unit?: Unit): string {
  return `₹ ${formatRupees(rate).replace('₹', '')}/${unitName(unitOrDefault(unit), currentLanguage())}`;
}

/** '₹ {rate}/Kg' as the shop writes a product's rate ('₹ {rate}/किलो' in Hindi), with the shop's one rupee formatter. */
import { currentLanguage, formatRupees } from '../../lib/i18n';

export function ratePerKg(rate: number): string {
  return `₹ ${formatRupees(rate).replace('₹', '')}/${currentLanguage() === 'hi' ? 'किलो' : 'Kg'}`;
}

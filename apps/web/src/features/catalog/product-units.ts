/**
 * A product's unit as its page writes it: the rate "₹ 40 / kg" and each quantity ("250 g",
 * "1.5 kg", "1 dozen"). Products without a `unit` are sold by the kg (api-contract: Units).
 */
import type { Translate } from '../../lib/i18n';
import { formatRupees } from '../../lib/i18n';
import type { Product } from '../../lib/types';
import { productPageTexts as x } from './product-page.texts';

export type ProductUnit = 'kg' | 'litre' | 'piece' | 'dozen' | 'bunch' | 'pack';

const UNIT_TEXTS = {
  kg: x.unitKg,
  litre: x.unitLitre,
  piece: x.unitPiece,
  dozen: x.unitDozen,
  bunch: x.unitBunch,
  pack: x.unitPack,
} as const;

/** English plurals of the counted units ("2 pieces"); Hindi writes them alike. */
const PLURALS: Partial<Record<ProductUnit, string>> = { piece: 'pieces', bunch: 'bunches', pack: 'packs' };

export function unitOf(product: Pick<Product, never> & { unit?: string }): ProductUnit {
  const unit = product.unit?.toLowerCase();
  return unit && unit in UNIT_TEXTS ? (unit as ProductUnit) : 'kg';
}

/** "₹ 40 / kg"; "₹ 40 / किलो" in Hindi. */
export function rateText(rate: number, unit: ProductUnit, t: Translate): string {
  return `₹ ${formatRupees(rate).replace('₹', '')} / ${t(UNIT_TEXTS[unit])}`;
}

/** One quantity a shopper may pick, in the product's unit: under 1 kg or 1 litre in grams or ml. */
export function quantityText(quantity: number, unit: ProductUnit, t: Translate, language: string): string {
  const hindi = language === 'hi';
  if ((unit === 'kg' || unit === 'litre') && quantity < 1) {
    const small = Math.round(quantity * 1000);
    return `${small} ${unit === 'kg' ? (hindi ? 'ग्राम' : 'g') : hindi ? 'मि.ली.' : 'ml'}`;
  }
  const shown = String(Number(quantity.toFixed(3)));
  const plural = !hindi && quantity !== 1 ? PLURALS[unit] : undefined;
  return `${shown} ${plural ?? t(UNIT_TEXTS[unit])}`;
}

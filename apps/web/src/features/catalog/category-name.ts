/**
 * A category's name as the storefront shows it: in Hindi its Hindi name ("सब्ज़ियाँ"), or the
 * English one when the shop gave none; in English always the English one (the spec's text).
 */
import type { Language } from '../../lib/i18n';
import type { Category } from '../../lib/types';

export function categoryNameIn(category: Pick<Category, 'categoryName' | 'categoryNameHi'>, language: Language) {
  const hindi = language === 'hi' ? category.categoryNameHi?.trim() : '';
  return hindi || category.categoryName;
}

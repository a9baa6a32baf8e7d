export { devanagariAlias } from './hindi-name';
export { currentLanguage, LANGUAGE_STORAGE_KEY, setLanguage, startLanguage, storedLanguage } from './language';
export { loadingTexts, specTexts, titleTexts } from './spec.texts';
export { defineTexts, type HindiTexts, type Language, type Text, type Translation, translate } from './texts';
export {
  formatInUnit,
  formatKg,
  formatRupees,
  formatShopDate,
  type Translate,
  unitName,
  useLanguage,
  useT,
} from './use-t';

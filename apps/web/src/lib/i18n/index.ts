export { devanagariAlias } from './hindi-name';
export { currentLanguage, setLanguage, startLanguage } from './language';
export { loadingTexts, specTexts, titleTexts } from './spec.texts';
export { defineTexts, type HindiTexts, type Language, type Text, type Translation, translate } from './texts';
export {
  formatAsOf,
  formatInUnit,
  formatRupees,
  formatShopDate,
  type Translate,
  unitName,
  useLanguage,
  useT,
} from './use-t';

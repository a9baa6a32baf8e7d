/** The catalogue's public entry: the only file other features may import from the catalogue (the admin screens share its category list). */
export { categoriesQuery, useCategories } from './api/get-categories';
export { type Suggestion, suggestionText, useSuggestions } from './api/get-suggestions';
export { ratePerKg, ratePerUnit } from './rate-per-kg';

/**
 * The catalogue's public entry: the only file other features may import from the catalogue (the
 * header's search box; a standing order's product and its quantities).
 */
export { productQuery } from './api/get-product';
export { type Suggestion, useSuggestions } from './api/get-suggestions';
export { ratePerUnit } from './rate-per-kg';

/**
 * The reviews feature's public entry: the paging pieces the admin's reviews table shares with the
 * Customer Reviews screen. Everything else in the feature stays private.
 */
export { reviewsPageFrom } from './api/get-reviews';
export { ReviewPages } from './components/review-pages';

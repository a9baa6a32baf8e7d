import { defineTexts } from '../../lib/i18n';

/** Texts of the shared presentational pieces. */
export const uiTexts = defineTexts('ui', {
  rating: 'Rating',
  outOfStars: '{value} out of {max} stars',
  starOne: '{count} star',
  starMany: '{count} stars',
  Processing: 'Processing',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
});

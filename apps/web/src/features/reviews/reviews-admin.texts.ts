import { defineTexts } from '../../lib/i18n';

/** The admin's reviews table. */
export const reviewsAdminTexts = defineTexts('reviewsAdmin', {
  allReviews: 'All Reviews',
  allReviews2: 'All reviews',
  id: 'Id',
  actions: 'Actions',
  user: 'User',
  ratings: 'Ratings',
  comment: 'Comment',
  deleteName: 'Delete {name}?',
  theReviewByName: 'the review by {name}',
});

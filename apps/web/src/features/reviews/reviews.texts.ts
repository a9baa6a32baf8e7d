import { defineTexts } from '../../lib/i18n';

export const reviewsTexts = defineTexts('reviews', {
  addReview: 'Add Review',
  name: 'Name',
  yourRating: 'Your rating',
  ratingOf: '{rating} of 5',
  tapStar: 'Tap a star',
  comment: 'Comment',
  commentPlaceholder: 'Comment...',
  submit: 'Submit',
  close: 'Close',
  reviewAdded: 'Review added',
  customerReviews: 'Customer Reviews',
  reviewPages: 'Review pages',
  reviewsRange: 'Reviews {first}–{last} of {total}',
  pageOf: 'Page {page} of {last}',
  previous: 'Previous',
  next: 'Next',
});

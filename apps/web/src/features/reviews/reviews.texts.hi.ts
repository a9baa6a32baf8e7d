import type { HindiTexts, Translation } from '../../lib/i18n';
import type { reviewsTexts } from './reviews.texts';

const texts = {
  addReview: 'समीक्षा लिखें',
  name: 'नाम',
  yourRating: 'आपकी रेटिंग',
  ratingOf: '5 में से {rating}',
  tapStar: 'किसी स्टार पर टैप करें',
  comment: 'टिप्पणी',
  commentPlaceholder: 'अपनी राय लिखें...',
  submit: 'भेजें',
  close: 'बंद करें',
  reviewAdded: 'समीक्षा जोड़ दी गई',
  customerReviews: 'ग्राहकों की समीक्षाएँ',
  reviewPages: 'समीक्षा के पन्ने',
  reviewsRange: '{total} में से {first}–{last} समीक्षाएँ',
  pageOf: '{last} में से पन्ना {page}',
  previous: 'पिछला',
  next: 'अगला',
} satisfies Translation<typeof reviewsTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'reviews', texts }];

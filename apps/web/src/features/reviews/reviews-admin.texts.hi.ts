import type { HindiTexts, Translation } from '../../lib/i18n';
import type { reviewsAdminTexts } from './reviews-admin.texts';

const texts = {
  allReviews: 'सभी समीक्षाएँ',
  allReviews2: 'सभी समीक्षाएँ',
  id: 'आईडी',
  actions: 'काम',
  user: 'उपयोगकर्ता',
  ratings: 'रेटिंग',
  comment: 'टिप्पणी',
  deleteName: '{name} हटाएँ?',
  theReviewByName: '{name} की समीक्षा',
} satisfies Translation<typeof reviewsAdminTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'reviewsAdmin', texts }];

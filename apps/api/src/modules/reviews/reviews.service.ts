/** Review rules: anyone reads, each user keeps one review (a second post replaces it), admins delete. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { pageRows } from '../../lib/validation.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { reviewsCache } from './reviews.cache.js';
import * as repo from './reviews.repository.js';

export const DEFAULT_REVIEWS_PAGE_SIZE = 20;
export const MAX_REVIEWS_PAGE_SIZE = 100;

/** One page of reviews, newest first, and how many there are in all. */
export async function listReviews(db: Db, page: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    repo.findReviews(db, pageRows(page.page, page.limit)),
    repo.countReviews(db),
  ]);
  const list = rows.map((row) => ({
    _id: row.id,
    user: { _id: row.userId, firstName: row.firstName, lastName: row.lastName },
    comment: row.comment,
    ratings: row.rating,
    createdAt: row.createdAt.toISOString(),
  }));
  return { reviews: list, total, page: page.page, limit: page.limit };
}

/** Returns whether the review is new (201) or replaced the user's earlier one (200). */
export async function saveReview(
  work: UnitOfWork,
  userId: string,
  review: { comment: string; ratings: number },
): Promise<{ isNew: boolean }> {
  const values = { userId, rating: review.ratings, comment: review.comment };
  return work.transaction(async (tx, touch) => {
    touch(...reviewsCache.writes.changed.tags());
    // Insert first; if the user already has a review, the unique index turns it into an update.
    // Racing posts end well: one inserts, the others update. A delete landing between our two
    // statements only sends us round once more.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await repo.insertReview(tx, values)) return { isNew: true };
      if (await repo.updateReviewOfUser(tx, values)) return { isNew: false };
    }
    throw new Error('the review could not be saved: it kept being deleted while saving');
  });
}

export async function removeReview(work: UnitOfWork, id: string): Promise<void> {
  await work.transaction(async (tx, touch) => {
    touch(...reviewsCache.writes.changed.tags());
    if (!(await repo.deleteReview(tx, id))) throw notFound('Review');
  });
}

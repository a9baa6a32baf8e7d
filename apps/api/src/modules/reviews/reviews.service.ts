/** Review rules: anyone reads, each user keeps one review (a second post replaces it), admins delete. */
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import * as repo from './reviews.repository.js';

export async function listReviews(db: Db) {
  return (await repo.findReviews(db)).map((row) => ({
    _id: row.id,
    user: { _id: row.userId, firstName: row.firstName, lastName: row.lastName },
    comment: row.comment,
    ratings: row.rating,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Returns whether the review is new (201) or replaced the user's earlier one (200). */
export async function saveReview(
  db: Db,
  userId: string,
  review: { comment: string; ratings: number },
): Promise<{ isNew: boolean }> {
  const values = { userId, rating: review.ratings, comment: review.comment };
  // Insert first; if the user already has a review, the unique index turns it into an update.
  // Racing posts end well: one inserts, the others update. A delete landing between our two
  // statements only sends us round once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await repo.insertReview(db, values)) return { isNew: true };
    if (await repo.updateReviewOfUser(db, values)) return { isNew: false };
  }
  throw new Error('the review could not be saved: it kept being deleted while saving');
}

export async function removeReview(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteReview(db, id))) throw notFound('Review');
}

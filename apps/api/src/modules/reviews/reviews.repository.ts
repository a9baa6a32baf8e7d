/** Review queries: the list with authors' names, one review per user (insert or update), delete. */
import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { reviews, users } from '../../db/schema.js';

export interface ReviewRow {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  comment: string;
  rating: number;
  createdAt: Date;
}

/**
 * Joins the accounts' users table for the authors' names only (never email or anything else):
 * a review without its author's name is useless, and a join keeps the list one query.
 */
export async function findReviews(db: Db, page: { offset: number; limit: number }): Promise<ReviewRow[]> {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      comment: reviews.comment,
      rating: reviews.rating,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every review has an author (the foreign key cascades), so the reviews table alone counts them. */
export async function countReviews(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews);
  return Number(row?.n ?? 0);
}

/** Adds the user's review, or returns null when they already have one. */
export async function insertReview(
  db: Db | Tx,
  values: { userId: string; rating: number; comment: string },
): Promise<{ id: string } | null> {
  const rows = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.userId })
    .returning({ id: reviews.id });
  return rows[0] ?? null;
}

export async function updateReviewOfUser(
  db: Db | Tx,
  values: { userId: string; rating: number; comment: string },
): Promise<{ id: string } | null> {
  const rows = await db
    .update(reviews)
    .set({ rating: values.rating, comment: values.comment, updatedAt: new Date() })
    .where(eq(reviews.userId, values.userId))
    .returning({ id: reviews.id });
  return rows[0] ?? null;
}

export async function deleteReview(db: Db | Tx, id: string): Promise<boolean> {
  const rows = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return rows.length > 0;
}

/** Reviews: the review a user writes and the list everyone reads. */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, RATING_MAX } from '../constants.js';
import { idSchema, isoDateSchema, numericSchema } from './common.js';

/** `ratings`: the original field name, one whole number from 1 to 5 despite the plural. */
export const reviewSchema = z.object({
  comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  ratings: numericSchema.pipe(
    z
      .number()
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a whole number from 1 to 5')
      .max(RATING_MAX, 'Rating must be a whole number from 1 to 5'),
  ),
});

export const reviewViewSchema = z.object({
  _id: idSchema,
  user: z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() }),
  comment: z.string(),
  ratings: z.number().int(),
  createdAt: isoDateSchema,
});
export type Review = z.infer<typeof reviewViewSchema>;

export const reviewsAnswerSchema = z.object({
  success: z.literal(true),
  reviews: z.array(reviewViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Reviews: the review a user writes and the list everyone reads. */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, RATING_MAX } from '../constants.js';
import { schemaMessage } from '../server-messages.js';
import { idSchema, isoDateSchema, numericSchema } from './common.js';

/** `ratings`: the original field name, one whole number from 1 to 5 despite the plural. */
export const reviewSchema = z.object({
  comment: z
    .string({ error: schemaMessage('commentRequired') })
    .trim()
    .min(1, schemaMessage('commentRequired'))
    .max(COMMENT_MAX_LENGTH, schemaMessage('commentMax', { max: COMMENT_MAX_LENGTH })),
  ratings: numericSchema.pipe(
    z
      .number()
      .int(schemaMessage('ratingRange'))
      .min(1, schemaMessage('ratingRange'))
      .max(RATING_MAX, schemaMessage('ratingRange')),
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

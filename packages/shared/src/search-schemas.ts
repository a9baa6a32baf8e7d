/** Request and response shapes of the suggestion route (GET /api/product/suggest). */
import { z } from 'zod';
import { UNITS } from './kernel/units.js';
import { SEARCH_QUERY_MAX_LENGTH, SUGGESTION_LIMIT } from './search.js';

export const suggestQuerySchema = z.object({
  q: z
    .string({ error: 'is required: the text typed so far' })
    .min(1, 'needs at least 1 character')
    .max(SEARCH_QUERY_MAX_LENGTH, `must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
});

export const suggestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The product picture, as the listing gives it. */
  url: z.string(),
  /** Rupees per unit, as the listing gives it. */
  rate: z.number(),
  /** What the rate is per; kg when absent. */
  unit: z.enum(UNITS).optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestResponseSchema = z.object({
  success: z.literal(true),
  suggestions: z.array(suggestionSchema).max(SUGGESTION_LIMIT),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;

/**
 * The home page's 'Customer Reviews' slider reads GET /api/user/get/reviews under the same
 * ['reviews'] key as the reviews page, so both share one cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Review } from '../../../lib/types';

export const homeReviewsQuery = queryOptions({
  queryKey: ['reviews'],
  queryFn: async () => (await api.get<{ reviews: Review[] }>('/api/user/get/reviews')).reviews,
});

export function useHomeReviews() {
  return useQuery(homeReviewsQuery);
}

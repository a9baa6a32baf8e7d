/** Every review (GET /api/user/get/reviews) under the ['reviews'] key the home slider and admin table share. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Review } from '../../../lib/types';

export const reviewsQuery = queryOptions({
  queryKey: ['reviews'],
  queryFn: async () => (await api.get<{ reviews: Review[] }>('/api/user/get/reviews')).reviews,
});

export function useReviews() {
  return useQuery(reviewsQuery);
}

/**
 * The home page's 'Customer Reviews' slider: only the newest reviews it shows
 * (GET /api/user/get/reviews?limit=), under the shared ['reviews'] key so a new review refreshes it.
 */
import type { ReviewsAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const HOME_REVIEWS_COUNT = 10;

export const homeReviewsQuery = queryOptions({
  queryKey: ['reviews', 'home', HOME_REVIEWS_COUNT],
  queryFn: async () =>
    (await api.get<ReviewsAnswer>(`/api/user/get/reviews?page=1&limit=${HOME_REVIEWS_COUNT}`)).reviews,
});

export function useHomeReviews() {
  return useQuery(homeReviewsQuery);
}

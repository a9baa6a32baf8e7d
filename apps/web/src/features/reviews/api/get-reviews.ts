/**
 * Reviews a page at a time (GET /api/user/get/reviews?page=&limit=), newest first, with the total
 * count; every reviews query lives under the ['reviews'] key, so one invalidation refreshes them all.
 */
import type { ReviewsAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const REVIEWS_PAGE_SIZE = 20;

export type ReviewsPage = Pick<ReviewsAnswer, 'reviews' | 'total'>;

export const reviewsPageQuery = (page: number, limit = REVIEWS_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['reviews', 'page', page, limit],
    queryFn: async (): Promise<ReviewsPage> => {
      const { reviews, total } = await api.get<ReviewsAnswer>(`/api/user/get/reviews?page=${page}&limit=${limit}`);
      return { reviews, total };
    },
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useReviewsPage(page: number, limit = REVIEWS_PAGE_SIZE) {
  return useQuery(reviewsPageQuery(page, limit));
}

/** The page asked for in the address; anything that is not a whole number from 1 up is page 1. */
export function reviewsPageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

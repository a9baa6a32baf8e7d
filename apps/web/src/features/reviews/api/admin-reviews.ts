/** Admin review calls: the shop's reviews a page at a time (shared ['reviews'] key) and delete. */
import type { MessageAnswer, ReviewsAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The largest page the reviews list serves. */
export const ADMIN_REVIEWS_PAGE_SIZE = 100;

export const adminReviewsQuery = (page: number) =>
  queryOptions({
    queryKey: ['reviews', 'admin', page],
    queryFn: async () => {
      const { reviews, total } = await api.get<ReviewsAnswer>(
        `/api/user/get/reviews?page=${page}&limit=${ADMIN_REVIEWS_PAGE_SIZE}`,
      );
      // The page travels with its rows, so the page links name the rows on screen, not the page asked for.
      return { reviews, total, page };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminReviews(page: number) {
  return useQuery(adminReviewsQuery(page));
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/api/user/admin/review/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}

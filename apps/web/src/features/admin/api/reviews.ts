/** Admin review calls: the shop's review list (shared ['reviews'] key) and delete. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Review } from '../../../lib/types';

export const adminReviewsQuery = queryOptions({
  queryKey: ['reviews'],
  queryFn: async () => (await api.get<{ reviews: Review[] }>('/api/user/get/reviews')).reviews,
  staleTime: 0,
});

export function useAdminReviews() {
  return useQuery(adminReviewsQuery);
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/user/admin/review/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}

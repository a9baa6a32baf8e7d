/** POST /api/user/add/review: a user's one review (a second post replaces the first). */
import type { MessageAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { comment: string; ratings: number }) =>
      api.post<MessageAnswer>('/api/user/add/review', review),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}

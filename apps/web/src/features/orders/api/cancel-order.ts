/** The shopper cancels their own Processing order (PUT /api/user/my/order/{id}/cancel). */
import type { OrderAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderQuery } from './get-order';

export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<OrderAnswer>(`/api/user/my/order/${encodeURIComponent(id)}/cancel`),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderQuery(id).queryKey, (previous) => ({ ...previous, ...order }));
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

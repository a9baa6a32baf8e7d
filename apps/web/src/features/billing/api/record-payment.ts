/** Recording how an order was paid (PUT /api/admin/orders/{id}/payment), admin only. */
import type { OrderAnswer, RecordPaymentBody } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useRecordPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentBody) =>
      api.put<OrderAnswer>(`/api/admin/orders/${encodeURIComponent(orderId)}/payment`, body),
    onSuccess: ({ order }) => {
      queryClient.setQueryData(['orders', 'single', orderId], order);
      // The order lists, the dashboard and the bills register show the payment too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['bills'] }),
      ]);
    },
  });
}

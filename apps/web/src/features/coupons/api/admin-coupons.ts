/** The admin's coupons (decision 0044): GET, POST, PUT and DELETE /api/admin/coupons. */
import type { CouponAnswer, CouponBody, CouponsAnswer, MessageAnswer } from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminCouponsQuery = queryOptions({
  queryKey: ['admin', 'coupons'],
  queryFn: async () => (await api.get<CouponsAnswer>('/api/admin/coupons')).coupons,
  staleTime: 0,
});

export function useAdminCoupons() {
  return useQuery(adminCouponsQuery);
}

function useCouponWrite<T>(write: (input: T) => Promise<CouponAnswer | MessageAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCouponsQuery.queryKey }),
  });
}

export const useSaveCoupon = () =>
  useCouponWrite(({ id, body }: { id: string | null; body: CouponBody }) =>
    id
      ? api.put<CouponAnswer>(`/api/admin/coupons/${encodeURIComponent(id)}`, body)
      : api.post<CouponAnswer>('/api/admin/coupons', body),
  );

export const useDeleteCoupon = () =>
  useCouponWrite((id: string) => api.delete<MessageAnswer>(`/api/admin/coupons/${encodeURIComponent(id)}`));

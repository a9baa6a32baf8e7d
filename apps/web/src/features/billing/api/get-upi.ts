/**
 * The UPI link of an order's amount due (GET /api/user/my/order/{id}/upi). A 404 means the shop
 * takes no UPI; a 4xx is never retried. The key sits under the order's, so whatever refreshes the
 * order (a re-pack, a payment) refreshes the link too.
 */
import type { UpiAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export const upiQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'single', orderId, 'upi'],
    queryFn: () => api.get<UpiAnswer>(`/api/user/my/order/${encodeURIComponent(orderId)}/upi`),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 0,
  });

export function useUpiLink(orderId: string, options: { enabled: boolean }) {
  return useQuery({ ...upiQuery(orderId), enabled: options.enabled });
}

/** The payee's UPI id (`pa`) of a `upi://pay?…` link, or null when it has none. */
export function upiIdOf(upiUrl: string): string | null {
  const query = upiUrl.split('?')[1];
  return query ? new URLSearchParams(query).get('pa') : null;
}

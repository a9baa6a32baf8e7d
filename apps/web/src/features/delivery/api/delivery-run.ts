/**
 * The delivery run's calls (decision 0033): the run sheet of a date and slot
 * (GET /api/admin/delivery/run), its CSV address, the day's cash close
 * (POST /api/admin/delivery/run/close) and the closes (GET .../closes). Marking a stop delivered
 * uses the order calls every admin screen uses: the payment (PUT /api/admin/orders/{id}/payment)
 * and the one-step status change (PUT /api/user/update/order/{id}).
 */
import type {
  CashClose,
  CashCloseAnswer,
  CashCloseBody,
  CashClosesAnswer,
  DeliveryRunAnswer,
  OrderAnswer,
  OrderStatusAnswer,
  PaymentMethod,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const isDate = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);

function runQueryString(date: string, slotId: string, format?: 'csv') {
  const query = new URLSearchParams({ date });
  if (slotId) query.set('slotId', slotId);
  if (format) query.set('format', format);
  return query.toString();
}

/** Where the browser downloads the run sheet as CSV (the admin's session cookie goes with it). */
export const deliveryRunCsvUrl = (date: string, slotId: string) =>
  `/api/admin/delivery/run?${runQueryString(date, slotId, 'csv')}`;

export const deliveryRunQuery = (date: string, slotId = '') =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'run', date, slotId],
    queryFn: () => api.get<DeliveryRunAnswer>(`/api/admin/delivery/run?${runQueryString(date, slotId)}`),
    enabled: isDate(date),
    staleTime: 0,
  });

export const useDeliveryRun = (date: string, slotId = '') => useQuery(deliveryRunQuery(date, slotId));

export const cashClosesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'closes'],
    queryFn: async (): Promise<CashClose[]> =>
      (await api.get<CashClosesAnswer>('/api/admin/delivery/run/closes')).closes,
  });

export const useCashCloses = () => useQuery(cashClosesQuery());

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CashCloseBody) =>
      (await api.post<CashCloseAnswer>('/api/admin/delivery/run/close', { ...body })).close,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
  });
}

/** What the delivery person brought back from a stop: nothing (paid before, or not paid), cash, or UPI with its UTR. */
export type Collected = { method: 'none' } | { method: PaymentMethod; reference: string };

/**
 * Marks a shipped stop delivered: the payment first (when something was collected), then the status.
 * A payment refused (already paid...) stops before the status changes; the message says why.
 */
export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, collected }: { orderId: string; collected: Collected }) => {
      const id = encodeURIComponent(orderId);
      if (collected.method !== 'none') {
        await api.put<OrderAnswer>(`/api/admin/orders/${id}/payment`, {
          method: collected.method,
          reference: collected.reference,
        });
      }
      return api.put<OrderStatusAnswer>(`/api/user/update/order/${id}`, { oStatus: 'Delivered' });
    },
    // The run, the order screens, the dashboard and the bills register all show the change. Not
    // awaited: the stop is delivered once the status is saved; the run catches up when it is fetched.
    onSettled: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['bills'] }),
      ]);
    },
  });
}

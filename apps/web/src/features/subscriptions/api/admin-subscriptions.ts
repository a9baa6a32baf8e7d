/**
 * The admin's standing orders (contract "Standing orders"): what a date's schedules make or made
 * (GET /api/admin/subscriptions?date=, the next date not made when none is given), making a date's
 * orders by hand (POST .../run), and the shop's closed dates (GET, POST and DELETE
 * /api/admin/closed-dates). A run or a closed date changes the date's figures and the orders, so
 * both are read again.
 */
import type {
  ClosedDate,
  ClosedDatesAnswer,
  MessageAnswer,
  SubscriptionsDayAnswer,
  SubscriptionsRunAnswer,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ServerMessage } from '../../../lib/api-client';

export type StandingDay = Omit<SubscriptionsDayAnswer, 'success'>;
export type { SubscriptionsRunAnswer };

const enc = encodeURIComponent;

/** A date's standing orders; `date` '' asks for the server's default (the next date not made). */
export const standingDayQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'subscriptions', 'day', date],
    queryFn: async (): Promise<StandingDay> => {
      const { success: _, ...day } = await api.get<SubscriptionsDayAnswer>(
        `/api/admin/subscriptions${date ? `?date=${enc(date)}` : ''}`,
      );
      return day;
    },
    staleTime: 0,
  });

export const useStandingDay = (date: string) => useQuery(standingDayQuery(date));

export const closedDatesQuery = queryOptions({
  queryKey: ['admin', 'subscriptions', 'closed-dates'],
  queryFn: async (): Promise<ClosedDate[]> => (await api.get<ClosedDatesAnswer>('/api/admin/closed-dates')).closedDates,
  staleTime: 0,
});

export const useClosedDates = () => useQuery(closedDatesQuery);

function useInvalidateStanding() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // The admin's reads (this page, and the orders it made in the pick list and the bookings) and the orders.
      queryClient.invalidateQueries({ queryKey: ['admin'] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['picklist'] }),
      // A closed date takes the day's delivery slots away.
      queryClient.invalidateQueries({ queryKey: ['delivery'] }),
    ]);
}

export function useRunDate() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: (date: string) => api.post<SubscriptionsRunAnswer>('/api/admin/subscriptions/run', { date }),
    onSettled: invalidate,
  });
}

export function useAddClosedDate() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: (body: { date: string; note: string }) =>
      api.post<{ success: true; closedDate: ClosedDate }>('/api/admin/closed-dates', body),
    onSettled: invalidate,
  });
}

export function useRemoveClosedDate() {
  const invalidate = useInvalidateStanding();
  return useMutation({
    mutationFn: (date: string) => api.delete<MessageAnswer & ServerMessage>(`/api/admin/closed-dates/${enc(date)}`),
    onSettled: invalidate,
  });
}

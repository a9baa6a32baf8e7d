/**
 * The shopper's standing orders (contract "Standing orders"): GET and POST /api/user/my/subscriptions,
 * PUT and DELETE of one, its skips and its pauses. A change answers the standing order as it now
 * stands, which replaces it in the list at once; the list is then read again (its `changesOpenFrom`
 * and the other orders' calendars may have moved with the clock).
 */
import type {
  MessageAnswer,
  SubscriptionAnswer,
  SubscriptionCreateBody,
  SubscriptionsAnswer,
  SubscriptionUpdateBody,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, type ServerMessage } from '../../../lib/api-client';

export type MySubscriptions = Omit<SubscriptionsAnswer, 'success'>;

const URL = '/api/user/my/subscriptions';
const enc = encodeURIComponent;

export const mySubscriptionsQuery = queryOptions({
  queryKey: ['subscriptions', 'mine'],
  queryFn: async (): Promise<MySubscriptions> => {
    const { subscriptions, cutoff, changesOpenFrom, closedDates } = await api.get<SubscriptionsAnswer>(URL);
    return { subscriptions, cutoff, changesOpenFrom, closedDates };
  },
  // A refusal (logged out) is an answer: only a server failure is tried again, once.
  retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  staleTime: 0,
});

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQuery);
}

/** A write that answers one standing order: it takes that one's place in the list, then the list is read again. */
function useSubscriptionChange<A>(call: (argument: A) => Promise<SubscriptionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(mySubscriptionsQuery.queryKey, (list) =>
        list
          ? {
              ...list,
              subscriptions: list.subscriptions.some((one) => one._id === subscription._id)
                ? list.subscriptions.map((one) => (one._id === subscription._id ? subscription : one))
                : [subscription, ...list.subscriptions],
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySubscriptionsQuery.queryKey }),
  });
}

export function useStartSubscription() {
  return useSubscriptionChange((body: SubscriptionCreateBody) => api.post<SubscriptionAnswer>(URL, body));
}

export function useUpdateSubscription() {
  return useSubscriptionChange(({ id, ...body }: SubscriptionUpdateBody & { id: string }) =>
    api.put<SubscriptionAnswer>(`${URL}/${enc(id)}`, body),
  );
}

export function useSkipDate() {
  return useSubscriptionChange(({ id, date }: { id: string; date: string }) =>
    api.post<SubscriptionAnswer>(`${URL}/${enc(id)}/skips`, { date }),
  );
}

export function useUndoSkip() {
  return useSubscriptionChange(({ id, date }: { id: string; date: string }) =>
    api.delete<SubscriptionAnswer>(`${URL}/${enc(id)}/skips/${enc(date)}`),
  );
}

export function usePause() {
  return useSubscriptionChange(({ id, from, to }: { id: string; from: string; to: string }) =>
    api.post<SubscriptionAnswer>(`${URL}/${enc(id)}/pauses`, { from, to }),
  );
}

export function useRemovePause() {
  return useSubscriptionChange(({ id, pauseId }: { id: string; pauseId: string }) =>
    api.delete<SubscriptionAnswer>(`${URL}/${enc(id)}/pauses/${enc(pauseId)}`),
  );
}

/** Ends a standing order (it stays in the list, ended); answers the server's message. */
export function useEndSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer & ServerMessage>(`${URL}/${enc(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySubscriptionsQuery.queryKey }),
  });
}

/**
 * Buy again (decision 0042): GET /api/user/my/usual, GET /api/user/my/order/{id}/again and the
 * named lists under /api/user/my/lists. Every change to a list reloads the lists, so the account
 * page and the cart's "Save cart as list" agree.
 */
import type {
  BuyAgainItemsAnswer,
  MessageAnswer,
  OrderAgainAnswer,
  ShoppingListAnswer,
  ShoppingListLine,
  ShoppingListSavedAnswer,
  ShoppingListsAnswer,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

const LISTS = '/api/user/my/lists';
// A refusal (logged out, not found) is an answer: only a server failure is tried again, once.
const retry = (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 1;

export const usualQuery = queryOptions({
  queryKey: ['buy-again', 'usual'],
  queryFn: async () => (await api.get<BuyAgainItemsAnswer>('/api/user/my/usual')).items,
  retry,
  staleTime: 0,
});

export function useUsual() {
  return useQuery(usualQuery);
}

export const fetchOrderAgain = (orderId: string) =>
  api.get<OrderAgainAnswer>(`/api/user/my/order/${encodeURIComponent(orderId)}/again`);

export const listsQuery = queryOptions({
  queryKey: ['buy-again', 'lists'],
  queryFn: async () => (await api.get<ShoppingListsAnswer>(LISTS)).lists,
  retry,
  staleTime: 0,
});

export function useLists() {
  return useQuery(listsQuery);
}

export const listQuery = (id: string) =>
  queryOptions({
    queryKey: ['buy-again', 'lists', id],
    queryFn: async () => (await api.get<ShoppingListAnswer>(`${LISTS}/${encodeURIComponent(id)}`)).list,
    retry,
    staleTime: 0,
  });

export function useList(id: string) {
  return useQuery(listQuery(id));
}

function useListMutation<T, A>(call: (argument: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsQuery.queryKey }),
  });
}

export function useCreateList() {
  return useListMutation((body: { name: string; items: ShoppingListLine[] }) =>
    api.post<ShoppingListSavedAnswer>(LISTS, body),
  );
}

export function useUpdateList() {
  return useListMutation(({ id, ...body }: { id: string; name?: string; items?: ShoppingListLine[] }) =>
    api.put<ShoppingListSavedAnswer>(`${LISTS}/${encodeURIComponent(id)}`, body),
  );
}

export function useDeleteList() {
  return useListMutation((id: string) => api.delete<MessageAnswer>(`${LISTS}/${encodeURIComponent(id)}`));
}

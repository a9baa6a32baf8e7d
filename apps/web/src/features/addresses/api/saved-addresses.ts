/**
 * The shopper's address book: GET, POST, PUT and DELETE /api/user/my/addresses (decision 0025).
 * Every change reloads the list, so the book and the checkout show the same addresses. Offline
 * (issue 42) the list is the one last read, kept on this browser for the shopper.
 */
import type { MessageAnswer, SavedAddressAnswer, SavedAddressBody, SavedAddressesAnswer } from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { useKeptQuery } from '../../../lib/offline/kept-answers';

const URL = '/api/user/my/addresses';

/** The fields of an address as the forms hold them (text, as typed). */
export type AddressFields = { label: string; address: string; city: string; mobileNumber: string; pinCode: string };

export const savedAddressesQuery = queryOptions({
  queryKey: ['addresses'],
  queryFn: async () => (await api.get<SavedAddressesAnswer>(URL)).addresses,
  // A refusal (logged out) is an answer: only a server failure is tried again, once.
  retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  staleTime: 0,
});

/** The name the addresses are kept under for this shopper's offline reading. */
export const KEPT_ADDRESSES = 'savedAddresses';

/** The addresses, the last used first (offline, as last read); `enabled` false for a visitor. */
export function useSavedAddresses(enabled = true) {
  const { user } = useSession();
  return useKeptQuery(KEPT_ADDRESSES, useQuery({ ...savedAddressesQuery, enabled }), user?._id);
}

const body = (fields: AddressFields): SavedAddressBody => ({
  label: fields.label.trim(),
  address: fields.address.trim(),
  city: fields.city.trim(),
  mobileNumber: fields.mobileNumber.trim(),
  pinCode: fields.pinCode.trim(),
});

function useAddressMutation<T, A>(call: (argument: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesQuery.queryKey }),
  });
}

export function useSaveAddress() {
  return useAddressMutation((fields: AddressFields) => api.post<SavedAddressAnswer>(URL, body(fields)));
}

export function useUpdateAddress() {
  return useAddressMutation(({ id, fields }: { id: string; fields: AddressFields }) =>
    api.put<SavedAddressAnswer>(`${URL}/${encodeURIComponent(id)}`, body(fields)),
  );
}

export function useDeleteAddress() {
  return useAddressMutation((id: string) => api.delete<MessageAnswer>(`${URL}/${encodeURIComponent(id)}`));
}

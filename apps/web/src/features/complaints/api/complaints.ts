/**
 * Complaints (decision 0030): the shopper's own (GET /api/user/my/complaints, POST
 * /api/user/complaints) and the admin's list and replies (GET and PUT /api/admin/complaints).
 * Every change reloads the lists and the dashboard's counts (under `orders`, as the dashboard query).
 */
import type {
  Complaint,
  ComplaintAnswer,
  ComplaintReplyBody,
  ComplaintsAnswer,
  MyOrdersAnswer,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ComplaintStatusFilter = Complaint['status'] | 'all';

export const myComplaintsQuery = queryOptions({
  queryKey: ['complaints', 'mine'],
  queryFn: async () => (await api.get<ComplaintsAnswer>('/api/user/my/complaints')).complaints,
  staleTime: 0,
});

export function useMyComplaints() {
  return useQuery(myComplaintsQuery);
}

/** The shopper's orders, for the form's choice (the same query as My Orders). */
export const myOrdersForComplaintQuery = queryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: async () => (await api.get<MyOrdersAnswer>('/api/user/my/orders')).myOrders,
  staleTime: 0,
});

export function useMyOrdersForComplaint() {
  return useQuery(myOrdersForComplaintQuery);
}

export type ComplaintFields = { orderId: string; subject: string; message: string };

export function useMakeComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: ComplaintFields) =>
      (
        await api.post<ComplaintAnswer>('/api/user/complaints', {
          subject: fields.subject.trim(),
          message: fields.message.trim(),
          ...(fields.orderId ? { orderId: fields.orderId } : {}),
        })
      ).complaint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['complaints'] }),
  });
}

export const adminComplaintsQuery = (status: ComplaintStatusFilter) =>
  queryOptions({
    queryKey: ['complaints', 'admin', status],
    queryFn: async () =>
      (await api.get<ComplaintsAnswer>(`/api/admin/complaints${status === 'all' ? '' : `?status=${status}`}`))
        .complaints,
    staleTime: 0,
  });

export function useAdminComplaints(status: ComplaintStatusFilter) {
  return useQuery(adminComplaintsQuery(status));
}

export function useReplyToComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ComplaintReplyBody }) =>
      (await api.put<ComplaintAnswer>(`/api/admin/complaints/${encodeURIComponent(id)}`, body)).complaint,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['complaints'] });
      await queryClient.invalidateQueries({ queryKey: ['orders', 'dashboard-today'] });
    },
  });
}

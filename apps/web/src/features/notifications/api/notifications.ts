/**
 * Notification calls (decision 0045): the shopper's channels (GET and PUT
 * /api/user/my/notifications) and, for the admin, an order's WhatsApp messages or its wa.me link.
 */
import type {
  CodedMessageAnswer,
  NotificationSettingsAnswer,
  NotificationSettingsBody,
  OrderNotificationsAnswer,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

const URL = '/api/user/my/notifications';

const onlyServerFailures = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 1;

export const notificationSettingsQuery = queryOptions({
  queryKey: ['notifications', 'settings'],
  queryFn: () => api.get<NotificationSettingsAnswer>(URL),
  retry: onlyServerFailures,
  staleTime: 0,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => api.put<NotificationSettingsAnswer>(URL, body),
    onSuccess: (answer) => queryClient.setQueryData(notificationSettingsQuery.queryKey, answer),
  });
}

/** POST /api/user/my/email-confirmation: mails the shopper a new link to confirm their address (decision 0055). */
export function useMailConfirmationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CodedMessageAnswer>('/api/user/my/email-confirmation'),
    // A 409 means it was confirmed meanwhile (in another tab): read the settings again.
    onError: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey }),
  });
}

export function useOrderNotifications(orderId: string, status: string) {
  return useQuery({
    // The status is in the key: a status change shows the message (or link) of the new moment.
    queryKey: ['notifications', 'order', orderId, status],
    queryFn: () => api.get<OrderNotificationsAnswer>(`/api/admin/orders/${encodeURIComponent(orderId)}/notifications`),
    retry: onlyServerFailures,
    staleTime: 0,
  });
}

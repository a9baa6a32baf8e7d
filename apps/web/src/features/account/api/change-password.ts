/** PUT /api/user/changePassword: the current session stays; the user's other sessions end on the server. */
import type { MessageAnswer, NewPassword } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedUserQuery } from '../../../lib/auth/session';

export type NewPasswordPayload = NewPassword;

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewPasswordPayload) => api.put<MessageAnswer>('/api/user/changePassword', { ...payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey }),
  });
}

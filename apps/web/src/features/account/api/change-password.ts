/** PUT /api/user/changePassword: the current session stays; the user's other sessions end on the server. */
import type { ChangePassword, MessageAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedUserQuery } from '../../../lib/auth/session';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChangePassword) => api.put<MessageAnswer>('/api/user/changePassword', { ...payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey }),
  });
}

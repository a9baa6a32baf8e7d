/** PUT /api/user/changePassword: the current session stays; the user's other sessions end on the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedUserQuery } from '../../../lib/auth/session';

export interface NewPasswordPayload {
  /** Only on a password change, and only when filled in (needed when the login is older than 10 minutes). */
  currentPassword?: string;
  password: string;
  confirm_password: string;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewPasswordPayload) =>
      api.put<{ success: boolean; message: string }>('/api/user/changePassword', { ...payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey }),
  });
}

/** POST /api/user/login: on success the session query holds the user at once and is re-read from the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedUserQuery } from '../../../lib/auth/session';
import type { User } from '../../../lib/types';

export interface LoginPayload {
  email: string;
  password: string;
}

export interface LoginResponse {
  success: boolean;
  message: string;
  user: User;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LoginPayload) => api.post<LoginResponse>('/api/user/login', { ...payload }),
    onSuccess: async (data) => {
      queryClient.setQueryData(loggedUserQuery.queryKey, data.user);
      await queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey });
    },
  });
}

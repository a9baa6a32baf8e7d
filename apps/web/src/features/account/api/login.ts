/** POST /api/user/login: on success the session query holds the user at once and is re-read from the server. */
import type { Login, LoginAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedUserQuery } from '../../../lib/auth/session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Login) => api.post<LoginAnswer>('/api/user/login', { ...payload }),
    onSuccess: async (data) => {
      queryClient.setQueryData(loggedUserQuery.queryKey, data.user);
      await queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey });
    },
  });
}

/** GET /api/user/logOut: ends the session on the server, then the browser forgets the user. */
import type { MessageAnswer } from '@mandi/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { loggedUserQuery } from './session';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<MessageAnswer>('/api/user/logOut'),
    onSuccess: async () => {
      queryClient.setQueryData(loggedUserQuery.queryKey, null);
      await queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey });
    },
  });
}

/** The session: asked of the server at start (GET /api/user/getloggeduser); a visitor gets user null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';
import type { User } from '../types';

export const loggedUserQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<User | null> => {
    try {
      return (await api.get<{ user: User }>('/api/user/getloggeduser')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  const query = useQuery(loggedUserQuery);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAdmin: user?.role === 'Admin' };
}

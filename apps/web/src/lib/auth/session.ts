/**
 * The session: the page says who is logged in (the server writes the user into a built page's
 * `mandi-session` slot, null for a visitor), so the first screen needs no round trip for it;
 * without that slot (the development server) it is asked of the server (GET /api/user/getloggeduser),
 * where a visitor gets user null.
 */
import type { LoggedUserAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';
import type { User } from '../types';

/** The page's answer, used once: later reads (after a login or logout) ask the server. */
let fromPage: { user: User | null } | undefined = readPageSession();

function readPageSession(): { user: User | null } | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('mandi-session')?.textContent;
  if (!text) return undefined;
  try {
    return { user: JSON.parse(text) as User | null };
  } catch {
    return undefined;
  }
}

export const loggedUserQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<User | null> => {
    try {
      return (await api.get<LoggedUserAnswer>('/api/user/getloggeduser')).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  initialData: () => {
    const page = fromPage;
    fromPage = undefined;
    return page?.user;
  },
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  const query = useQuery(loggedUserQuery);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAdmin: user?.role === 'Admin' };
}

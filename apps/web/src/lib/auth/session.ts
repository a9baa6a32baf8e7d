/**
 * The session: the page says who is logged in (the server writes the user into a built page's
 * `mandi-session` slot, null for a visitor), so the first screen needs no round trip for it;
 * without that slot (the development server) it is asked of the server (GET /api/user/getloggeduser),
 * where a visitor gets user null.
 *
 * Offline (decision 0041) the service worker's kept page has no session slot and the server cannot
 * be asked: the shopper last seen logged in on this browser is remembered (a shopper only, never
 * an admin), so the cart and the queued checkout still know who orders; the server checks the
 * session again when the order is sent. Forgotten as soon as the session says no one.
 */
import type { LoggedUserAnswer } from '@mandi/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api-client';
import type { User } from '../types';

/** The shopper last seen logged in here (written by lib/offline/register-worker.ts), for offline starts. */
export const REMEMBERED_SHOPPER_KEY = 'mandi-last-shopper';

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
      // No network (the fetch itself failed): the shopper last seen here.
      const user =
        error instanceof TypeError && (JSON.parse(localStorage[REMEMBERED_SHOPPER_KEY] ?? 'null') as User | null);
      if (user) return user;
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

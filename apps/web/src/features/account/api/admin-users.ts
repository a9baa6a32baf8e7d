/** Admin user management: a page of the user list (searched, sorted), one user, role changes and deletion (/api/user/admin/user). */

import { ADMIN_USERS_PAGE_SIZE, type AdminUserSort, type Role } from '@mandi/shared';
import type { AdminUserAnswer, MessageAnswer, RoleChangeAnswer, UsersAnswer } from '@mandi/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/admin/admin-list';
import { api } from '../../../lib/api-client';

export { ADMIN_USERS_PAGE_SIZE };

/** One page of the admin users table: the server pages, searches and sorts (20,000 users at scale). */
export const adminUsersQuery = (params: ListParams<AdminUserSort>) =>
  queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: async () => {
      const data = await api.get<UsersAnswer>(`/api/user/admin/user?${listQueryString(params, ADMIN_USERS_PAGE_SIZE)}`);
      // The page travels with its rows, so the page links name the rows on screen, not the page asked for.
      return { items: data.AllUsers, total: data.userDocCount, page: params.page };
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: ListParams<AdminUserSort>) {
  return useQuery(adminUsersQuery(params));
}

export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'user', id],
    queryFn: async () => (await api.get<AdminUserAnswer>(`/api/user/admin/user/${encodeURIComponent(id)}`)).user,
    retry: false,
  });

/** The one user the role form shows. */
export function useAdminUser(id: string) {
  return useQuery(adminUserQuery(id));
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  // The user list and the dashboard's user count both change.
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageAnswer>(`/api/user/admin/user/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useUpdateUserRole(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (UserRole: Role) =>
      api.put<RoleChangeAnswer>(`/api/user/admin/user/${encodeURIComponent(id)}`, { UserRole }),
    onSuccess: invalidate,
  });
}

/** Admin user management: the user list, role changes and deletion (GET/PUT/DELETE /api/user/admin/user). */
import type { Role } from '@mandi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/types';

export interface UserList {
  users: User[];
  userDocCount: number;
}

export const adminUsersQuery = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: async (): Promise<UserList> => {
    const data = await api.get<{ AllUsers: User[]; userDocCount: number }>('/api/user/admin/user');
    return { users: data.AllUsers, userDocCount: data.userDocCount };
  },
});

export function useAdminUsers() {
  return useQuery(adminUsersQuery);
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  // The user list and the dashboard's user count both change.
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ success: boolean; message: string }>(`/api/user/admin/user/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useUpdateUserRole(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (UserRole: Role) =>
      api.put<{ success: boolean; message: string; isUserExit: User }>(
        `/api/user/admin/user/${encodeURIComponent(id)}`,
        { UserRole },
      ),
    onSuccess: invalidate,
  });
}

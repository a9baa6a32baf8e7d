/** POST /api/user/register: failures carry one message per problem. The new account is not logged in. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/types';

export interface RegisterPayload {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface RegisterResponse {
  success: boolean;
  message: string;
  NewUser: User;
}

export function useRegister() {
  return useMutation({
    mutationFn: (payload: RegisterPayload) => api.post<RegisterResponse>('/api/user/register', { ...payload }),
  });
}

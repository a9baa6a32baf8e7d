/** POST /api/user/register: failures carry one message per problem. The new account is not logged in. */
import type { Register, RegisterAnswer } from '@mandi/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegisterPayload = Register;

export function useRegister() {
  return useMutation({
    mutationFn: (payload: RegisterPayload) => api.post<RegisterAnswer>('/api/user/register', { ...payload }),
  });
}

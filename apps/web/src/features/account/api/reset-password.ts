/** POST /api/user/reset-password/{id}/{token}: sets a new password with the mailed single-use link. */
import type { MessageAnswer, NewPassword } from '@mandi/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useResetPassword(id: string, token: string) {
  return useMutation({
    mutationFn: (payload: NewPassword) =>
      api.post<MessageAnswer>(`/api/user/reset-password/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, {
        ...payload,
      }),
  });
}

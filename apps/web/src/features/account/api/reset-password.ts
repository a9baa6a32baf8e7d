/** POST /api/user/reset-password/{id}/{token}: sets a new password with the mailed single-use link. */
import type { MessageAnswer } from '@mandi/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { NewPasswordPayload } from './change-password';

export function useResetPassword(id: string, token: string) {
  return useMutation({
    mutationFn: (payload: NewPasswordPayload) =>
      api.post<MessageAnswer>(`/api/user/reset-password/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, {
        ...payload,
      }),
  });
}

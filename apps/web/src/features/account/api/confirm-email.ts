/** POST /api/user/confirm-email/{id}/{token}: confirms the address with the link mailed at registration. */
import type { CodedMessageAnswer } from '@mandi/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useConfirmEmail(id: string, token: string) {
  return useMutation({
    mutationFn: () =>
      api.post<CodedMessageAnswer>(`/api/user/confirm-email/${encodeURIComponent(id)}/${encodeURIComponent(token)}`),
  });
}

/** POST /api/user/send-reset-password-email: the answer reads the same whether or not the email has an account. */
import type { MessageAnswer } from '@mandi/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useSendResetEmail() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageAnswer>('/api/user/send-reset-password-email', { email }),
  });
}

/**
 * The shopper's personal data (decision 0031): the download's address (a plain link: the server
 * sends the file as an attachment) and DELETE /api/user/me, which ends the session; the browser
 * then forgets the user and every cached answer of theirs.
 */
import type { MessageAnswer } from '@mandi/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const MY_DATA_URL = '/api/user/me/data';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      api.delete<MessageAnswer>('/api/user/me', {
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ password }),
      }),
  });
}

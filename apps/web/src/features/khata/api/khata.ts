/**
 * Khata calls (api-contract-shop "Khata"): the admin's accounts, one account with its entries, the
 * limit (open, change, close), payments and statements; the shopper's own khata and statement. A
 * 404 of one account is "no khata" (null), not a failure. Every write reloads all khata reads, and
 * the order reads that show the chosen payment.
 */

import type {
  KhataLimitAnswer,
  KhataLimitBody,
  KhataPaymentAnswer,
  KhataPaymentBody,
  KhataWithEntriesAnswer,
  MyKhataAnswer,
} from '@mandi/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';

export type KhataWithEntries = Omit<KhataWithEntriesAnswer, 'success'>;

/** A 404 answer (no khata for this shopper) as null; any other failure stays a failure. */
async function orNone<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const adminKhataQuery = (userId: string) =>
  queryOptions({
    queryKey: ['khata', 'admin', 'account', userId],
    queryFn: () =>
      orNone(async () => {
        const { account, entries } = await api.get<KhataWithEntriesAnswer>(
          `/api/admin/khata/${encodeURIComponent(userId)}`,
        );
        return { account, entries } satisfies KhataWithEntries;
      }),
    staleTime: 0,
    enabled: userId !== '',
  });

export function useAdminKhata(userId: string) {
  return useQuery(adminKhataQuery(userId));
}

export const myKhataQuery = queryOptions({
  queryKey: ['khata', 'mine'],
  // `orNone`: no khata is an answer, not a 404 the browser would log on every checkout.
  queryFn: async (): Promise<KhataWithEntries | null> => {
    const { account, entries } = await api.get<MyKhataAnswer>('/api/user/my/khata?orNone=true');
    return account ? { account, entries } : null;
  },
  staleTime: 0,
});

export function useMyKhata(enabled = true) {
  return useQuery({ ...myKhataQuery, enabled });
}

function useInvalidateKhata() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['khata'] });
    // The dashboard and the order pages show payments too.
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
}

export function useSetKhataLimit(userId: string) {
  const invalidate = useInvalidateKhata();
  return useMutation({
    mutationFn: (body: KhataLimitBody) =>
      api.put<KhataLimitAnswer>(`/api/admin/khata/${encodeURIComponent(userId)}`, body),
    onSettled: invalidate,
  });
}

export function useRecordKhataPayment(userId: string) {
  const invalidate = useInvalidateKhata();
  return useMutation({
    mutationFn: (body: KhataPaymentBody) =>
      api.post<KhataPaymentAnswer>(`/api/admin/khata/${encodeURIComponent(userId)}/payments`, body),
    onSettled: invalidate,
  });
}

/** An advance paid back to the shopper (decision 0055): the same body as a payment. */
export function useRecordKhataPayout(userId: string) {
  const invalidate = useInvalidateKhata();
  return useMutation({
    mutationFn: (body: KhataPaymentBody) =>
      api.post<KhataPaymentAnswer>(`/api/admin/khata/${encodeURIComponent(userId)}/payouts`, body),
    onSettled: invalidate,
  });
}

/** The khata reminder sent from the shop's WhatsApp number through the Cloud API (decision 0045). */
export function useSendWhatsappReminder(userId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string; code: string; values: Record<string, string | number> }>(
        `/api/admin/khata/${encodeURIComponent(userId)}/whatsapp-reminder`,
        {},
      ),
  });
}

export interface StatementRange {
  from: string;
  to: string;
  lang: Language;
}

const statementQuery = ({ from, to, lang }: StatementRange) => new URLSearchParams({ from, to, lang }).toString();

/** The admin's statement of one khata (a PDF, read with the admin's session cookie). */
export function adminStatementUrl(userId: string, range: StatementRange): string {
  return `/api/admin/khata/${encodeURIComponent(userId)}/statement?${statementQuery(range)}`;
}

/** The shopper's own statement. */
export function myStatementUrl(range: StatementRange): string {
  return `/api/user/my/khata/statement?${statementQuery(range)}`;
}

export function statementFileName({ from, to }: StatementRange): string {
  return `khata-statement-${from}-to-${to}.pdf`;
}

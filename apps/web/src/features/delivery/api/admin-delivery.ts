/**
 * The admin's delivery calls, in one file so the mapping to the server's names lives in one place:
 * zones, slot templates (GET/POST /api/admin/delivery/{zones,slots}, PUT/DELETE .../{id}) and the day
 * view of bookings (GET /api/admin/delivery/bookings?date=). Every change also drops the shopper's
 * delivery answers (PIN checks, slot listings), which depend on zones and templates.
 */
import type {
  BookingsAnswer,
  DeletedAnswer,
  SlotBookings,
  SlotTemplate,
  SlotTemplateAnswer,
  SlotTemplateInput,
  SlotTemplatesAnswer,
  Zone,
  ZoneAnswer,
  ZoneInput,
  ZonesAnswer,
} from '@mandi/shared/delivery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the forms send, as the server's schemas read them: the zone's ₹ amounts as numbers, `freeAbove` null for "never free". */
export type { SlotTemplateInput, ZoneInput };

const enc = encodeURIComponent;

export const zonesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'zones'],
    queryFn: async () => (await api.get<ZonesAnswer>('/api/admin/delivery/zones')).zones,
  });

export const slotTemplatesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'slots'],
    queryFn: async () => (await api.get<SlotTemplatesAnswer>('/api/admin/delivery/slots')).slots,
  });

export const dayBookingsQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'bookings', date],
    queryFn: async (): Promise<SlotBookings[]> =>
      (await api.get<BookingsAnswer>(`/api/admin/delivery/bookings?date=${enc(date)}`)).slots,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });

export const useZones = () => useQuery(zonesQuery());
export const useSlotTemplates = () => useQuery(slotTemplatesQuery());
export const useDayBookings = (date: string) => useQuery(dayBookingsQuery(date));

function useInvalidateDelivery() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'delivery'] }),
      queryClient.invalidateQueries({ queryKey: ['delivery'] }),
    ]);
}

export function useSaveZone() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ZoneInput }): Promise<Zone> => {
      const { zone } = id
        ? await api.put<ZoneAnswer>(`/api/admin/delivery/zones/${enc(id)}`, { ...input })
        : await api.post<ZoneAnswer>('/api/admin/delivery/zones', { ...input });
      return zone;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteZone() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedAnswer>(`/api/admin/delivery/zones/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export function useSaveSlotTemplate() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: SlotTemplateInput }): Promise<SlotTemplate> => {
      const { slot } = id
        ? await api.put<SlotTemplateAnswer>(`/api/admin/delivery/slots/${enc(id)}`, { ...input })
        : await api.post<SlotTemplateAnswer>('/api/admin/delivery/slots', { ...input });
      return slot;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteSlotTemplate() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedAnswer>(`/api/admin/delivery/slots/${enc(id)}`),
    onSuccess: invalidate,
  });
}

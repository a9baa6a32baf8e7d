/**
 * The admin's delivery calls, in one file so the mapping to the server's names lives in one place:
 * zones, slot templates (GET/POST /api/admin/delivery/{zones,slots}, PUT/DELETE .../{id}) and the day
 * view of bookings (GET /api/admin/delivery/bookings?date=). Every change also drops the shopper's
 * delivery answers (PIN checks, slot listings), which depend on zones and templates.
 */
import type { SlotTemplateInput, ZoneInput } from '@mandi/shared/delivery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type DaySlotBookings, type SlotTemplate, toZone, type Zone, type ZoneFromApi } from './delivery-types';

/** What the forms send, as the server's schemas read them: the zone's ₹ amounts as numbers, `freeAbove` null for "never free". */
export type { SlotTemplateInput, ZoneInput };

const enc = encodeURIComponent;

export const zonesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'zones'],
    queryFn: async () => (await api.get<{ zones: ZoneFromApi[] }>('/api/admin/delivery/zones')).zones.map(toZone),
  });

export const slotTemplatesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'slots'],
    queryFn: async () => (await api.get<{ slots: SlotTemplate[] }>('/api/admin/delivery/slots')).slots,
  });

/** A booked order as the day view's answer names it (`customer`; `name` accepted too). */
interface BookedOrderFromApi {
  _id: string;
  customer?: string;
  name?: string;
  pinCode?: string;
  total?: number | string;
  status?: string;
}

type DaySlotFromApi = Omit<DaySlotBookings, 'orders'> & { orders: BookedOrderFromApi[] };

export const dayBookingsQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'delivery', 'bookings', date],
    queryFn: async (): Promise<DaySlotBookings[]> => {
      const { slots } = await api.get<{ date: string; slots: DaySlotFromApi[] }>(
        `/api/admin/delivery/bookings?date=${enc(date)}`,
      );
      return slots.map((slot) => ({
        _id: slot._id,
        start: slot.start,
        end: slot.end,
        capacity: slot.capacity,
        booked: slot.booked,
        orders: slot.orders.map((order) => ({
          _id: order._id,
          name: order.customer ?? order.name,
          pinCode: order.pinCode,
          total: order.total === undefined || order.total === null ? undefined : Number(order.total),
          status: order.status,
        })),
      }));
    },
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
        ? await api.put<{ zone: ZoneFromApi }>(`/api/admin/delivery/zones/${enc(id)}`, { ...input })
        : await api.post<{ zone: ZoneFromApi }>('/api/admin/delivery/zones', { ...input });
      return toZone(zone);
    },
    onSuccess: invalidate,
  });
}

export function useDeleteZone() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/admin/delivery/zones/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export function useSaveSlotTemplate() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: SlotTemplateInput }): Promise<SlotTemplate> => {
      const { slot } = id
        ? await api.put<{ slot: SlotTemplate }>(`/api/admin/delivery/slots/${enc(id)}`, { ...input })
        : await api.post<{ slot: SlotTemplate }>('/api/admin/delivery/slots', { ...input });
      return slot;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteSlotTemplate() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/admin/delivery/slots/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/** GET /api/delivery/slots?pinCode=: the slots of today and the next 6 days for a PIN code, earliest first. */
import type { Slot, SlotsAnswer } from '@mandi/shared/delivery';
import { isIndianPinCode } from '@mandi/shared/kernel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export async function getSlots(pinCode: string): Promise<Slot[]> {
  try {
    const data = await api.get<SlotsAnswer>(`/api/delivery/slots?pinCode=${encodeURIComponent(pinCode)}`);
    return data.slots;
  } catch (error) {
    // No delivery routes on this server: no slots, and the checkout asks for none.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const slotsQuery = (pinCode: string, enabled = true) =>
  queryOptions({
    queryKey: ['delivery', 'slots', pinCode],
    queryFn: () => getSlots(pinCode),
    enabled: enabled && isIndianPinCode(pinCode),
    // Places fill while the shopper looks: read again on focus, and never keep an old listing long.
    staleTime: 15_000,
  });

export function useDeliverySlots(pinCode: string, enabled = true) {
  return useQuery(slotsQuery(pinCode, enabled));
}

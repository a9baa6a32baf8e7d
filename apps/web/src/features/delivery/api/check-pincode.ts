/** GET /api/delivery/pincode/{pinCode}: does the shop deliver there, and on which zone's terms. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { toZone, type Zone, type ZoneFromApi } from './delivery-types';

export interface PincodeCheck {
  serviceable: boolean;
  zone: Zone | null;
  message: string;
}

export const isSixDigits = (pinCode: string) => /^\d{6}$/.test(pinCode);

export async function checkPincode(pinCode: string): Promise<PincodeCheck> {
  try {
    const data = await api.get<{ serviceable: boolean; zone: ZoneFromApi | null; message: string }>(
      `/api/delivery/pincode/${encodeURIComponent(pinCode)}`,
    );
    return { serviceable: data.serviceable, zone: data.zone ? toZone(data.zone) : null, message: data.message ?? '' };
  } catch (error) {
    // A server without the delivery routes keeps the shop's first promise: free delivery everywhere.
    if (error instanceof ApiError && error.status === 404) return { serviceable: true, zone: null, message: '' };
    throw error;
  }
}

export const pincodeQuery = (pinCode: string) =>
  queryOptions({
    queryKey: ['delivery', 'pincode', pinCode],
    queryFn: () => checkPincode(pinCode),
    enabled: isSixDigits(pinCode),
    staleTime: 60_000,
  });

/** The check of a 6-digit PIN code; idle (no request) for anything else. */
export function usePincodeCheck(pinCode: string) {
  return useQuery(pincodeQuery(pinCode));
}

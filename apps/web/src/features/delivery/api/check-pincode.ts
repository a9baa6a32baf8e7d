/** GET /api/delivery/pincode/{pinCode}: does the shop deliver there, and on which zone's terms. */
import type { PinCodeAnswer } from '@mandi/shared/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export type PincodeCheck = Omit<PinCodeAnswer, 'success'>;

export const isSixDigits = (pinCode: string) => /^\d{6}$/.test(pinCode);

export async function checkPincode(pinCode: string): Promise<PincodeCheck> {
  try {
    const { serviceable, zone, message } = await api.get<PinCodeAnswer>(
      `/api/delivery/pincode/${encodeURIComponent(pinCode)}`,
    );
    return { serviceable, zone, message };
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

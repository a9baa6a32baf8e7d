/** GET /api/delivery/pincode/{pinCode}: does the shop deliver there, and on which zone's terms. */
import type { PinCodeAnswer } from '@mandi/shared/delivery';
import { isIndianPinCode } from '@mandi/shared/kernel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export type PincodeCheck = Omit<PinCodeAnswer, 'success'>;

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
    enabled: isIndianPinCode(pinCode),
    staleTime: 60_000,
  });

/** The check of an Indian PIN code (6 digits, the first 1 to 8); idle (no request) for anything else. */
export function usePincodeCheck(pinCode: string) {
  return useQuery(pincodeQuery(pinCode));
}

/** GET /api/coupons/check: would the code apply to this basket now? Placing the order judges it again. */
import type { CouponCheckAnswer } from '@mandi/shared/schemas';
import { api } from '../../../lib/api-client';

export function checkCoupon(code: string, subtotal: number) {
  const query = new URLSearchParams({ code, subtotal: String(subtotal) });
  return api.get<CouponCheckAnswer>(`/api/coupons/check?${query}`);
}

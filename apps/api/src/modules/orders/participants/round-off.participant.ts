/**
 * Round-off, the last order participant (decision 0017): a final bill is paid in whole rupees. When
 * an order is packed (or shipped unpacked) it rounds the lines and every other adjustment to the
 * nearest rupee, half up, and writes the difference (-49 to +50 paise) as the order's round-off
 * adjustment. Before packing there is none: the estimate is not rounded. Registered after every
 * other participant, so the adjustments it rounds are final.
 */
import { roundOffPaise } from '@mandi/shared/kernel';
import { ROUND_OFF } from '../orders.adjustments.js';
import type { OrderParticipant } from '../orders.lifecycle.js';

export const roundOffParticipant: OrderParticipant = {
  name: 'round-off',
  adjust({ subtotalPaise, adjustments }) {
    adjustments.set({
      ...ROUND_OFF,
      amountPaise: roundOffPaise(subtotalPaise + adjustments.sumPaise(ROUND_OFF)),
      // Not a supply: no tax on it, printed after the tax totals.
      taxTreatment: 'outside-supply',
    });
  },
};

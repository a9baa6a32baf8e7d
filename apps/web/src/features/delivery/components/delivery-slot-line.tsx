/** "Delivery: Tue 24 Nov, 7:00–9:00" on the order screens; nothing for an order without a slot. */
import type { BookedSlot } from '../api/delivery-types';
import { formatDeliverySlot } from './format-slot';

export function DeliverySlotLine({ slot, className }: { slot: BookedSlot | null | undefined; className?: string }) {
  if (!slot) return null;
  return (
    <p className={className}>
      Delivery: <time dateTime={slot.date}>{formatDeliverySlot(slot)}</time>
    </p>
  );
}

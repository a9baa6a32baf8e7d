/** "Delivery: Tue 24 Nov, 7:00–9:00" on the order screens; nothing for an order without a slot. */
import type { DeliverySlot } from '@mandi/shared/delivery';
import { useT } from '../../../lib/i18n';
import { deliveryShopTexts } from '../delivery-shop.texts';
import { formatDeliverySlot } from './format-slot';

export function DeliverySlotLine({ slot, className }: { slot: DeliverySlot | null | undefined; className?: string }) {
  const t = useT();
  if (!slot) return null;
  return (
    <p className={className}>
      {t(deliveryShopTexts.delivery)} <time dateTime={slot.date}>{formatDeliverySlot(slot)}</time>
    </p>
  );
}

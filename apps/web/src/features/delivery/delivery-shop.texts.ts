import { defineTexts } from '../../lib/i18n';

/** What a shopper sees of delivery: the PIN check and the slot picker. */
export const deliveryShopTexts = defineTexts('deliveryShop', {
  notDelivered: 'Sorry, we do not deliver to {pin} yet',
  freeDelivery: 'free delivery',
  deliveryFee: 'delivery {fee}',
  freeAbove: 'free above {amount}',
  weDeliver: 'We deliver to {pin}: {zone}, {terms}',
  checkingPin: 'Checking the PIN code…',
  full: 'Full',
  closed: 'Closed',
  noLimit: 'No limit',
  left: '{count} left',
  deliverySlot: 'Delivery Slot',
  deliveryDay: 'Delivery day',
  noDelivery: 'No delivery on {date}.',
  slotsOn: 'Slots on {date}',
  delivery: 'Delivery:',
});

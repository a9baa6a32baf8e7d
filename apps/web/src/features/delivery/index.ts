/**
 * Delivery's public entry (zones, slots, the PIN code check): the only file checkout, orders and
 * admin import. The admin screen loads lazily, so shoppers never download it.
 */
import { lazy } from 'react';

export { usePincodeCheck } from './api/check-pincode';
export { termsOfZone } from './api/delivery-types';
export { useDeliverySlots } from './api/get-slots';
export { DeliveryOrdersFilter } from './components/delivery-orders-filter';
export { DeliverySlotLine } from './components/delivery-slot-line';
export { formatDeliverySlot, formatSlotDate, formatSlotHours } from './components/format-slot';
export { PincodeStatus } from './components/pincode-status';
export { firstAvailableSlot, SlotPicker } from './components/slot-picker';

/** The admin's Delivery section (zones, slot templates, the day's bookings). */
export const AdminDeliveryPage = lazy(() => import('./pages/admin-delivery-page'));

/** The run sheet of a date and slot, and the day's cash close (decision 0033). */
export const DeliveryRunPage = lazy(() => import('./pages/delivery-run-page'));

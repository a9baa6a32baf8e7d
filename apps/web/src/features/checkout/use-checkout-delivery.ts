/**
 * The checkout's delivery state for a PIN code and a cart subtotal: the PIN check, the slots of the
 * next 7 days, the chosen slot (the first available one until the shopper picks), the fee and the
 * reason Next must wait, if any. With no zones and no slot templates on the server it asks nothing
 * of the shopper: the spec's checkout stays as it was. Offline (issue 42) the check waits for the
 * network and Next does not: the server judges the PIN code and books the earliest free slot when
 * the queued order is sent.
 */

import type { Slot } from '@mandi/shared/delivery';
import { isIndianPinCode } from '@mandi/shared/kernel';
import { useState } from 'react';
import { formatRupees, translate } from '../../lib/i18n';
import { isWithoutNetwork } from '../../lib/offline/kept-answers';
import { firstAvailableSlot, termsOfZone, useDeliverySlots, usePincodeCheck } from '../delivery';
import { checkoutTexts as x } from './checkout.texts';
import { minimumShortfall } from './components/price-summary';

export function useCheckoutDelivery(pinCode: string, subtotal: number, initialSlotId: string | null) {
  const pin = pinCode.trim();
  const pincode = usePincodeCheck(pin);
  const isServed = pincode.data?.serviceable === true;
  const slots = useDeliverySlots(pin, isServed);
  const [chosenId, setChosenId] = useState<string | null>(initialSlotId);

  const slotList = isServed ? (slots.data ?? []) : [];
  const chosenSlot: Slot | null =
    slotList.find((slot) => slot._id === chosenId && slot.isAvailable) ?? firstAvailableSlot(slotList);
  const zone = isServed ? (pincode.data?.zone ?? null) : null;
  // The zone's fee terms (none until the PIN code is served: free), for the kernel's order totals.
  const terms = termsOfZone(zone);
  // What the cart lacks of the zone's minimum: the summary says it as soon as the zone is known, Next refuses it.
  const minimumShort = zone ? minimumShortfall(subtotal, zone.minOrder) : 0;
  // The PIN check found no network (it failed, or waits for the network to try again).
  const isOffline = isIndianPinCode(pin) && !pincode.data && isWithoutNetwork(pincode);

  /** Why Next must wait, once the shipping fields themselves are right; null when the order may go on. */
  function findDeliveryProblem(): string | null {
    if (!isIndianPinCode(pin) || isOffline) return null;
    if (pincode.isPending && pincode.fetchStatus !== 'idle') return translate(x.checkingPin);
    // A failed check does not stop the shopper: the server judges the PIN code again on placing.
    if (pincode.isError || !pincode.data) return null;
    if (!pincode.data.serviceable) return translate(x.notDelivered, { pin });
    if (zone && minimumShort > 0)
      return translate(x.minimumFor, {
        zone: zone.name,
        amount: formatRupees(zone.minOrder),
        more: formatRupees(minimumShort),
      });
    // Slots not known for want of a network: the server books the earliest free one.
    if (slots.isPending && slots.fetchStatus !== 'idle' && !isWithoutNetwork(slots)) return translate(x.loadingSlots);
    if (slotList.length > 0 && !chosenSlot) return translate(x.noSlotFree);
    return null;
  }

  return {
    pin,
    pincode,
    slots: slotList,
    chosenSlot,
    chooseSlot: (slot: Slot) => setChosenId(slot._id),
    zone,
    terms,
    isOffline,
    findDeliveryProblem,
    refetch: () => Promise.all([pincode.refetch(), isServed ? slots.refetch() : null]),
  };
}

export type CheckoutDelivery = ReturnType<typeof useCheckoutDelivery>;

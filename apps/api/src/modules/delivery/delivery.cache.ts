/**
 * Delivery's cached reads (the PIN code check and the slot listing) and the writes that drop them
 * (docs/decisions/0016-cache-declarations.md): the admin's zones and slot templates, and the
 * bookings that orders make and give back.
 */
import { CACHE_TAGS } from '../../lib/cache-tags.js';
import type { CachedRead, CacheWrite, ModuleCache } from '../../lib/response-cache.js';

const delivery = () => [CACHE_TAGS.delivery];

const pinCode: CachedRead<string> = {
  name: 'delivery.pinCode',
  route: 'GET /api/delivery/pincode/:pinCode',
  key: (code) => code,
  tags: delivery,
};
/** What every zone shares, for the storefront's sentences (one answer for the whole shop). */
const terms: CachedRead<string> = {
  name: 'delivery.terms',
  route: 'GET /api/delivery/terms',
  key: () => 'all',
  tags: delivery,
};
/**
 * Keyed per minute: a slot opens and closes only on whole minutes (start and cut-off are whole
 * minutes), so within a minute only bookings and the admin's changes alter the answer.
 */
const slots: CachedRead<{ pinCode: string; minute: number }> = {
  name: 'delivery.slots',
  route: 'GET /api/delivery/slots',
  key: ({ pinCode, minute }) => `${pinCode}:${minute}`,
  tags: delivery,
};

/** Zones and slot templates added, changed or deleted (a template's bookings go with it). */
const setupEdited: CacheWrite = {
  name: 'delivery.setupEdited',
  routes: [
    'POST /api/admin/delivery/zones',
    'PUT /api/admin/delivery/zones/:id',
    'DELETE /api/admin/delivery/zones/:id',
    'POST /api/admin/delivery/slots',
    'PUT /api/admin/delivery/slots/:id',
    'DELETE /api/admin/delivery/slots/:id',
  ],
  tags: delivery,
};
/** Slots booked by placed orders: the listing shows what is left. */
const slotsBooked: CacheWrite = { name: 'delivery.slotsBooked', routes: ['POST /api/user/new/order'], tags: delivery };
/** A cancelled order's slot given back. */
const slotReleased: CacheWrite = {
  name: 'delivery.slotReleased',
  routes: ['PUT /api/user/update/order/:id', 'PUT /api/user/my/order/:id/cancel'],
  tags: delivery,
};

export const deliveryCache = {
  module: 'delivery',
  reads: { pinCode, slots, terms },
  writes: { setupEdited, slotsBooked, slotReleased },
} as const satisfies ModuleCache;

/** Standing orders as the API answers them, for this feature's tests (the shop date is Thu 26 Nov 2026). */
import { addDays } from '@mandi/shared/kernel';
import type { Subscription, SubscriptionsAnswer } from '@mandi/shared/schemas';

export const TODAY = '2026-11-26';
/** 12:00 in the shop on TODAY. */
export const NOON = new Date('2026-11-26T06:30:00.000Z');

/** The 14 days from TODAY, each due (today's made, with its order). */
function fortnight(): Subscription['upcoming'] {
  return Array.from({ length: 14 }, (_, index) => {
    const date = addDays(TODAY, index);
    return index === 0 ? { date, state: 'made' as const, orderId: 'o-today' } : { date, state: 'due' as const };
  });
}

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: 's-milk',
    product: {
      _id: 'p-milk',
      name: 'Toned Milk',
      nameHi: 'टोंड दूध',
      unit: 'litre',
      price: 56,
      picture: '/api/images/milk',
      isActive: true,
    },
    quantity: 1,
    unit: 'litre',
    schedule: { kind: 'daily', weekdays: [], everyNDays: null, startDate: '2026-11-20' },
    paymentMethod: 'Khata',
    address: {
      _id: 'a-1',
      label: 'Home',
      address: '12 MG Road',
      city: 'Pune',
      mobileNumber: '9876543210',
      pinCode: '411001',
    },
    slot: { _id: 't-morning', start: '07:00', end: '09:00' },
    skips: [],
    pauses: [],
    nextDate: '2026-11-27',
    status: 'active',
    upcoming: fortnight(),
    createdAt: '2026-11-20T05:00:00.000Z',
    ...overrides,
  };
}

export function listAnswer(subscriptions: Subscription[], overrides: Partial<SubscriptionsAnswer> = {}) {
  return {
    success: true,
    subscriptions,
    cutoff: '21:00',
    changesOpenFrom: '2026-11-27',
    closedDates: [],
    ...overrides,
  } satisfies SubscriptionsAnswer;
}

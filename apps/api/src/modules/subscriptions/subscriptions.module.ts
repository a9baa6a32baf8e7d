/**
 * Standing orders (decision 0064): a shopper's regular order of a product on a schedule, made by
 * the shop's clock at the cut-off the evening before, one order per household and date, through
 * the orders module's placing path; the shop's closed dates; the admin's view and run of a date.
 */
import { type ModuleManifest, type ModuleServices, moduleRoutes } from '../../module-manifest.js';
import type { OrderParticipant } from '../orders/orders.lifecycle.js';
import { subscriptionsCache } from './subscriptions.cache.js';
import { subscriptionsParticipant } from './subscriptions.participant.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import {
  createStandingOrdersClock,
  type StandingOrdersClock,
  type SubscriptionsDeps,
} from './subscriptions.service.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** Makes each date's standing orders at its cut-off, on every process by itself. */
    standingOrdersClock: StandingOrdersClock;
  }
}

export const subscriptionsModule: ModuleManifest<OrderParticipant> = {
  name: 'subscriptions',
  // Orders made through the orders module's path, in delivery's slots (and its closed dates), paid
  // on the khata (khata), at the rate board's rates of the date (rates), to a saved address
  // (accounts), of the catalogue's products; the shopper's mail choice (notifications).
  dependsOn: ['orders', 'delivery', 'khata', 'rates', 'accounts', 'catalog', 'notifications'],
  tables: [
    'subscriptions',
    'subscription_skips',
    'subscription_pauses',
    'subscription_orders',
    'subscription_failures',
    'subscription_runs',
    'subscription_closed_notices',
  ],
  cache: subscriptionsCache,
  participants: () => [
    // Where it runs does not matter: it only writes which standing orders an order holds.
    { rank: 160, participant: subscriptionsParticipant },
  ],
  services: ({ deps, now, log, services }) => ({
    standingOrdersClock: createStandingOrdersClock(subscriptionsDepsOf(deps, now, log, services)),
  }),
  routes: [
    moduleRoutes(subscriptionsRoutes, ({ deps, now, log, services }) => subscriptionsDepsOf(deps, now, log, services)),
  ],
  jobs: ({ deps, services }) =>
    deps.config.standingOrdersClock
      ? [
          {
            kind: 'timer',
            start: () => services.standingOrdersClock.start(),
            close: () => services.standingOrdersClock.close(),
          },
        ]
      : [],
};

function subscriptionsDepsOf(
  deps: Omit<SubscriptionsDeps, 'lifecycle' | 'now' | 'log' | 'notifications'>,
  now: () => Date,
  log: SubscriptionsDeps['log'],
  services: Pick<ModuleServices, 'orderLifecycle' | 'notifications'>,
): SubscriptionsDeps {
  return { ...deps, now, log, lifecycle: services.orderLifecycle, notifications: services.notifications };
}

/**
 * Order events (decision 0017): the outbox every order moment writes its events to, in its own
 * transaction, and the dispatcher that hands them to the subscribers after the commit. It depends
 * on no module: orders and billing write to it, the modules' manifests name the subscribers, and
 * buildApp makes the outbox once it has them all.
 */
import type { ModuleManifest } from '../../module-manifest.js';
import type { OrderEventOutbox } from './order-events.dispatcher.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** The outbox of order events, one per process (made by buildApp with every module's subscribers). */
    orderEvents: OrderEventOutbox;
  }
}

export const orderEventsModule: ModuleManifest = {
  name: 'order-events',
  dependsOn: [],
  tables: ['order_events_outbox'],
};

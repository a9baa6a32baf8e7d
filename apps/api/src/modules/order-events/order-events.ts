/**
 * Order events (decision 0017): what happened to an order at a moment of its life, told to the
 * subscribers after the moment's transaction has committed. This module depends on no other:
 * orders and billing write events, the modules' manifests name their subscribers and buildApp
 * registers them.
 */

import type { OrderChannel } from '@mandi/shared/schemas';

/** placed, packed (also when shipped unpacked), shipped, delivered, cancelled, paid. */
export type OrderEventType = 'placed' | 'packed' | 'shipped' | 'delivered' | 'cancelled' | 'paid';

/** An event as a moment writes it, inside its transaction. */
export interface OrderEvent {
  type: OrderEventType;
  orderId: string;
  /** Small facts the moment knew (never what a subscriber can read again from the order). */
  payload?: Record<string, unknown>;
  /**
   * The order's channel, when the moment knew it: a subscriber that names its channels gets no
   * row for an order of another (a sale at the counter tells its shopper by its receipt).
   */
  channel?: OrderChannel;
}

/** An event as a subscriber receives it, with its outbox row's identity. */
export interface DeliveredOrderEvent extends Required<Omit<OrderEvent, 'channel'>> {
  /** The outbox row: the same id on every attempt, so a subscriber can tell a repeat. */
  id: number;
  /** 1 on the first attempt. */
  attempt: number;
  createdAt: Date;
}

/**
 * A subscriber's handler. Delivery is at least once: a process that dies after the handler and
 * before its row is removed runs it again after restart, so a handler is idempotent where it can be.
 * A throw counts a failed attempt; the event is tried again later.
 */
export type OrderEventHandler = (event: DeliveredOrderEvent, run: DeliveryRun) => Promise<void>;

/** A subscriber as a module's manifest registers it. */
export interface OrderEventSubscriber {
  /** Kept on each outbox row: keep it stable while events for it may be pending. */
  name: string;
  types: readonly OrderEventType[];
  /** The channels of the orders whose events it is handed (every channel when absent). */
  channels?: readonly OrderChannel[];
  handler: OrderEventHandler;
}

/**
 * The events a subscriber is handed in one claim, so that a handler can read what all of them
 * need at once (a checkout batch's orders in one query, not one per mail).
 */
export interface DeliveryRun {
  /** This subscriber's events of the claim, in the order they were written. */
  events: readonly DeliveredOrderEvent[];
  /** `load()` once per claim and key; its result is shared by the claim's events. */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * The whole claim, every subscriber's events: what several subscribers read of the same orders
   * (the orders themselves, their shoppers' settings) is read once for all of them.
   */
  claim: {
    /** Every order the claim has an event of, each once. */
    orderIds: readonly string[];
    /** `load(orderIds)` once per claim and key, shared by every subscriber of the claim. */
    once<T>(key: string, load: (orderIds: readonly string[]) => Promise<T>): Promise<T>;
  };
}

/** The subscribers by event type, filled once at start (buildApp) and read by the outbox. */
export class OrderEventRegistry {
  private readonly byName = new Map<
    string,
    { types: readonly OrderEventType[]; channels?: readonly OrderChannel[]; handler: OrderEventHandler }
  >();

  /** `name` is kept on each outbox row: keep it stable while events for it may be pending. */
  subscribe(
    name: string,
    types: readonly OrderEventType[],
    handler: OrderEventHandler,
    channels?: readonly OrderChannel[],
  ): this {
    if (this.byName.has(name)) throw new Error(`order event subscriber ${name} is registered twice`);
    this.byName.set(name, { types, handler, ...(channels ? { channels } : {}) });
    return this;
  }

  /** The subscribers of a type (and of the order's channel, when known), in registration order. */
  subscribersOf(type: OrderEventType, channel?: OrderChannel): string[] {
    return [...this.byName]
      .filter(
        ([, entry]) => entry.types.includes(type) && (!channel || !entry.channels || entry.channels.includes(channel)),
      )
      .map(([name]) => name);
  }

  handlerOf(name: string): OrderEventHandler | undefined {
    return this.byName.get(name)?.handler;
  }
}

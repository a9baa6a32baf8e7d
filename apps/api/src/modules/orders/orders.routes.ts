/** Order HTTP routes: placing, reading, advancing and cancelling orders. */
import { ADMIN_ORDERS_PAGE_SIZE, ADMIN_SEARCH_MAX_LENGTH, SUBSTITUTION_CHOICES } from '@mandi/shared';
import { isCalendarDate, parseSlotId } from '@mandi/shared/delivery';
import { paiseToRupees, parseOrderNumber } from '@mandi/shared/kernel';
import {
  adminOrdersAnswerSchema,
  cancelOrderBodySchema,
  isShopDateInRange,
  myOrdersAnswerSchema,
  ORDER_CHANNELS,
  orderAnswerSchema,
  orderStatusAnswerSchema,
  orderStatusChangeSchema,
  placeOrderAnswerSchema,
  shippingInfoSchema,
  shopDateRangeMessage,
} from '@mandi/shared/schemas';
import { ORDER_STATUS_CHANGED_CODES, schemaMessage, serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, pageNumberSchema, pageSizeSchema, parseId } from '../../lib/validation.js';
import { ordersCache } from './orders.cache.js';
import type { OrderParticipant } from './orders.lifecycle.js';
import * as orders from './orders.service.js';

const idempotencyKeySchema = z
  .string({ error: 'The idempotency key must be text' })
  .trim()
  .min(1, 'The idempotency key must not be blank')
  .max(100, 'The idempotency key must be at most 100 characters');

const QUANTITY_MESSAGE = schemaMessage('quantityNotKg');

/** Kilograms as a JSON number or a numeric string ("1.5"); anything else is refused. */
const quantitySchema = z.union([z.number(), z.string()], { error: QUANTITY_MESSAGE }).transform((value, ctx) => {
  const kg = typeof value === 'number' ? value : /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(kg)) {
    ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
    return z.NEVER;
  }
  return kg;
});

/** Only `id` and `quantity` of a cart line count; price, name and image sent along are ignored. */
const orderFieldsSchema = z.object({
  cartItems: z
    .array(
      z.object({
        id: z.string({ error: 'Each cart item needs a product id' }).trim().min(1).max(100),
        quantity: quantitySchema,
        substitution: z
          .enum(SUBSTITUTION_CHOICES, { error: 'substitution must be similar, call or skip' })
          .optional()
          .meta({
            description:
              'When the product is short (decision 0043): similar (same unit, no higher rate), call (phone first) or skip (the default)',
          }),
      }),
      { error: 'Cart items must be a list of { id, quantity }' },
    )
    .min(1, schemaMessage('cartEmpty'))
    .max(orders.MAX_ORDER_LINES, schemaMessage('orderMaxLines', { max: orders.MAX_ORDER_LINES })),
  shippingInfo: shippingInfoSchema,
  idempotencyKey: idempotencyKeySchema.optional(),
  expectedSubtotal: z
    .number({ error: 'expectedSubtotal must be an amount in ₹' })
    .nonnegative('expectedSubtotal must be an amount in ₹')
    .max(paiseToRupees(orders.MAX_ORDER_TOTAL_PAISE), 'expectedSubtotal must be an amount in ₹')
    .optional()
    .meta({
      description:
        "The items' subtotal (₹) the shopper saw when confirming: when today's rates make it another amount, 409 ratesChangedSinceConfirm and nothing is placed",
    }),
});

/**
 * A checkout's body: the orders module's fields and each participant's own (its `requestFields`:
 * delivery's slot, the coupon's code, khata's payment terms), before the confirmed subtotal. Missing
 * shipping details are named first, whatever else is wrong with the order.
 */
const newOrderSchemaOf = (participants: readonly OrderParticipant[]) => {
  const { expectedSubtotal, ...core } = orderFieldsSchema.shape;
  const own = Object.assign({}, ...participants.map((participant) => participant.requestFields ?? {}));
  // The participants' fields are theirs to type: the orders module passes them on as they are.
  const fields = z.object({ ...core, ...own, expectedSubtotal }) as unknown as typeof orderFieldsSchema;
  return z.preprocess((body, ctx) => {
    const shippingInfo = (body as { shippingInfo?: unknown } | null)?.shippingInfo;
    if (typeof shippingInfo !== 'object' || shippingInfo === null) {
      ctx.addIssue({ code: 'custom', message: schemaMessage('shippingInfoRequired'), path: ['shippingInfo'] });
      return z.NEVER;
    }
    return body;
  }, fields);
};

/** The `Idempotency-Key` header wins over the body's `idempotencyKey`; other headers pass untouched. */
const newOrderHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

const adminOrdersQuerySchema = z.object({
  page: pageNumberSchema,
  number: z
    .string()
    .transform((text, ctx) => {
      const orderNumber = parseOrderNumber(text);
      if (orderNumber === null) {
        ctx.addIssue({ code: 'custom', message: 'must be an order number, like 1042 or #1042' });
        return z.NEVER;
      }
      return orderNumber;
    })
    .optional()
    .meta({ description: 'An order number (1042 or #1042): answers that order only' }),
  q: z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX_LENGTH, `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`)
    .optional()
    .meta({
      description:
        "Search text, any case, matched as plain text: the order of that number (1042 or #1042, listed first), orders whose shopper's name (as on the order) holds it, and orders whose mobile number holds its digits (+91 and spaces ignored)",
    }),
  limit: pageSizeSchema(orders.ADMIN_ORDERS_MAX_PAGE_SIZE),
  deliveryDate: z
    .string()
    .trim()
    .refine(isCalendarDate, 'deliveryDate must be a date written YYYY-MM-DD')
    .refine(isShopDateInRange, shopDateRangeMessage('deliveryDate'))
    .optional(),
  slotId: z
    .string()
    .trim()
    .transform((id, ctx) => {
      const slot = parseSlotId(id);
      if (!slot) {
        ctx.addIssue({ code: 'custom', message: 'slotId must be a slot _id from the slot listing' });
        return z.NEVER;
      }
      if (!isShopDateInRange(slot.date)) {
        ctx.addIssue({ code: 'custom', message: shopDateRangeMessage('slotId') });
        return z.NEVER;
      }
      return slot;
    })
    .optional(),
  channel: z
    .enum(ORDER_CHANNELS, { error: `channel must be one of ${ORDER_CHANNELS.join(', ')}` })
    .optional()
    .meta({ description: 'Only the orders of this channel: online, counter or subscription' }),
});

export type OrdersDeps = AppDeps & { orderLifecycle: orders.OrderLifecycle };

export async function ordersRoutes(app: FastifyInstance, { db, cache, orderLifecycle }: OrdersDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/new/order',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (priced by the server; Idempotency-Key header or body idempotencyKey)',
        headers: newOrderHeadersSchema,
        body: newOrderSchemaOf(orderLifecycle.participants),
        response: { 200: placeOrderAnswerSchema, 201: placeOrderAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const idempotencyKey = request.headers['idempotency-key'] ?? input.idempotencyKey;
      const user = currentUser(request);
      const { order, isNew } = await orders.placeOrder(orderLifecycle, user, {
        lines: input.cartItems,
        shipping: input.shippingInfo,
        idempotencyKey,
        expectedSubtotal: input.expectedSubtotal,
        body: input as Record<string, unknown>,
      });
      return reply
        .status(isNew ? 201 : 200)
        .send({ success: true as const, ...serverMessage('orderPlaced'), order, newOrder: order });
    },
  );

  api.get(
    '/api/user/my/orders',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'My orders, newest first',
        response: { 200: myOrdersAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = await cache.json(ordersCache.reads.myOrders, userId, async () => {
        const list = await orders.listOwnOrders(db, orderLifecycle.participants, userId);
        return { success: true, myOrders: list, orders: list };
      });
      return sendJsonText(reply, body);
    },
  );

  api.get(
    '/api/user/my/order/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order (owner or admin)',
        params: idParamsSchema,
        response: { 200: orderAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      order: await orders.getOrder(
        db,
        orderLifecycle.participants,
        currentUser(request),
        parseId(request.params.id, 'Order'),
      ),
    }),
  );

  api.put(
    '/api/user/my/order/:id/cancel',
    {
      onRequest: requireUser,
      schema: {
        // Listed under weighing in the API docs, where this route was first written.
        tags: ['weighing'],
        summary: 'Cancel my order while it is Processing; its stock goes back',
        params: idParamsSchema,
        body: cancelOrderBodySchema,
        response: { 200: orderAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'Order');
      const { order } = await orders.cancelOwnOrder(orderLifecycle, currentUser(request), id);
      return { success: true as const, order };
    },
  );

  api.get(
    '/api/user/admin/orders',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          'Every order, newest first, or one page of them with ?page=&limit=, or those of a delivery date and slot with ?deliveryDate=&slotId=, or of a channel with ?channel=online|counter|subscription, or the one order of ?number=1042, or those ?q= finds by number, shopper name or mobile (admin); the counts count every order of the filter',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const query = request.query;
      const isPaged = query.page !== undefined || query.limit !== undefined;
      // A slot _id names its date too.
      if (query.slotId && query.deliveryDate && query.deliveryDate !== query.slotId.date) {
        throw new AppError('invalid', serverMessage('deliveryDateNotSlotDate'));
      }
      const filter = {
        deliveryDate: query.deliveryDate ?? query.slotId?.date,
        orderNumber: query.number,
        channel: query.channel,
        search: query.q || undefined,
        // The slot is delivery's: its participant narrows the list by it.
        query,
      };
      const { orders: list, total } = await orders.listAllOrders(
        db,
        orderLifecycle.participants,
        isPaged ? { page: query.page ?? 1, limit: query.limit ?? ADMIN_ORDERS_PAGE_SIZE } : undefined,
        filter,
      );
      return { success: true as const, AllOrders: list, ordersCounts: total, OrdersCount: total };
    },
  );

  api.put(
    '/api/user/update/order/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          'Move an order one step (Processing → Shipped → Delivered; shipping an unpacked order packs it at the ordered weights) or cancel it from Processing or Shipped; cancelling a paid order needs its refund { method: Cash | UPI | Khata, reference } in the same body (409 without; UPI needs the 12-digit UTR)',
        params: idParamsSchema,
        body: orderStatusChangeSchema,
        response: { 200: orderStatusAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'Order');
      const { oStatus, refund } = request.body;
      const { order } = await orders.changeOrderStatus(
        orderLifecycle,
        currentUser(request),
        id,
        oStatus,
        refund ?? null,
      );
      return {
        success: true as const,
        ...serverMessage(ORDER_STATUS_CHANGED_CODES[oStatus]),
        Order: order,
        updatedOrder: order,
      };
    },
  );
}

/** Order HTTP routes: placing, reading and advancing orders, and the admin dashboard's numbers. */
import { ORDER_STATUSES } from '@mandi/shared';
import { isCalendarDate, parseSlotId } from '@mandi/shared/delivery';
import { shippingInfoSchema } from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { JSON_CONTENT_TYPE, ordersOf } from '../../lib/response-cache.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { pageNumberSchema, pageSizeSchema, parseId, parseInput } from '../../lib/validation.js';
import { orderPlacedMail } from './orders.mail.js';
import * as orders from './orders.service.js';

const idempotencyKeySchema = z
  .string({ error: 'The idempotency key must be text' })
  .trim()
  .min(1, 'The idempotency key must not be blank')
  .max(100, 'The idempotency key must be at most 100 characters');

const QUANTITY_MESSAGE = 'Each quantity must be a number of Kg, such as 0.5 or "1.5"';

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
const newOrderSchema = z.object({
  cartItems: z
    .array(
      z.object({
        id: z.string({ error: 'Each cart item needs a product id' }).trim().min(1).max(100),
        quantity: quantitySchema,
      }),
      { error: 'Cart items must be a list of { id, quantity }' },
    )
    .min(1, 'Your cart is empty')
    .max(orders.MAX_ORDER_LINES, `An order can hold at most ${orders.MAX_ORDER_LINES} items`),
  shippingInfo: shippingInfoSchema,
  idempotencyKey: idempotencyKeySchema.optional(),
  slotId: z
    .string({ error: 'slotId must be text: a slot _id from the slot listing' })
    .trim()
    .min(1, 'slotId must not be blank')
    .max(100, 'slotId must be at most 100 characters')
    .optional(),
});

const statusSchema = z.object({
  oStatus: z.enum(ORDER_STATUSES, { error: `The order status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

const idParams = z.object({ id: z.string() });

/** The admin screen's page size when only `page` is given. */
const ADMIN_ORDERS_PAGE_SIZE = 50;

const adminOrdersQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageSizeSchema(orders.ADMIN_ORDERS_MAX_PAGE_SIZE),
  deliveryDate: z.string().trim().refine(isCalendarDate, 'deliveryDate must be a date written YYYY-MM-DD').optional(),
  slotId: z
    .string()
    .trim()
    .transform((id, ctx) => {
      const slot = parseSlotId(id);
      if (!slot) {
        ctx.addIssue({ code: 'custom', message: 'slotId must be a slot _id from the slot listing' });
        return z.NEVER;
      }
      return slot;
    })
    .optional(),
});

export type OrdersDeps = AppDeps & { orderLifecycle: orders.OrderLifecycle };

export async function ordersRoutes(
  app: FastifyInstance,
  { db, cache, orderLifecycle, mailer, afterAnswer, config }: OrdersDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/new/order',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (priced by the server; Idempotency-Key header or body idempotencyKey)',
      },
    },
    async (request, reply) => {
      const raw = (request.body ?? {}) as Record<string, unknown>;
      if (typeof raw.shippingInfo !== 'object' || raw.shippingInfo === null) {
        throw new AppError('invalid', 'Shipping info is required');
      }
      const input = parseInput(newOrderSchema, raw);
      const header = request.headers['idempotency-key'];
      const idempotencyKey =
        header === undefined
          ? input.idempotencyKey
          : parseInput(idempotencyKeySchema, Array.isArray(header) ? header[0] : header);
      const user = currentUser(request);
      const { order, isNew } = await orders.placeOrder(orderLifecycle, user, {
        lines: input.cartItems,
        shipping: input.shippingInfo,
        idempotencyKey,
        slotId: input.slotId,
      });
      if (isNew) {
        // After the answer: a slow mail server never delays (or fails) a placed order.
        afterAnswer.push(
          () => mailer.send(orderPlacedMail(user.email, order, config.publicUrl)),
          request.log,
          'order confirmation mail could not be sent',
        );
      }
      return reply.status(isNew ? 201 : 200).send({ success: true, message: 'Order placed', order, newOrder: order });
    },
  );

  api.get(
    '/api/user/my/orders',
    { preHandler: requireUser, schema: { tags: ['orders'], summary: 'My orders, newest first' } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = await cache.json(ordersOf(userId), [ordersOf(userId)], async () => {
        const list = await orders.listOwnOrders(db, userId);
        return { success: true, myOrders: list, orders: list };
      });
      return reply.type(JSON_CONTENT_TYPE).send(body);
    },
  );

  api.get(
    '/api/user/my/order/:id',
    { preHandler: requireUser, schema: { tags: ['orders'], summary: 'One order (owner or admin)', params: idParams } },
    async (request) => ({
      success: true,
      order: await orders.getOrder(db, currentUser(request), parseId(request.params.id, 'Order')),
    }),
  );

  api.get(
    '/api/user/admin/orders',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          'Every order, newest first, or one page of them with ?page=&limit=, or those of a delivery date and slot with ?deliveryDate=&slotId= (admin); the counts count every order of the filter',
      },
    },
    async (request) => {
      const query = parseInput(adminOrdersQuerySchema, request.query ?? {});
      const isPaged = query.page !== undefined || query.limit !== undefined;
      // A slot _id names its date too.
      if (query.slotId && query.deliveryDate && query.deliveryDate !== query.slotId.date) {
        throw new AppError('invalid', 'deliveryDate and slotId name different dates');
      }
      const filter = {
        deliveryDate: query.deliveryDate ?? query.slotId?.date,
        slotTemplateId: query.slotId?.templateId,
      };
      const { orders: list, total } = await orders.listAllOrders(
        db,
        isPaged ? { page: query.page ?? 1, limit: query.limit ?? ADMIN_ORDERS_PAGE_SIZE } : undefined,
        filter,
      );
      return { success: true, AllOrders: list, ordersCounts: total, OrdersCount: total };
    },
  );

  api.get(
    '/api/user/admin/stats',
    {
      preHandler: requireAdmin,
      schema: { tags: ['orders'], summary: 'Dashboard counts and delivered amount (admin)' },
    },
    async (_request, reply) => {
      const body = await cache.json('shop-stats', ['catalogue', 'orders', 'users'], async () => ({
        success: true,
        ...(await orders.getShopStats(db)),
      }));
      return reply.type(JSON_CONTENT_TYPE).send(body);
    },
  );

  api.put(
    '/api/user/update/order/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'Move an order one step: Processing → Shipped → Delivered',
        params: idParams,
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'Order');
      const { oStatus } = parseInput(statusSchema, request.body);
      const order = await orders.changeOrderStatus(orderLifecycle, id, oStatus);
      return { success: true, message: `Order ${oStatus}`, Order: order, updatedOrder: order };
    },
  );
}

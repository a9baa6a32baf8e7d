/** Delivery HTTP routes: the PIN code check and slot listing (anyone), zones, slots and the day view (admin). */
import {
  bookingsAnswerSchema,
  dateQuerySchema,
  deletedAnswerSchema,
  deliveryTermsAnswerSchema,
  pinCodeAnswerSchema,
  pinCodeParamsSchema,
  slotsAnswerSchema,
  slotsQuerySchema,
  slotTemplateAnswerSchema,
  slotTemplateInputSchema,
  slotTemplatesAnswerSchema,
  zoneAnswerSchema,
  zoneInputSchema,
  zonesAnswerSchema,
} from '@mandi/shared/delivery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { JSON_CONTENT_TYPE } from '../../lib/response-cache.js';
import { requireAdmin } from '../../lib/session.js';
import { failureResponses, parseId } from '../../lib/validation.js';
import type { OrderViews } from '../orders/orders.views.js';
import { deliveryCache } from './delivery.cache.js';
import * as delivery from './delivery.service.js';

export type DeliveryDeps = AppDeps & {
  now: () => Date;
  /** The order answer's parts, for the day view's orders. */
  orderViews: OrderViews;
};

const idParams = z.object({ id: z.string() });

/**
 * A cached answer is the schema's JSON already written out; Fastify sends a JSON string as it is
 * (the response schema then documents it without serializing it again).
 */
const asSerialized = <S extends z.ZodType>(body: string) => body as unknown as z.infer<S>;
const tags = ['delivery'];

export async function deliveryRoutes(
  app: FastifyInstance,
  { db, work, cache, now, orderViews }: DeliveryDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Admin routes check who is asking before the body is validated: a stranger learns nothing from a 400.
  const admin = { preValidation: requireAdmin };

  api.get(
    '/api/delivery/pincode/:pinCode',
    {
      schema: {
        tags,
        summary: 'Whether the shop delivers to a PIN code, its zone and terms',
        params: pinCodeParamsSchema,
        response: { 200: pinCodeAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const { pinCode } = request.params;
      const body = await cache.json(deliveryCache.reads.pinCode, pinCode, async () => ({
        success: true,
        ...(await delivery.checkPinCode(db, pinCode)),
      }));
      return reply.type(JSON_CONTENT_TYPE).send(asSerialized<typeof pinCodeAnswerSchema>(body));
    },
  );

  api.get(
    '/api/delivery/terms',
    {
      schema: {
        tags,
        summary:
          'What holds of delivery wherever the shop delivers: every PIN code or its zones, fee and minimum ranges, free above',
        response: { 200: deliveryTermsAnswerSchema, ...failureResponses },
      },
    },
    async (_request, reply) => {
      const body = await cache.json(deliveryCache.reads.terms, 'all', async () => ({
        success: true,
        terms: await delivery.deliveryTerms(db),
      }));
      return reply.type(JSON_CONTENT_TYPE).send(asSerialized<typeof deliveryTermsAnswerSchema>(body));
    },
  );

  api.get(
    '/api/delivery/slots',
    {
      schema: {
        tags,
        summary: 'Delivery slots for a PIN code, today and the next 6 days, earliest first',
        querystring: slotsQuerySchema,
        response: { 200: slotsAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const { pinCode } = request.query;
      const at = now();
      // Cached per minute (delivery.cache.ts says why).
      const minute = Math.floor(at.getTime() / 60_000);
      const body = await cache.json(deliveryCache.reads.slots, { pinCode, minute }, async () => ({
        success: true,
        slots: await delivery.listSlots(db, at, pinCode),
      }));
      return reply.type(JSON_CONTENT_TYPE).send(asSerialized<typeof slotsAnswerSchema>(body));
    },
  );

  api.get(
    '/api/admin/delivery/zones',
    {
      ...admin,
      schema: { tags, summary: 'Delivery zones (admin)', response: { 200: zonesAnswerSchema, ...failureResponses } },
    },
    async () => ({ success: true as const, zones: await delivery.listZones(db) }),
  );

  api.post(
    '/api/admin/delivery/zones',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a delivery zone (admin)',
        body: zoneInputSchema,
        response: { 201: zoneAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, zone: await delivery.createZone(work, request.body) }),
  );

  api.put(
    '/api/admin/delivery/zones/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace a delivery zone (admin)',
        params: idParams,
        body: zoneInputSchema,
        response: { 200: zoneAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      zone: await delivery.updateZone(work, parseId(request.params.id, 'Delivery zone'), request.body),
    }),
  );

  api.delete(
    '/api/admin/delivery/zones/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a delivery zone (admin)',
        params: idParams,
        response: { 200: deletedAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await delivery.deleteZone(work, parseId(request.params.id, 'Delivery zone'))),
    }),
  );

  api.get(
    '/api/admin/delivery/slots',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delivery slot templates (admin)',
        response: { 200: slotTemplatesAnswerSchema, ...failureResponses },
      },
    },
    async () => ({ success: true as const, slots: await delivery.listTemplates(db) }),
  );

  api.post(
    '/api/admin/delivery/slots',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a delivery slot template (admin)',
        body: slotTemplateInputSchema,
        response: { 201: slotTemplateAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, slot: await delivery.createTemplate(work, request.body) }),
  );

  api.put(
    '/api/admin/delivery/slots/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Replace a delivery slot template (admin); booked orders keep their times',
        params: idParams,
        body: slotTemplateInputSchema,
        response: { 200: slotTemplateAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      slot: await delivery.updateTemplate(work, parseId(request.params.id, 'Delivery slot'), request.body),
    }),
  );

  api.delete(
    '/api/admin/delivery/slots/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a delivery slot template (admin); booked orders keep their slot',
        params: idParams,
        response: { 200: deletedAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await delivery.deleteTemplate(work, parseId(request.params.id, 'Delivery slot'))),
    }),
  );

  api.get(
    '/api/admin/delivery/bookings',
    {
      ...admin,
      schema: {
        tags,
        summary: "A date's slots with their orders, capacity and booked count (admin)",
        querystring: dateQuerySchema,
        response: { 200: bookingsAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      date: request.query.date,
      slots: await delivery.dayBookings(db, orderViews, request.query.date),
    }),
  );
}

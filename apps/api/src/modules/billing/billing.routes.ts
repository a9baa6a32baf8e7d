/** Bill routes (decision 0010): the bill as PDF and the UPI link (owner or admin), the payment and the bills register (admin). */

import { shopMonthOf } from '@mandi/shared/kernel';
import {
  billsRegisterAnswerSchema,
  billsRegisterQuerySchema,
  orderAnswerSchema,
  recordPaymentBodySchema,
  upiAnswerSchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { sendCsv } from '../../lib/csv-stream.js';
import { pdfAnswerSchemas, sendPdf } from '../../lib/pdf/pdf-answer.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, idParamsSchema, parseId } from '../../lib/validation.js';
import type { OrderEventOutbox } from '../order-events/order-events.dispatcher.js';
import type { OrderViews } from '../orders/orders.views.js';
import * as billing from './billing.service.js';

const tags = ['billing'];

/** The bill's language (decision 0011); left out, the shopper's chosen language. */
const invoiceQuerySchema = z.object({
  lang: z.enum(['en', 'hi'], { error: "the bill's language must be en (English) or hi (Hindi)" }).optional(),
});

export type BillingDeps = AppDeps & {
  now?: () => Date;
  orderEvents: OrderEventOutbox;
  /** The order answer's parts: whether an order is on a khata, the coupon a bill notes. */
  orderViews: OrderViews;
};

export async function billingRoutes(
  app: FastifyInstance,
  { db, work, now, orderEvents, orderViews, shop: shopProfile, pdf }: BillingDeps,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The seller as last saved (decision 0028), read per request from the cached profile.
  const shop = () => shopProfile.current();

  api.get(
    '/api/user/my/order/:id/invoice',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          "The order's bill as a PDF (Bill of Supply, Tax Invoice or Invoice-cum-Bill of Supply), owner or admin; 409 until the order is packed. ?lang=en|hi chooses the language; without it, the shopper's chosen language, else English. 429 (Retry-After) while the viewer already has 2 PDFs being made, 503 (Retry-After) when the shop's PDF queue is full",
        params: idParamsSchema,
        querystring: invoiceQuerySchema,
        response: pdfAnswerSchemas,
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id, 'Order');
      const bill = await billing.getInvoicePdf(
        db,
        orderViews,
        pdf,
        await shop(),
        currentUser(request),
        id,
        request.query.lang,
      );
      return sendPdf(reply, bill);
    },
  );

  api.get(
    '/api/user/my/order/:id/upi',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'The upi://pay link for the amount due of a packed, unpaid order (owner or admin); 404 when the shop takes no UPI, 409 when paid, cancelled or not packed yet',
        params: idParamsSchema,
        response: { 200: upiAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'Order');
      return {
        success: true as const,
        ...(await billing.getUpiLink(db, orderViews, await shop(), currentUser(request), id)),
      };
    },
  );

  api.put(
    '/api/admin/orders/:id/payment',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Record the payment of a packed order, once (Cash, or UPI with its 12-digit UTR as reference); 409 when cancelled, already paid or not packed',
        params: idParamsSchema,
        body: recordPaymentBodySchema,
        response: { 200: orderAnswerSchema, ...failureResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'Order');
      const order = await billing.recordPayment(work, orderViews, orderEvents, currentUser(request), id, request.body);
      return { success: true as const, order };
    },
  );

  api.get(
    '/api/admin/bills',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "The bills register of a month (shop time; default this month), in number order, with tax by rate; &format=csv for the accountant's spreadsheet",
        querystring: billsRegisterQuerySchema,
        response: { 200: billsRegisterAnswerSchema.or(z.string()), ...failureResponses },
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? shopMonthOf((now ?? (() => new Date()))());
      if (request.query.format === 'csv') {
        // Streamed a page of bills at a time: a busy month never holds the loop (decision 0039).
        return sendCsv(reply, `bills-${month}.csv`, billing.billsRegisterCsv(db, await shop(), month));
      }
      return billing.billsRegister(db, await shop(), month);
    },
  );
}

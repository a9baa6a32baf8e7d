/** Buying at the mandi, suppliers and wastage (admin, decision 0035; api-contract-shop "Buying at the mandi"). */
import {
  purchaseAnswerSchema,
  purchaseBodySchema,
  purchasesAnswerSchema,
  purchasesQuerySchema,
  supplierAnswerSchema,
  supplierPaymentBodySchema,
  suppliersAnswerSchema,
  wastageAnswerSchema,
  wastageBodySchema,
  wastageListAnswerSchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { currentUser, requireAdmin } from '../../lib/session.js';
import { failureResponses, idParamsSchema } from '../../lib/validation.js';
import * as purchases from './purchases.service.js';

export type PurchasesDeps = AppDeps & { now: () => Date };

const tags = ['purchases'];

export async function purchasesRoutes(app: FastifyInstance, { db, work, now }: PurchasesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Who is asking is checked before the query or body: a stranger learns nothing from a 400.
  const admin = { preValidation: requireAdmin };

  api.post(
    '/api/admin/purchases',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Save a purchase at the mandi (admin): the supplier by name (a new name creates it), lines (gross, tare, rate per unit), commission % and charges shared by value; adds each net quantity to stock and moves the cost by moving average, all in one transaction',
        body: purchaseBodySchema,
        response: { 201: purchaseAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const saved = await purchases.recordPurchase(work, now(), currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, ...saved });
    },
  );

  api.get(
    '/api/admin/purchases',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The purchases bought on the dates from..to (default the 30 days up to today), newest first (admin)',
        querystring: purchasesQuerySchema,
        response: { 200: purchasesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await purchases.listPurchases(db, now(), request.query)) }),
  );

  api.get(
    '/api/admin/suppliers',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Every supplier by name with what was bought, paid and is owed (balance = purchases - payments) (admin)',
        response: { 200: suppliersAnswerSchema, ...failureResponses },
      },
    },
    async () => ({ success: true as const, suppliers: await purchases.listSuppliers(db) }),
  );

  api.post(
    '/api/admin/suppliers/:id/payments',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Record a payment to a supplier (Cash, UPI or Bank, with a reference); answers the supplier's new balance (admin)",
        params: idParamsSchema,
        body: supplierPaymentBodySchema,
        response: { 201: supplierAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const paid = await purchases.recordSupplierPayment(
        work,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, ...paid });
    },
  );

  api.post(
    '/api/admin/wastage',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Write stock off (rotten, damaged, dried, own-use, other): the quantity leaves the stock, valued at the product's cost rate; more than the stock is a 409 (admin)",
        body: wastageBodySchema,
        response: { 201: wastageAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const written = await purchases.recordWastage(work, now(), currentUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, ...written });
    },
  );

  api.get(
    '/api/admin/wastage',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'The write-offs of the dates from..to (default the 30 days up to today), their total cost, weekly totals and the shrinkage per product (admin)',
        querystring: purchasesQuerySchema,
        response: { 200: wastageListAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await purchases.listWastage(db, now(), request.query)) }),
  );
}

/** Khata HTTP routes (decision 0034): the admin's accounts and payments, the shopper's own khata. */

import { shopDateOf } from '@mandi/shared/kernel';
import {
  adminKhatasQuerySchema,
  khataAccountsAnswerSchema,
  khataLimitAnswerSchema,
  khataLimitBodySchema,
  khataPaymentAnswerSchema,
  khataPaymentBodySchema,
  khataStatementQuerySchema,
  khataWithEntriesAnswerSchema,
  myKhataQuerySchema,
  noKhataAnswerSchema,
} from '@mandi/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { pdfAnswerSchemas, sendPdf } from '../../lib/pdf/pdf-answer.js';
import { sendJsonText } from '../../lib/response-cache.js';
import { currentUser, requireAdmin, requireUser } from '../../lib/session.js';
import { failureResponses, parseId } from '../../lib/validation.js';
import { khataCache } from './khata.cache.js';
import * as khata from './khata.service.js';

export type KhataRouteDeps = AppDeps & { now?: () => Date };

const tags = ['khata'];
const userParamsSchema = z.object({ userId: z.string().meta({ description: "The shopper's user id" }) });

export async function khataRoutes(app: FastifyInstance, deps: KhataRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service: khata.KhataDeps = { ...deps, now: deps.now ?? (() => new Date()) };

  api.get(
    '/api/admin/khata',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Every khata (admin), largest balance first, or one page with ?page=&limit= (50 a page), q searching names, emails and mobiles: limit, balance, pending estimates, available credit, aging and the WhatsApp reminder link; with the totals over every khata and the count matched',
        querystring: adminKhatasQuerySchema,
        response: { 200: khataAccountsAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      // Cached: every page sums all accounts' aging for the totals (decision 0039).
      const params = { query: request.query, shopDate: shopDateOf(service.now()) };
      const body = await deps.cache.json(khataCache.reads.accounts, params, async () => ({
        success: true as const,
        ...(await khata.listAccounts(service, request.query)),
      }));
      return sendJsonText(reply, body);
    },
  );

  api.get(
    '/api/admin/khata/:userId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A shopper's khata with every entry, oldest first, each with the running balance (admin)",
        params: userParamsSchema,
        response: { 200: khataWithEntriesAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await khata.getAccountWithEntries(service, parseId(request.params.userId, 'User'), 'khataNotFound')),
    }),
  );

  api.put(
    '/api/admin/khata/:userId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Open a shopper's khata with a credit limit (₹), change the limit or the reminder's mobile number, or close it with null (409 while anything is owed, advanced or waiting to be billed)",
        params: userParamsSchema,
        body: khataLimitBodySchema,
        response: { 200: khataLimitAnswerSchema, ...failureResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await khata.setCreditLimit(
        service,
        currentUser(request).id,
        parseId(request.params.userId, 'User'),
        request.body,
      )),
    }),
  );

  api.post(
    '/api/admin/khata/:userId/payments',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Record a payment on a khata (₹1 to ₹10,00,000; Cash, or UPI with its 12-digit UTR, once per UTR): it settles the oldest bills first; more than is owed is an advance',
        params: userParamsSchema,
        body: khataPaymentBodySchema,
        response: { 201: khataPaymentAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const paid = await khata.recordPayment(
        service,
        currentUser(request).id,
        parseId(request.params.userId, 'User'),
        request.body,
      );
      return reply.status(201).send({ success: true as const, ...paid });
    },
  );

  api.post(
    '/api/admin/khata/:userId/payouts',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Pay back a khata advance (decision 0055): Cash, or UPI with the 12-digit UTR of the money sent, at most the advance; 409 when the khata holds none',
        params: userParamsSchema,
        body: khataPaymentBodySchema,
        response: { 201: khataPaymentAnswerSchema, ...failureResponses },
      },
    },
    async (request, reply) => {
      const paidOut = await khata.recordPayout(
        service,
        currentUser(request).id,
        parseId(request.params.userId, 'User'),
        request.body,
      );
      return reply.status(201).send({ success: true as const, ...paidOut });
    },
  );

  api.get(
    '/api/admin/khata/:userId/statement',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "A shopper's khata statement as a PDF for shop dates from..to (default this month up to today; at most 366 days), ?lang=en|hi (default the shopper's language), admin",
        params: userParamsSchema,
        querystring: khataStatementQuerySchema,
        response: pdfAnswerSchemas,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await khata.statementPdf(
          service,
          currentUser(request).id,
          parseId(request.params.userId, 'User'),
          request.query,
          'khataNotFound',
        ),
      ),
  );

  api.get(
    '/api/user/my/khata/statement',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'My khata statement as a PDF for shop dates from..to (default this month up to today; at most 366 days), ?lang=en|hi (default my language)',
        querystring: khataStatementQuerySchema,
        response: pdfAnswerSchemas,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await khata.statementPdf(
          service,
          currentUser(request).id,
          currentUser(request).id,
          request.query,
          'khataMyNotFound',
        ),
      ),
  );

  api.get(
    '/api/user/my/khata',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary:
          'My khata with the shop: balance, credit limit, available credit and every entry (404 without a khata; with ?orNone=true, account null)',
        querystring: myKhataQuerySchema,
        response: { 200: khataWithEntriesAnswerSchema.or(noKhataAnswerSchema), ...failureResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.query.orNone && !(await khata.hasAccount(service, userId))) {
        return { success: true as const, account: null, entries: [] };
      }
      return { success: true as const, ...(await khata.getAccountWithEntries(service, userId, 'khataMyNotFound')) };
    },
  );
}

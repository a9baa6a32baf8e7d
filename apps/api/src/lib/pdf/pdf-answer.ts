/**
 * A drawn document as a route answers it (the bill, the khata statement): a PDF download in the
 * document's language, the same way for every document of the shop.
 */
import type { ShopLanguage } from '@mandi/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { failureResponses } from '../validation.js';

/** A document drawn for download. */
export interface PdfDownload {
  pdf: Uint8Array;
  language: ShopLanguage;
  fileName: string;
}

/** A PDF route's answers: the document's bytes, or a failure. */
export const pdfAnswerSchemas = {
  // A Buffer, never serialized: the schema only documents the bytes.
  200: z.any().meta({ type: 'string', format: 'binary', description: 'application/pdf' }),
  ...failureResponses,
};

/** Sends the document as a download named by its file name, in its language, never sniffed as another type. */
export function sendPdf(reply: FastifyReply, document: PdfDownload): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Language', document.language)
    .header('Content-Disposition', `attachment; filename="${document.fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .send(document.pdf);
}

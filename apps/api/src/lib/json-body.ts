/**
 * The JSON body parser: bodies of non-upload routes are limited to 64 KB (413, by Fastify's
 * bodyLimit before anything is read further) and nesting deeper than MAX_JSON_DEPTH is refused
 * (400) by a scan of the raw text, so no object is built for a hostile body. Parsing itself is
 * Fastify's (with its prototype-poisoning protection).
 */

import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** The largest JSON body a non-upload route accepts; upload routes set their own bodyLimit. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** No request of the shop nests deeper than a handful of levels (an order's lines are 3). */
export const MAX_JSON_DEPTH = 16;

/** The deepest nesting of arrays and objects in JSON text, stopping as soon as it exceeds `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth -= 1;
    }
  }
  return false;
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError('invalid', serverMessage('bodyTooDeep')), undefined);
      return;
    }
    parse(request, text, done);
  });
}

/**
 * Cross-site and content-type guards for state-changing requests: a foreign Origin is refused
 * (CSRF), and bodies must be JSON except on upload routes, which also take multipart.
 */

import { serverMessage } from '@mandi/shared/server-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './app-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route takes multipart/form-data (admin image uploads) as well as JSON. */
    isUpload?: boolean;
  }
}

/** Whether an Origin or Referer value names another site than the shop's public address or the request's Host. */
function isForeign(value: string, publicOrigin: string, host: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // A malformed (or "null") origin is foreign.
    return true;
  }
  return url.origin !== publicOrigin && url.host !== host;
}

/**
 * A request that says it comes from another site: Sec-Fetch-Site cross-site, or a foreign Origin,
 * or a foreign Referer. Used for the GET logout, which browsers send without Origin on navigation.
 */
export function isCrossSiteRequest(request: FastifyRequest, config: Config): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const publicOrigin = new URL(config.publicUrl).origin;
  const { origin, referer, host } = request.headers;
  if (origin && isForeign(origin, publicOrigin, host)) return true;
  return referer !== undefined && referer !== '' && isForeign(referer, publicOrigin, host);
}

export function registerRequestGuards(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // The routed path, not the raw URL: /%61pi/... reaches the same /api/ routes and must meet the
    // same guards. A request no route matched is guarded too (it changes nothing either way).
    const routeUrl = request.routeOptions.url;
    if (routeUrl !== undefined && !routeUrl.startsWith('/api/')) return;

    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin && isForeign(origin, publicOrigin, request.headers.host)) {
      throw new AppError('forbidden', serverMessage('crossSite'));
    }

    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const isUpload = request.routeOptions.config?.isUpload === true;
    if (type === 'application/json') return;
    if (isUpload && type === 'multipart/form-data') return;
    throw new AppError('unsupportedMediaType', serverMessage(isUpload ? 'sendJsonOrMultipart' : 'sendJson'));
  });
}

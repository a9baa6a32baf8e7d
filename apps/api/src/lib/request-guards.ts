/**
 * Cross-site and content-type guards for state-changing requests: a foreign Origin is refused
 * (CSRF), and bodies must be JSON except on upload routes, which also take multipart.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './app-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route takes multipart/form-data (admin image uploads) as well as JSON. */
    isUpload?: boolean;
  }
}

export function registerRequestGuards(app: FastifyInstance, config: Config): void {
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;

    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin) {
      let originHost = '';
      try {
        originHost = new URL(origin).host;
      } catch {
        // A malformed Origin is foreign.
      }
      if (originHost !== request.headers.host) {
        throw new AppError('forbidden', 'Requests from other sites are not allowed');
      }
    }

    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const isUpload = request.routeOptions.config?.isUpload === true;
    if (type === 'application/json') return;
    if (isUpload && type === 'multipart/form-data') return;
    throw new AppError(
      'unsupportedMediaType',
      isUpload ? 'Send JSON or multipart/form-data' : 'Unsupported content type: send JSON',
    );
  });
}

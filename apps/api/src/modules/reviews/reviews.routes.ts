/** reviews HTTP routes. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';

export async function reviewsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}

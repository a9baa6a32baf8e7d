/**
 * The daily rate board (decision 0036): today's rates, changes published now or scheduled, and the
 * scheduler that applies them on every process. It writes the products' rate column under their
 * row locks in its own repository.
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { ratesCache } from './rates.cache.js';
import { ratesRoutes } from './rates.routes.js';
import { createRateScheduler, type RateScheduler } from './rates.scheduler.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** Applies scheduled rate changes when they fall due, on every process by itself. */
    rateScheduler: RateScheduler;
  }
}

export const ratesModule: ModuleManifest = {
  name: 'rates',
  dependsOn: [],
  tables: ['rate_changes'],
  cache: ratesCache,
  services: ({ deps, now, log }) => ({
    rateScheduler: createRateScheduler({ work: deps.work, cache: deps.cache, now, log }),
  }),
  routes: [
    moduleRoutes(ratesRoutes, ({ deps, now, services }) => ({ ...deps, now, rateScheduler: services.rateScheduler })),
  ],
  jobs: ({ services }) => [
    { kind: 'timer', start: () => services.rateScheduler.start(), close: () => services.rateScheduler.close() },
  ],
};

/** Reviews: anyone reads them, each shopper keeps one, admins delete. */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { reviewsCache } from './reviews.cache.js';
import { reviewsRoutes } from './reviews.routes.js';

export const reviewsModule: ModuleManifest = {
  name: 'reviews',
  dependsOn: [],
  tables: ['reviews'],
  cache: reviewsCache,
  routes: [moduleRoutes(reviewsRoutes, ({ deps }) => deps)],
};

/** Pictures: stored re-encoded, served with immutable caching, released when nothing uses them. */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { mediaRoutes } from './media.routes.js';

export const mediaModule: ModuleManifest = {
  name: 'media',
  dependsOn: [],
  tables: ['images'],
  routes: [moduleRoutes(mediaRoutes, ({ deps }) => deps)],
};

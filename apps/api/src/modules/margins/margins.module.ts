/** The margin report (decision 0037): sales as the bills register values them, less each line's kept cost. */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { marginsCache } from './margins.cache.js';
import { marginsRoutes } from './margins.routes.js';

export const marginsModule: ModuleManifest = {
  name: 'margins',
  // Every bill's figures come from billing's own maths, so the sales agree with the register.
  dependsOn: ['billing'],
  tables: [],
  cache: marginsCache,
  routes: [moduleRoutes(marginsRoutes, ({ deps, now }) => ({ ...deps, now }))],
};

/**
 * The catalogue: categories and products, listings and search, the admin's product table, and each
 * product's own page (its head in the web app's page).
 */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { catalogCache } from './catalog.cache.js';
import { productPageHeads } from './catalog.page-head.js';
import { type CatalogReads, prepareCatalogReads } from './catalog.repository.js';
import { catalogRoutes } from './catalog.routes.js';

declare module '../../module-manifest.js' {
  interface ModuleServices {
    /** The catalogue's prepared statements and batchers: they belong to one database handle. */
    catalogReads: CatalogReads;
  }
}

export const catalogModule: ModuleManifest = {
  name: 'catalog',
  // Billing for a category's default tax codes, media for the products' pictures.
  dependsOn: ['media', 'billing'],
  tables: ['categories', 'products'],
  cache: catalogCache,
  services: ({ deps }) => ({ catalogReads: prepareCatalogReads(deps.db) }),
  routes: [moduleRoutes(catalogRoutes, ({ deps, services }) => ({ ...deps, catalogReads: services.catalogReads }))],
  // A product's page carries its title, description, Open Graph tags and JSON-LD (decision 0024).
  pageHeads: ({ deps, services }) =>
    productPageHeads(
      services.catalogReads,
      deps.cache,
      deps.config.publicUrl,
      async () => (await deps.shop.current()).name,
    ),
};

/** Buy again (decision 0042): "Your usual", "Order again" and the shopper's named lists. */
import { type ModuleManifest, moduleRoutes } from '../../module-manifest.js';
import { buyAgainRoutes } from './buy-again.routes.js';

export const buyAgainModule: ModuleManifest = {
  name: 'buy-again',
  // A list's quantities are checked by the order rules; past order lines and today's products are
  // read in its own repository.
  dependsOn: ['orders'],
  tables: ['shopping_lists', 'shopping_list_items'],
  routes: [moduleRoutes(buyAgainRoutes, ({ deps }) => deps)],
};

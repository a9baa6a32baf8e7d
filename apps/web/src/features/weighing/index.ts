/** The weighing feature's public entry: the packing screen and the pick list, mounted by the admin routes. */
export { default as PackOrderPage } from './pages/pack-order-page';
export { default as PickListPage } from './pages/pick-list-page';

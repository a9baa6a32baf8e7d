import { defineTexts } from '../../lib/i18n';

/** Texts of the admin kit: the frame's sections, table controls and list pages every admin screen shares. */
export const adminKitTexts = defineTexts('adminKit', {
  admin: 'Admin',
  dashboard: 'Dashboard',
  products: 'Products',
  orders: 'Orders',
  pickList: 'Pick list',
  users: 'Users',
  reviews: 'Reviews',
  delivery: 'Delivery',
  bills: 'Bills',
  khata: 'Khata',
  reports: 'Reports',
  shop: 'Shop settings',
  complaints: 'Complaints',
  rates: 'Rates',
  purchases: 'Purchases',
  edit: 'Edit',
  delete: 'Delete',
  editName: 'Edit {name}',
  deleteName2: 'Delete {name}',
  nounPages: '{noun} pages',
  nounFirstLastOfTotal: '{noun} {first}–{last} of {total}',
  pageOfLastPage: 'Page {page} of {lastPage}',
  previous: 'Previous',
  next: 'Next',
});

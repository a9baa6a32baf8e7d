/**
 * The spec's client texts (sections 2 and 8), kept in one place and used exactly as written,
 * typos included: existing shoppers and tests know them by heart.
 */
export const MESSAGES = {
  filterFirst: 'Please Select Filter First..!!',
  productsEmpty: 'Sorry Products Not Found..!',
  productsError: "Something Went's To Wrong..!",
  mobileLength: 'Mobile Number Should Be 10 Digit..!!',
  pinLength: 'Pin Code Should Be 6 Digit..!!',
  allFieldsRequired: 'All Field Are Required..!!',
  loginPlease: 'Login Please..!!',
  cartEmpty: 'Your Cart Is Empty..!!',
  noOrders: 'You Not Place Any Order Yet..!!',
  orderError: 'Something Went To Wrong',
  orderMissing: 'Sorry Order Not Exit',
  reviewsEmpty: 'No Reviews Yet',
  reviewsError: 'Error',
  categoryMissing: 'Category:Select Category..!!',
  orderStatusEmpty: 'Select Order Status..!!',
  roleEmpty: 'Choose Role',
  notFound: '404 Page Not Found',
  logoutSuccess: 'Logout Success..!!',
  registerSuccess: 'Register SuccessFully..!!',
  passwordUpdated: 'Password Updated..!!',
  orderPlaced: 'Your Order Is Place SuccessFully..!!',
  productAdded: 'Product Added..!!',
  productDeleted: 'Product Deleted..!!',
  categoryAdded: 'Category Added..!!',
} as const;

/** Loading-overlay texts; the overlay appends '..!!'. */
export const LOADING_TEXTS = {
  validating: 'Validating Data',
  processing: 'Processing Data',
  updatingPassword: 'Updating Password',
  placingOrder: 'Placing Order',
  loadingOrders: 'Loading Orders',
  orderLoading: 'Order Loading',
  loading: 'Loading',
} as const;

/** Page titles (document.title) from the spec. */
export const PAGE_TITLES = {
  home: 'Home',
  products: 'Fresh Products',
  login: 'Login',
  register: 'User Register',
  forgotPassword: 'Forget Password',
  updatePassword: 'Update Password',
  resetPassword: 'Reset Password',
  checkout: 'Check Out',
  confirmOrder: 'Confirm Order',
  orderPlaced: 'Order Place..!!',
  orderDetails: 'Orders Details',
  addReview: 'Add Review',
  reviews: 'Customer Reviews',
  about: 'About Us',
  notFound: '404 Page Not Found',
  adminDashboard: 'Admin Dashboard',
} as const;

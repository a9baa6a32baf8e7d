/**
 * The spec's misspelt texts as a live shop shows them (decision 0056), by text id, in English: the
 * demo keeps every spec text exactly as written, a shop with its own profile (`demo: false`) does
 * not repeat the typos. Hindi needs no table: its texts were written correct.
 */
export const LIVE_CORRECTIONS: Readonly<Record<string, string>> = {
  // The spec's messages (packages/shared/src/messages.ts)
  'spec.filterFirst': 'Please choose a filter first',
  'spec.productsEmpty': 'Sorry, no products found',
  'spec.productsError': 'Something went wrong. Please try again.',
  'spec.mobileLength': 'The mobile number must have 10 digits',
  'spec.pinLength': 'The PIN code must have 6 digits',
  'spec.allFieldsRequired': 'All fields are required',
  'spec.loginPlease': 'Please log in',
  'spec.cartEmpty': 'Your cart is empty',
  'spec.noOrders': 'You have not placed any order yet',
  'spec.orderError': 'Something went wrong. Please try again.',
  'spec.orderMissing': 'Sorry, this order does not exist',
  'spec.categoryMissing': 'Please select a category',
  'spec.orderStatusEmpty': 'Please select an order status',
  'spec.logoutSuccess': 'You are logged out',
  'spec.registerSuccess': 'Your account is ready',
  'spec.passwordUpdated': 'Your password is updated',
  'spec.orderPlaced': 'Your order is placed',
  'spec.productAdded': 'Product added',
  'spec.productDeleted': 'Product deleted',
  'spec.categoryAdded': 'Category added',
  // The spec's page titles
  'title.forgotPassword': 'Forgot Password',
  'title.checkout': 'Checkout',
  'title.orderPlaced': 'Order Placed',
  'title.orderDetails': 'Order Details',
  // The spec's screens
  'account.forgetPassword': 'Forgot password?',
  'account.forgetPasswordHeading': 'Forgot Password',
  'account.alreadyRegistered': 'Already registered? Log in',
  'orders.ordersDetails': 'Order Details',
  // The spec's answers, as the web app shows them
  'server.loggedIn': 'You are logged in',
};

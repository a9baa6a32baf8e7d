/**
 * Every in-app path, in one place: screens link and navigate through the `paths` builders, and the
 * routers declare the matching `routePatterns`, so a renamed route changes in this file only. The
 * odd capitals (`/Order/MyOrder`, `/RestPassword`) are the shop's published addresses and stay as
 * they are.
 */
const enc = encodeURIComponent;

export const paths = {
  home: () => '/',
  features: () => '/#features',
  about: () => '/about',
  reviews: () => '/reviews/all',
  addReview: () => '/review/add',

  products: () => '/products',
  /** The products screen searched by keyword (the header search and "Shop now" on a product card). */
  productSearch: (keyword: string) => `/products/${enc(keyword)}`,
  /** One product's page: picture, rate, quantities, add to cart (search engines and link previews read its head). */
  product: (productId: string) => `/product/${enc(productId)}`,
  /** The products screen filtered to one category, named for the filter panel. */
  productsInCategory: (categoryId: string, categoryName: string) =>
    `/products?categoryId=${enc(categoryId)}&categoryName=${enc(categoryName)}`,

  login: () => '/Login',
  signup: () => '/Signup',
  forgotPassword: () => '/Forget/Password',
  updatePassword: () => '/RestPassword',

  checkout: () => '/Order/Checkout',
  confirmOrder: () => '/Order/Confirm',
  orderPlaced: () => '/Order/Placed',
  myOrders: () => '/Order/MyOrder',
  /** The shopper's address book (saved addresses, offered at checkout). */
  addresses: () => '/account/addresses',
  /** "Your usual" and the shopper's named lists ("Weekly sabzi"), each filling the cart in one tap. */
  myLists: () => '/account/lists',
  /** How the shopper hears about orders: email and WhatsApp (decision 0045). */
  notifications: () => '/account/notifications',
  orderDetails: (orderId: string) => `/Order/OrderDetails/${orderId}`,
  /** The shopper's complaints: report a problem (about an order or not), tickets and the shop's replies. */
  complaints: () => '/account/complaints',
  /** The complaints page with the form's order chosen ("Report a Problem" on an order's page). */
  reportProblem: (orderId: string) => `/account/complaints?orderId=${enc(orderId)}`,
  /** The shopper's personal data: download it, or delete the account. */
  myData: () => '/account/data',
  /** The shopper's khata: balance, limit, entries and statements (a plain word when there is none). */
  myKhata: () => '/account/khata',
  /** The shopper's standing orders: each one's next delivery and two weeks ahead, with skip, pause, change and end. */
  subscriptions: () => '/subscriptions',
  /** The form that starts a standing order, with a product (and its quantity) chosen when given. */
  newSubscription: (productId?: string, quantity?: number) => {
    const query = new URLSearchParams();
    if (productId) query.set('productId', productId);
    if (productId && quantity !== undefined) query.set('quantity', String(quantity));
    return `/subscriptions/new${query.size ? `?${query}` : ''}`;
  },
  /** A policy page (returns, refunds, delivery, privacy, terms) or the grievance officer's page (`grievance`). */
  policy: (key: string) => `/policies/${enc(key)}`,
  /** Today's rates of everything in stock (public, linked from the footer). */
  rates: () => '/rates',

  admin: {
    home: () => '/admin/home',
    productsMenu: () => '/admin/products',
    addProduct: () => '/admin/add/products',
    products: () => '/admin/view/products',
    updateProduct: (productId: string) => `/admin/update/products/${productId}`,
    addCategory: () => '/admin/add/category',
    categories: () => '/admin/view/category',
    updateCategory: (categoryId: string) => `/admin/update/category/${categoryId}`,
    orders: () => '/admin/view/orders',
    /** The orders table filtered to one delivery date, and one slot of it when given. */
    ordersOfDelivery: (deliveryDate: string, slotId?: string) =>
      `/admin/view/orders?deliveryDate=${enc(deliveryDate)}${slotId ? `&slotId=${enc(slotId)}` : ''}`,
    updateOrder: (orderId: string) => `/admin/update/order/${orderId}`,
    packOrder: (orderId: string) => `/admin/pack/order/${orderId}`,
    pickList: () => '/admin/picklist',
    users: () => '/admin/view/users',
    updateUser: (userId: string) => `/admin/update/${userId}`,
    reviews: () => '/admin/view/reviews',
    /** Delivery zones, slot templates and the day's bookings. */
    delivery: () => '/admin/delivery',
    /** The run sheet of a date (default today) and optionally one slot of it, with the day's cash close. */
    deliveryRun: (date?: string, slotId?: string) => {
      const query = new URLSearchParams();
      if (date) query.set('date', date);
      if (slotId) query.set('slotId', slotId);
      return `/admin/delivery/run${query.size ? `?${query}` : ''}`;
    },
    /** The bills register of a month, for the accountant. */
    bills: () => '/admin/bills',
    /** The shop's profile: name, address, licences, grievance officer, about text and policies. */
    shop: () => '/admin/shop',
    /** Shoppers' complaints, oldest open first, with their deadlines. */
    complaints: () => '/admin/complaints',
    /** Every khata by balance, with the totals and each account's actions. */
    khata: () => '/admin/khata',
    /** One khata: its figures, actions and entries. */
    khataAccount: (userId: string) => `/admin/khata/${enc(userId)}`,
    /** Coupons with their uses; make, change or delete one (decision 0044). */
    coupons: () => '/admin/coupons',
    /** Standing orders of a date (default: the next one not made): quantities, orders, failures, the run; the closed dates. */
    subscriptions: (date?: string) => `/admin/subscriptions${date ? `?date=${enc(date)}` : ''}`,
    /** Reports: the way to the margin report and the GST return (decision 0037). */
    reports: () => '/admin/reports',
    /** Margin per product over a date range. */
    marginReport: () => '/admin/reports/margin',
    /** GSTR-1 of a month for the GST portal's offline tool. */
    gstReturn: () => '/admin/gst',
    /** The rate board: every product's new rate, published now or scheduled, with its history. */
    rates: () => '/admin/rates',
    /** The counter: sales over the counter on this browser's counter device, offline too. */
    counter: () => '/admin/counter',
    /** Purchases at the mandi by date range, with links to a new purchase, suppliers and wastage (decision 0035). */
    purchases: (from?: string, to?: string) => {
      const query = new URLSearchParams();
      if (from) query.set('from', from);
      if (to) query.set('to', to);
      return `/admin/purchases${query.size ? `?${query}` : ''}`;
    },
    /** Purchase entry, made for a phone at the mandi. */
    newPurchase: () => '/admin/purchases/new',
    /** Suppliers with what is owed, and their payments. */
    suppliers: () => '/admin/suppliers',
    /** Stock written off by date, weekly totals and shrinkage per product. */
    wastage: (from?: string, to?: string) => {
      const query = new URLSearchParams();
      if (from) query.set('from', from);
      if (to) query.set('to', to);
      return `/admin/wastage${query.size ? `?${query}` : ''}`;
    },
  },
} as const;

/** The route declarations for the paths above; `:name` marks a parameter. */
export const routePatterns = {
  products: paths.products(),
  productSearch: '/products/:keyword',
  /** The server writes this page's head too (apps/api/src/modules/catalog/catalog.page-head.ts). */
  product: '/product/:productId',
  /** An older address of a category's products, still answered. */
  productsOfCategory: '/products/category/:categoryId',
  about: paths.about(),
  reviews: paths.reviews(),
  addReview: paths.addReview(),
  login: paths.login(),
  signup: paths.signup(),
  forgotPassword: paths.forgotPassword(),
  updatePassword: paths.updatePassword(),
  /** The link of the password-reset email, built by the server. */
  resetPassword: '/reset-password/:id/:token',
  /** The link of the email-confirmation mail, built by the server (decision 0055). */
  confirmEmail: '/confirm-email/:id/:token',
  checkout: paths.checkout(),
  confirmOrder: paths.confirmOrder(),
  orderPlaced: paths.orderPlaced(),
  myOrders: paths.myOrders(),
  addresses: paths.addresses(),
  myLists: paths.myLists(),
  notifications: paths.notifications(),
  myData: paths.myData(),
  complaints: paths.complaints(),
  myKhata: paths.myKhata(),
  subscriptions: paths.subscriptions(),
  newSubscription: paths.newSubscription(),
  orderDetails: '/Order/OrderDetails/:orderId',
  /** A policy (`returns`, `refunds`, `delivery`, `privacy`, `terms`) or `grievance`; any other key is not found. */
  policy: '/policies/:key',
  rates: paths.rates(),
  admin: {
    /** Everything under /admin, handed to the admin feature's own routes. */
    all: '/admin/*',
    home: paths.admin.home(),
    productsMenu: paths.admin.productsMenu(),
    addProduct: paths.admin.addProduct(),
    products: paths.admin.products(),
    updateProduct: '/admin/update/products/:productId',
    addCategory: paths.admin.addCategory(),
    categories: paths.admin.categories(),
    updateCategory: '/admin/update/category/:categoryId',
    orders: paths.admin.orders(),
    updateOrder: '/admin/update/order/:orderId',
    packOrder: '/admin/pack/order/:orderId',
    pickList: paths.admin.pickList(),
    users: paths.admin.users(),
    updateUser: '/admin/update/:userId',
    reviews: paths.admin.reviews(),
    delivery: paths.admin.delivery(),
    deliveryRun: paths.admin.deliveryRun(),
    bills: paths.admin.bills(),
    shop: paths.admin.shop(),
    complaints: paths.admin.complaints(),
    khata: paths.admin.khata(),
    khataAccount: '/admin/khata/:userId',
    coupons: paths.admin.coupons(),
    subscriptions: paths.admin.subscriptions(),
    reports: paths.admin.reports(),
    marginReport: paths.admin.marginReport(),
    gstReturn: paths.admin.gstReturn(),
    rates: paths.admin.rates(),
    counter: paths.admin.counter(),
    purchases: paths.admin.purchases(),
    newPurchase: paths.admin.newPurchase(),
    suppliers: paths.admin.suppliers(),
    wastage: paths.admin.wastage(),
  },
} as const;

/** Every route of docs/product.md#shopper-routes and docs/product.md#admin-screens. Pages load lazily, so shoppers never download admin code or Chart.js. */
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { LoaderOverlay } from '../components/ui/loader-overlay';
import { routePatterns } from '../config/paths';
import { useSession } from '../lib/auth/session';
import { loadingTexts } from '../lib/i18n';
import { isPolicyPageKey } from '../lib/shop/shop-display';
import { AppLayout } from './app-layout';
import NotFoundPage from './not-found-page';
import { GuestOnly, RequireUser, VisitorOrLogin } from './route-guards';

/**
 * A page's code, loaded when first shown and rendered in a task after the app's frame (header,
 * footer) has rendered: on a first visit the two renders would otherwise make one long task that
 * blocks a phone (the page's chunk is usually preloaded, so its import resolves at once).
 */
function page<T extends { default: ComponentType }>(load: () => Promise<T>) {
  return lazy(() => load().then((module) => new Promise<T>((resolve) => setTimeout(() => resolve(module), 0))));
}

const HomePage = page(() => import('../features/catalog/pages/home-page'));
const ProductsPage = page(() => import('../features/catalog/pages/products-page'));
const ProductPage = page(() => import('../features/catalog/pages/product-page'));
const AboutPage = page(() => import('../features/about/pages/about-page'));
const LoginPage = page(() => import('../features/account/pages/login-page'));
const RegisterPage = page(() => import('../features/account/pages/register-page'));
const ForgotPasswordPage = page(() => import('../features/account/pages/forgot-password-page'));
const UpdatePasswordPage = page(() => import('../features/account/pages/update-password-page'));
const ResetPasswordPage = page(() => import('../features/account/pages/reset-password-page'));
const ConfirmEmailPage = page(() => import('../features/account/pages/confirm-email-page'));
const CheckoutPage = page(() => import('../features/checkout/pages/checkout-page'));
const ConfirmOrderPage = page(() => import('../features/checkout/pages/confirm-order-page'));
const OrderPlacedPage = page(() => import('../features/checkout/pages/order-placed-page'));
const MyOrdersPage = page(() => import('../features/orders/pages/my-orders-page'));
const AddressesPage = page(() => import('../features/addresses/pages/addresses-page'));
const ListsPage = page(() => import('../features/buy-again/pages/lists-page'));
const NotificationsPage = page(() => import('../features/notifications/pages/notifications-page'));
const MyDataPage = page(() => import('../features/personal-data/pages/my-data-page'));
const ComplaintsPage = page(() => import('../features/complaints/pages/complaints-page'));
const MyKhataPage = page(() => import('../features/khata/pages/my-khata-page'));
const MySubscriptionsPage = page(() => import('../features/subscriptions/pages/my-subscriptions-page'));
const NewSubscriptionPage = page(() => import('../features/subscriptions/pages/new-subscription-page'));
const OrderDetailsPage = page(() => import('../features/orders/pages/order-details-page'));
const AddReviewPage = page(() => import('../features/reviews/pages/add-review-page'));
const ReviewsPage = page(() => import('../features/reviews/pages/reviews-page'));
const PolicyPage = page(() => import('../features/shop/pages/policy-page'));
const RatesPage = page(() => import('../features/rates/pages/rates-page'));
const AdminRoutes = page(() => import('./admin-routes'));

/** /policies/{key}: a known policy's page, else the not-found page. */
function PolicyRoute() {
  const { key = '' } = useParams();
  return isPolicyPageKey(key) ? <PolicyPage /> : <NotFoundPage />;
}

export function AppRoutes() {
  const { isAdmin, isLoading } = useSession();
  return (
    <Suspense fallback={<LoaderOverlay text={loadingTexts.loading} />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path={routePatterns.products} element={<ProductsPage />} />
          <Route path={routePatterns.productsOfCategory} element={<ProductsPage />} />
          <Route path={routePatterns.productSearch} element={<ProductsPage />} />
          <Route path={routePatterns.product} element={<ProductPage />} />
          <Route path={routePatterns.checkout} element={<CheckoutPage />} />
          <Route path={routePatterns.confirmOrder} element={<ConfirmOrderPage />} />
          <Route path={routePatterns.orderPlaced} element={<OrderPlacedPage />} />
          <Route path={routePatterns.reviews} element={<ReviewsPage />} />
          <Route path={routePatterns.about} element={<AboutPage />} />
          <Route path={routePatterns.policy} element={<PolicyRoute />} />
          <Route path={routePatterns.rates} element={<RatesPage />} />
          <Route
            path={routePatterns.signup}
            element={
              <GuestOnly>
                <RegisterPage />
              </GuestOnly>
            }
          />
          <Route
            path={routePatterns.login}
            element={
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            }
          />
          <Route
            path={routePatterns.forgotPassword}
            element={
              <GuestOnly>
                <ForgotPasswordPage />
              </GuestOnly>
            }
          />
          <Route
            path={routePatterns.resetPassword}
            element={
              <VisitorOrLogin>
                <ResetPasswordPage />
              </VisitorOrLogin>
            }
          />
          {/* The mailed link confirms the address whoever opens it, logged in or not (decision 0055). */}
          <Route path={routePatterns.confirmEmail} element={<ConfirmEmailPage />} />
          <Route
            path={routePatterns.myOrders}
            element={
              <RequireUser>
                <MyOrdersPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.addresses}
            element={
              <RequireUser>
                <AddressesPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.myLists}
            element={
              <RequireUser>
                <ListsPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.notifications}
            element={
              <RequireUser>
                <NotificationsPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.myData}
            element={
              <RequireUser>
                <MyDataPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.complaints}
            element={
              <RequireUser>
                <ComplaintsPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.myKhata}
            element={
              <RequireUser>
                <MyKhataPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.subscriptions}
            element={
              <RequireUser>
                <MySubscriptionsPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.newSubscription}
            element={
              <RequireUser>
                <NewSubscriptionPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.orderDetails}
            element={
              <RequireUser>
                <OrderDetailsPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.addReview}
            element={
              <RequireUser>
                <AddReviewPage />
              </RequireUser>
            }
          />
          <Route
            path={routePatterns.updatePassword}
            element={
              <RequireUser>
                <UpdatePasswordPage />
              </RequireUser>
            }
          />
          {/* Admin routes exist only for an Admin; while the session loads, wait rather than 404. */}
          {isAdmin && <Route path={routePatterns.admin.all} element={<AdminRoutes />} />}
          {isLoading && (
            <Route path={routePatterns.admin.all} element={<LoaderOverlay text={loadingTexts.loading} />} />
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

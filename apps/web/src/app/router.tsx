/** Every route of docs/product.md#shopper-routes and docs/product.md#admin-screens. Pages load lazily, so shoppers never download admin code or Chart.js. */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoaderOverlay } from '../components/ui/loader-overlay';
import { routePatterns } from '../config/paths';
import { useSession } from '../lib/auth/session';
import { AppLayout } from './app-layout';
import NotFoundPage from './not-found-page';
import { GuestOnly, RequireUser, VisitorOrLogin } from './route-guards';

const HomePage = lazy(() => import('../features/catalog/pages/home-page'));
const ProductsPage = lazy(() => import('../features/catalog/pages/products-page'));
const AboutPage = lazy(() => import('../features/about/pages/about-page'));
const LoginPage = lazy(() => import('../features/account/pages/login-page'));
const RegisterPage = lazy(() => import('../features/account/pages/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/account/pages/forgot-password-page'));
const UpdatePasswordPage = lazy(() => import('../features/account/pages/update-password-page'));
const ResetPasswordPage = lazy(() => import('../features/account/pages/reset-password-page'));
const CheckoutPage = lazy(() => import('../features/checkout/pages/checkout-page'));
const ConfirmOrderPage = lazy(() => import('../features/checkout/pages/confirm-order-page'));
const OrderPlacedPage = lazy(() => import('../features/checkout/pages/order-placed-page'));
const MyOrdersPage = lazy(() => import('../features/orders/pages/my-orders-page'));
const OrderDetailsPage = lazy(() => import('../features/orders/pages/order-details-page'));
const AddReviewPage = lazy(() => import('../features/reviews/pages/add-review-page'));
const ReviewsPage = lazy(() => import('../features/reviews/pages/reviews-page'));
const AdminRoutes = lazy(() => import('../features/admin/admin-routes'));

export function AppRoutes() {
  const { isAdmin, isLoading } = useSession();
  return (
    <Suspense fallback={<LoaderOverlay text="Loading" />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path={routePatterns.products} element={<ProductsPage />} />
          <Route path={routePatterns.productsOfCategory} element={<ProductsPage />} />
          <Route path={routePatterns.productSearch} element={<ProductsPage />} />
          <Route path={routePatterns.checkout} element={<CheckoutPage />} />
          <Route path={routePatterns.confirmOrder} element={<ConfirmOrderPage />} />
          <Route path={routePatterns.orderPlaced} element={<OrderPlacedPage />} />
          <Route path={routePatterns.reviews} element={<ReviewsPage />} />
          <Route path={routePatterns.about} element={<AboutPage />} />
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
          <Route
            path={routePatterns.myOrders}
            element={
              <RequireUser>
                <MyOrdersPage />
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
          {isLoading && <Route path={routePatterns.admin.all} element={<LoaderOverlay text="Loading" />} />}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

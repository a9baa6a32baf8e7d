/** Every route of spec 2.1. Pages load lazily, so shoppers never download admin code or Chart.js. */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoaderOverlay } from '../components/ui/loader-overlay';
import { useSession } from '../features/account/api/get-logged-user';
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
          <Route path="products" element={<ProductsPage />} />
          <Route path="products/category/:categoryId" element={<ProductsPage />} />
          <Route path="products/:keyword" element={<ProductsPage />} />
          <Route path="Order/Checkout" element={<CheckoutPage />} />
          <Route path="Order/Confirm" element={<ConfirmOrderPage />} />
          <Route path="Order/Placed" element={<OrderPlacedPage />} />
          <Route path="reviews/all" element={<ReviewsPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route
            path="Signup"
            element={
              <GuestOnly>
                <RegisterPage />
              </GuestOnly>
            }
          />
          <Route
            path="Login"
            element={
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            }
          />
          <Route
            path="Forget/Password"
            element={
              <GuestOnly>
                <ForgotPasswordPage />
              </GuestOnly>
            }
          />
          <Route
            path="reset-password/:id/:token"
            element={
              <VisitorOrLogin>
                <ResetPasswordPage />
              </VisitorOrLogin>
            }
          />
          <Route
            path="Order/MyOrder"
            element={
              <RequireUser>
                <MyOrdersPage />
              </RequireUser>
            }
          />
          <Route
            path="Order/OrderDetails/:orderId"
            element={
              <RequireUser>
                <OrderDetailsPage />
              </RequireUser>
            }
          />
          <Route
            path="review/add"
            element={
              <RequireUser>
                <AddReviewPage />
              </RequireUser>
            }
          />
          <Route
            path="RestPassword"
            element={
              <RequireUser>
                <UpdatePasswordPage />
              </RequireUser>
            }
          />
          {/* Admin routes exist only for an Admin; while the session loads, wait rather than 404. */}
          {isAdmin && <Route path="admin/*" element={<AdminRoutes />} />}
          {isLoading && <Route path="admin/*" element={<LoaderOverlay text="Loading" />} />}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

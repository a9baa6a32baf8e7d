/** The /admin/* screens of spec 2.20, mounted only for an Admin, all inside the admin frame. */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import NotFoundPage from '../../app/not-found-page';
import { AdminLayout } from './components/admin-layout';

const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const ProductsMenuPage = lazy(() => import('./pages/products-menu-page'));
const AddProductPage = lazy(() => import('./pages/add-product-page'));
const ProductsTablePage = lazy(() => import('./pages/products-table-page'));
const UpdateProductPage = lazy(() => import('./pages/update-product-page'));
const AddCategoryPage = lazy(() => import('./pages/add-category-page'));
const CategoriesTablePage = lazy(() => import('./pages/categories-table-page'));
const UpdateCategoryPage = lazy(() => import('./pages/update-category-page'));
const OrdersTablePage = lazy(() => import('./pages/orders-table-page'));
const UpdateOrderPage = lazy(() => import('./pages/update-order-page'));
const UsersTablePage = lazy(() => import('./pages/users-table-page'));
const UpdateUserPage = lazy(() => import('./pages/update-user-page'));
const ReviewsTablePage = lazy(() => import('./pages/reviews-table-page'));

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="home" element={<DashboardPage />} />
        <Route path="products" element={<ProductsMenuPage />} />
        <Route path="add/products" element={<AddProductPage />} />
        <Route path="view/products" element={<ProductsTablePage />} />
        <Route path="update/products/:productId" element={<UpdateProductPage />} />
        <Route path="add/category" element={<AddCategoryPage />} />
        <Route path="view/category" element={<CategoriesTablePage />} />
        <Route path="update/category/:categoryId" element={<UpdateCategoryPage />} />
        <Route path="view/orders" element={<OrdersTablePage />} />
        <Route path="update/order/:orderId" element={<UpdateOrderPage />} />
        <Route path="view/users" element={<UsersTablePage />} />
        <Route path="update/:userId" element={<UpdateUserPage />} />
        <Route path="view/reviews" element={<ReviewsTablePage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/**
 * The /admin/* screens (docs/product.md#admin-screens), mounted only for an Admin, all inside the admin frame.
 * Each screen lives in the feature of its domain (products and categories in catalog, orders in
 * orders, users in account, reviews in reviews, the dashboard in dashboard). What every admin screen
 * shares is no feature: the frame, its navigation and the table and form pieces are shared code
 * (components/admin), and the guard is router.tsx mounting these routes for an Admin only; so there
 * is no `admin` feature for a screen to depend on (decision 0020).
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from '../components/admin/admin-layout';
import { routePatterns } from '../config/paths';
import { BillsPage } from '../features/billing';
import { AdminDeliveryPage, DeliveryRunPage } from '../features/delivery';
import { GstReturnPage, MarginReportPage, ReportsPage } from '../features/reports';
import NotFoundPage from './not-found-page';

const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
const ProductsMenuPage = lazy(() => import('../features/catalog/pages/products-menu-page'));
const AddProductPage = lazy(() => import('../features/catalog/pages/add-product-page'));
const ProductsTablePage = lazy(() => import('../features/catalog/pages/products-table-page'));
const UpdateProductPage = lazy(() => import('../features/catalog/pages/update-product-page'));
const AddCategoryPage = lazy(() => import('../features/catalog/pages/add-category-page'));
const CategoriesTablePage = lazy(() => import('../features/catalog/pages/categories-table-page'));
const UpdateCategoryPage = lazy(() => import('../features/catalog/pages/update-category-page'));
const OrdersTablePage = lazy(() => import('../features/orders/pages/orders-table-page'));
const UpdateOrderPage = lazy(() => import('../features/orders/pages/update-order-page'));
const UsersTablePage = lazy(() => import('../features/account/pages/users-table-page'));
const UpdateUserPage = lazy(() => import('../features/account/pages/update-user-page'));
const ReviewsTablePage = lazy(() => import('../features/reviews/pages/reviews-table-page'));
const AdminComplaintsPage = lazy(() => import('../features/complaints/pages/admin-complaints-page'));
const AdminKhataPage = lazy(() => import('../features/khata/pages/admin-khata-page'));
const AdminCouponsPage = lazy(() => import('../features/coupons/pages/admin-coupons-page'));
const AdminKhataAccountPage = lazy(() => import('../features/khata/pages/admin-khata-account-page'));
const AdminSubscriptionsPage = lazy(() => import('../features/subscriptions/pages/admin-subscriptions-page'));
const PackOrderPage = lazy(() => import('../features/weighing').then((module) => ({ default: module.PackOrderPage })));
const PickListPage = lazy(() => import('../features/weighing').then((module) => ({ default: module.PickListPage })));
const ShopSettingsPage = lazy(() => import('../features/shop/pages/shop-settings-page'));
const RateBoardPage = lazy(() => import('../features/rates/pages/rate-board-page'));
const CounterPage = lazy(() => import('../features/counter/pages/counter-page'));
const CounterDeviceSettingsPage = lazy(() => import('../features/counter/pages/device-settings-page'));
const PurchasesPage = lazy(() => import('../features/purchases/pages/purchases-page'));
const PurchaseEntryPage = lazy(() => import('../features/purchases/pages/purchase-entry-page'));
const SuppliersPage = lazy(() => import('../features/purchases/pages/suppliers-page'));
const WastagePage = lazy(() => import('../features/purchases/pages/wastage-page'));

/** These routes sit under the app's /admin/* route, so they match the rest of the path. */
const underAdmin = (pattern: string) => pattern.slice('/admin/'.length);

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path={underAdmin(routePatterns.admin.home)} element={<DashboardPage />} />
        <Route path={underAdmin(routePatterns.admin.productsMenu)} element={<ProductsMenuPage />} />
        <Route path={underAdmin(routePatterns.admin.addProduct)} element={<AddProductPage />} />
        <Route path={underAdmin(routePatterns.admin.products)} element={<ProductsTablePage />} />
        <Route path={underAdmin(routePatterns.admin.updateProduct)} element={<UpdateProductPage />} />
        <Route path={underAdmin(routePatterns.admin.addCategory)} element={<AddCategoryPage />} />
        <Route path={underAdmin(routePatterns.admin.categories)} element={<CategoriesTablePage />} />
        <Route path={underAdmin(routePatterns.admin.updateCategory)} element={<UpdateCategoryPage />} />
        <Route path={underAdmin(routePatterns.admin.orders)} element={<OrdersTablePage />} />
        <Route path={underAdmin(routePatterns.admin.updateOrder)} element={<UpdateOrderPage />} />
        <Route path={underAdmin(routePatterns.admin.packOrder)} element={<PackOrderPage />} />
        <Route path={underAdmin(routePatterns.admin.pickList)} element={<PickListPage />} />
        <Route path={underAdmin(routePatterns.admin.subscriptions)} element={<AdminSubscriptionsPage />} />
        <Route path={underAdmin(routePatterns.admin.users)} element={<UsersTablePage />} />
        <Route path={underAdmin(routePatterns.admin.updateUser)} element={<UpdateUserPage />} />
        <Route path={underAdmin(routePatterns.admin.reviews)} element={<ReviewsTablePage />} />
        <Route path={underAdmin(routePatterns.admin.delivery)} element={<AdminDeliveryPage />} />
        <Route path={underAdmin(routePatterns.admin.deliveryRun)} element={<DeliveryRunPage />} />
        <Route path={underAdmin(routePatterns.admin.bills)} element={<BillsPage />} />
        <Route path={underAdmin(routePatterns.admin.khata)} element={<AdminKhataPage />} />
        <Route path={underAdmin(routePatterns.admin.khataAccount)} element={<AdminKhataAccountPage />} />
        <Route path={underAdmin(routePatterns.admin.coupons)} element={<AdminCouponsPage />} />
        <Route path={underAdmin(routePatterns.admin.shop)} element={<ShopSettingsPage />} />
        <Route path={underAdmin(routePatterns.admin.complaints)} element={<AdminComplaintsPage />} />
        <Route path={underAdmin(routePatterns.admin.reports)} element={<ReportsPage />} />
        <Route path={underAdmin(routePatterns.admin.marginReport)} element={<MarginReportPage />} />
        <Route path={underAdmin(routePatterns.admin.gstReturn)} element={<GstReturnPage />} />
        <Route path={underAdmin(routePatterns.admin.rates)} element={<RateBoardPage />} />
        <Route path={underAdmin(routePatterns.admin.counter)} element={<CounterPage />} />
        {/* A counter device's scale and printer (its links: counter's device-settings-path.ts). Written here, not in
            config/paths.ts, which the first page loads. */}
        <Route path="counter/devices/:deviceId" element={<CounterDeviceSettingsPage />} />
        <Route path={underAdmin(routePatterns.admin.purchases)} element={<PurchasesPage />} />
        <Route path={underAdmin(routePatterns.admin.newPurchase)} element={<PurchaseEntryPage />} />
        <Route path={underAdmin(routePatterns.admin.suppliers)} element={<SuppliersPage />} />
        <Route path={underAdmin(routePatterns.admin.wastage)} element={<WastagePage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

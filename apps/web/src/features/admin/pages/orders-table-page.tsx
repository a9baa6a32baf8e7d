import { usePageTitle } from '../../../lib/use-page-title';

export default function OrdersTablePage() {
  usePageTitle('Orders');
  return <h1 className="page-heading">Orders</h1>;
}

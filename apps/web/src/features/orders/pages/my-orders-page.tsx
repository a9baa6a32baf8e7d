import { usePageTitle } from '../../../lib/use-page-title';

export default function MyOrdersPage() {
  usePageTitle('Orders');
  return <h1 className="page-heading">Orders</h1>;
}

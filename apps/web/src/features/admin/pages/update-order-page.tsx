import { usePageTitle } from '../../../lib/use-page-title';

export default function UpdateOrderPage() {
  usePageTitle('Order Details');
  return <h1 className="page-heading">Order Details</h1>;
}

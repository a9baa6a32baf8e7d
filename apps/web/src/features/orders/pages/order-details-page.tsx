import { usePageTitle } from '../../../lib/use-page-title';

export default function OrderDetailsPage() {
  usePageTitle('Orders Details');
  return <h1 className="page-heading">Orders Details</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function ConfirmOrderPage() {
  usePageTitle('Confirm Order');
  return <h1 className="page-heading">Confirm Order</h1>;
}

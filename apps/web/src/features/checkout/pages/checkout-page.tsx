import { usePageTitle } from '../../../lib/use-page-title';

export default function CheckoutPage() {
  usePageTitle('Check Out');
  return <h1 className="page-heading">Check Out</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function OrderPlacedPage() {
  usePageTitle('Order Place..!!');
  return <h1 className="page-heading">Order Place..!!</h1>;
}

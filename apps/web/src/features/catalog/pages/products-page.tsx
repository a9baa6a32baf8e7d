import { usePageTitle } from '../../../lib/use-page-title';

export default function ProductsPage() {
  usePageTitle('Fresh Products');
  return <h1 className="page-heading">Fresh Products</h1>;
}

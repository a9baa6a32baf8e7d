import { usePageTitle } from '../../../lib/use-page-title';

export default function ProductsTablePage() {
  usePageTitle('Products');
  return <h1 className="page-heading">Products</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function ProductsMenuPage() {
  usePageTitle('Products');
  return <h1 className="page-heading">Products</h1>;
}

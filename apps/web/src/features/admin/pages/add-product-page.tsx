import { usePageTitle } from '../../../lib/use-page-title';

export default function AddProductPage() {
  usePageTitle('Add Product');
  return <h1 className="page-heading">Add Product</h1>;
}

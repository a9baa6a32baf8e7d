import { usePageTitle } from '../../../lib/use-page-title';

export default function UpdateProductPage() {
  usePageTitle('Update Product');
  return <h1 className="page-heading">Update Product</h1>;
}

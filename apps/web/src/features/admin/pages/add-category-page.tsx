import { usePageTitle } from '../../../lib/use-page-title';

export default function AddCategoryPage() {
  usePageTitle('Add Category');
  return <h1 className="page-heading">Add Category</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function UpdateCategoryPage() {
  usePageTitle('Update Category');
  return <h1 className="page-heading">Update Category</h1>;
}

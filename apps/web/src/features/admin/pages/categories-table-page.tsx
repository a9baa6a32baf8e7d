import { usePageTitle } from '../../../lib/use-page-title';

export default function CategoriesTablePage() {
  usePageTitle('Categories');
  return <h1 className="page-heading">Categories</h1>;
}

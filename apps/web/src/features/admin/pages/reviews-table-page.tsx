import { usePageTitle } from '../../../lib/use-page-title';

export default function ReviewsTablePage() {
  usePageTitle('Reviews');
  return <h1 className="page-heading">Reviews</h1>;
}

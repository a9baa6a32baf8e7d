import { usePageTitle } from '../../../lib/use-page-title';

export default function ReviewsPage() {
  usePageTitle('Customer Reviews');
  return <h1 className="page-heading">Customer Reviews</h1>;
}

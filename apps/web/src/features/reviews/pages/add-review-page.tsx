import { usePageTitle } from '../../../lib/use-page-title';

export default function AddReviewPage() {
  usePageTitle('Add Review');
  return <h1 className="page-heading">Add Review</h1>;
}

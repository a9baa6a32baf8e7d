import { usePageTitle } from '../../../lib/use-page-title';

export default function UpdateUserPage() {
  usePageTitle('Update User');
  return <h1 className="page-heading">Update User</h1>;
}

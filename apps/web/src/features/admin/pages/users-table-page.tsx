import { usePageTitle } from '../../../lib/use-page-title';

export default function UsersTablePage() {
  usePageTitle('Users');
  return <h1 className="page-heading">Users</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function UpdatePasswordPage() {
  usePageTitle('Update Password');
  return <h1 className="page-heading">Update Password</h1>;
}

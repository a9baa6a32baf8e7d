import { usePageTitle } from '../../../lib/use-page-title';

export default function RegisterPage() {
  usePageTitle('User Register');
  return <h1 className="page-heading">User Register</h1>;
}

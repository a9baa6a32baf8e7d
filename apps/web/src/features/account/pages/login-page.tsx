import { usePageTitle } from '../../../lib/use-page-title';

export default function LoginPage() {
  usePageTitle('Login');
  return <h1 className="page-heading">Login</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function ForgotPasswordPage() {
  usePageTitle('Forget Password');
  return <h1 className="page-heading">Forget Password</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  return <h1 className="page-heading">Reset Password</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function DashboardPage() {
  usePageTitle('Admin Dashboard');
  return <h1 className="page-heading">Admin Dashboard</h1>;
}

import { usePageTitle } from '../../../lib/use-page-title';

export default function HomePage() {
  usePageTitle('Home');
  return <h1 className="page-heading">Home</h1>;
}

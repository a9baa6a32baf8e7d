import { usePageTitle } from '../../../lib/use-page-title';

export default function AboutPage() {
  usePageTitle('About Us');
  return <h1 className="page-heading">About Us</h1>;
}

import { MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle(PAGE_TITLES.notFound);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <img src="/images/carrot.svg" alt="" width={96} height={96} className="h-24 w-24 -rotate-12" />
      <h1 className="text-3xl font-bold text-stone-900">{MESSAGES.notFound}</h1>
      <p className="text-stone-600">The page you are looking for has moved or never grew here.</p>
      <Link to={paths.home()} className="btn-primary">
        Back to Home
      </Link>
    </section>
  );
}

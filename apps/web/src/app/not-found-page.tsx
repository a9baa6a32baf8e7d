import { Link } from 'react-router';
import { paths } from '../config/paths';
import { specTexts, titleTexts, useT } from '../lib/i18n';
import { usePageTitle } from '../lib/use-page-title';
import { shellTexts as x } from './shell.texts';

export default function NotFoundPage() {
  usePageTitle(titleTexts.notFound);
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <img src="/images/carrot.svg" alt="" width={96} height={96} className="h-24 w-24 -rotate-12" />
      <h1 className="text-3xl font-bold text-stone-900">{t(specTexts.notFound)}</h1>
      <p className="text-stone-600">{t(x.notFoundNote)}</p>
      <Link to={paths.home()} className="btn-primary">
        {t(x.backHome)}
      </Link>
    </section>
  );
}

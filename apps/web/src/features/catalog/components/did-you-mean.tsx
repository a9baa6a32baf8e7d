/** Under an empty keyword search: the closest product names, each a search of its own. */
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useSuggestions } from '../api/get-suggestions';
import { catalogTexts as x } from '../catalog.texts';

/** A few names are a hint; the header's list is the place for more. */
const SHOWN = 3;

export function DidYouMean({ keyword }: { keyword: string }) {
  const suggestions = useSuggestions(keyword);
  const t = useT();
  const names = [...new Set((suggestions.data ?? []).map((suggestion) => suggestion.name))].slice(0, SHOWN);
  if (!names.length) return null;
  return (
    <ul aria-label={t(x.didYouMean)} className="flex flex-col gap-1 text-stone-700">
      {names.map((name) => (
        <li key={name}>
          {t(x.didYouMean)}{' '}
          <Link to={paths.productSearch(name)} className="font-semibold text-green-800 underline underline-offset-2">
            {name}
          </Link>
          ?
        </li>
      ))}
    </ul>
  );
}

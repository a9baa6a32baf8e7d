/** Under a product's English name when Hindi is on: its Devanagari alias ("आलू" under "Potato"). */

import { useLanguage } from '../../lib/i18n';
import { devanagariAlias } from '../../lib/i18n/hindi-name';

export function HindiName({ aliases, className = '' }: { aliases: readonly string[] | undefined; className?: string }) {
  const language = useLanguage();
  const name = devanagariAlias(aliases);
  if (language !== 'hi' || !name) return null;
  return (
    <span lang="hi" className={`block font-medium text-stone-600 ${className}`}>
      {name}
    </span>
  );
}

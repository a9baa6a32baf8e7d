/**
 * What an order line says about substitution (decision 0043): "ordered Tomato → sent Cherry
 * Tomato" with the substitute's rate once one was sent, else the shopper's wish while the order
 * is not packed. Nothing for a line that asked for none.
 */
import { formatRupees, unitName, useT } from '../../lib/i18n';
import type { OrderItem } from '../../lib/types';
import { substitutionNoteTexts as x } from './substitution-note.texts';

export function SubstitutionNote({ item, isPacked }: { item: OrderItem; isPacked: boolean }) {
  const t = useT();
  if (item.substitute) {
    return (
      <p className="text-sm font-semibold text-amber-900" data-testid="substitution-sent">
        {t(x.orderedSent, { ordered: item.name, sent: item.substitute.name })}
        <span className="block font-normal text-stone-700">
          {t(x.sentAt, {
            sent: item.substitute.name,
            rate: formatRupees(item.substitute.rate),
            unit: unitName(item.unit),
          })}
        </span>
      </p>
    );
  }
  if (isPacked || !item.substitution || item.substitution === 'skip') return null;
  return (
    <p className="text-sm text-stone-700" data-testid="substitution-wish">
      {t(item.substitution === 'call' ? x.ifShortCall : x.ifShortSimilar)}
    </p>
  );
}

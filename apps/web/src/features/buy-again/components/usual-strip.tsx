/**
 * "Your usual" (decision 0042): the products of the shopper's last five orders at their usual
 * quantity and today's rate. The home page loads this lazily, and only for a logged-in shopper,
 * so a visitor's first page neither downloads it nor calls the API for it; it shows nothing to a
 * shopper without orders there, and a short line in the account.
 */
import { useT } from '../../../lib/i18n';
import { useUsual } from '../api/buy-again';
import { buyAgainTexts as x } from '../buy-again.texts';
import { BuyAgainItems } from './buy-again-items';

export default function UsualStrip({ inAccount = false }: { inAccount?: boolean }) {
  const t = useT();
  const usual = useUsual();
  const items = usual.data ?? [];
  if (!inAccount && items.length === 0) return null;
  return (
    <section
      className={inAccount ? 'flex flex-col gap-3' : 'mx-auto flex max-w-4xl flex-col gap-3 px-4 py-8'}
      aria-labelledby="usual-heading"
    >
      <div>
        <h2 id="usual-heading" className="text-2xl font-bold text-stone-900">
          {t(x.yourUsual)}
        </h2>
        <p className="text-stone-700">{t(x.usualLead)}</p>
      </div>
      {usual.isSuccess && items.length === 0 ? (
        <p className="text-stone-700">{t(x.usualEmpty)}</p>
      ) : (
        items.length > 0 && <BuyAgainItems items={items} label={t(x.yourUsual)} offerStanding />
      )}
    </section>
  );
}

/**
 * "Save cart as list" (decision 0042): the cart's products and quantities kept under a name the
 * shopper gives ("Weekly sabzi"); the server checks the name and every quantity (by the product's
 * unit, as when ordering) and answers its message in the chosen language.
 */
import { SHOPPING_LIST_NAME_MAX_LENGTH } from '@mandi/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCart } from '../../cart';
import { useCreateList } from '../api/buy-again';
import { buyAgainTexts as x } from '../buy-again.texts';

export function SaveCartAsList() {
  const t = useT();
  const cart = useCart();
  const create = useCreateList();
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  if (cart.count === 0 && !saved) return null;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      const answer = await create.mutateAsync({
        name: name.trim(),
        items: cart.items.map((item) => ({ productId: item.id, quantity: item.quantity })),
      });
      setSaved(answer.list.name);
      setIsOpen(false);
      setName('');
    } catch (error) {
      setProblem(errorMessages(error).join(' '));
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      {saved && (
        // Only once saved: the checkout keeps its one status line for the delivery check.
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">
          {t(x.savedAs, { name: saved })}{' '}
          <Link to={paths.myLists()} className="underline">
            {t(x.seeLists)}
          </Link>
        </p>
      )}
      {isOpen ? (
        <form className="flex w-full flex-col gap-2" onSubmit={(event) => void save(event)}>
          <label htmlFor={inputId} className="field-label">
            {t(x.listName)}
          </label>
          <input
            id={inputId}
            className="field-input"
            value={name}
            maxLength={SHOPPING_LIST_NAME_MAX_LENGTH}
            aria-describedby={hintId}
            onChange={(event) => setName(event.target.value)}
            required
          />
          <p id={hintId} className="text-sm text-stone-600">
            {t(x.listNameHint)}
          </p>
          {problem && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={create.isPending}>
              {t(x.saveList)}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setIsOpen(false)}>
              {t(x.cancel)}
            </button>
          </div>
        </form>
      ) : (
        cart.count > 0 && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setSaved(null);
              setIsOpen(true);
            }}
          >
            {t(x.saveCartAsList)}
          </button>
        )
      )}
    </div>
  );
}

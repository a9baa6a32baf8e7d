/**
 * My lists (/account/lists, decision 0042): "Your usual" from the last five orders, then the
 * shopper's named lists, the last changed first. Each opens in place with today's rates and
 * availability, "Add all to cart" and a remove button per product; a list can be renamed or
 * deleted after an in-page confirmation, or replaced by the cart. Lists are made from the cart
 * ("Save cart as list").
 */
import type { ShoppingList, ShoppingListSummary } from '@mandi/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DeleteConfirmation } from '../../../components/ui/delete-confirmation';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { errorMessages, serverText } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCart } from '../../cart';
import { listQuery, useDeleteList, useList, useLists, useUpdateList } from '../api/buy-again';
import { buyAgainTexts as x } from '../buy-again.texts';
import { BuyAgainItems } from '../components/buy-again-items';
import UsualStrip from '../components/usual-strip';

type Notice = { kind: 'status' | 'problem'; text: string } | null;

export default function ListsPage() {
  const t = useT();
  usePageTitle(x.title);
  const lists = useLists();
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="page-heading">{t(x.title)}</h1>
        <p className="mt-2 text-stone-700">{t(x.lead)}</p>
      </div>
      <UsualStrip inAccount />
      <section className="flex flex-col gap-3" aria-labelledby="lists-heading">
        <h2 id="lists-heading" className="text-2xl font-bold text-stone-900">
          {t(x.myLists)}
        </h2>
        <p
          role="status"
          className={
            notice?.kind === 'status' ? 'rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800' : 'sr-only'
          }
        >
          {notice?.kind === 'status' ? notice.text : ''}
        </p>
        {notice?.kind === 'problem' && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-700">
            {notice.text}
          </p>
        )}
        {lists.isPending ? (
          <LoaderOverlay text={x.loading} />
        ) : lists.isError ? (
          <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void lists.refetch()} />
        ) : lists.data.length === 0 ? (
          <p className="text-stone-700">{t(x.noLists)}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {lists.data.map((list) => (
              <li key={list._id}>
                <ListCard summary={list} onNotice={setNotice} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Mode = 'closed' | 'open' | 'rename' | 'delete';

function ListCard({ summary, onNotice }: { summary: ShoppingListSummary; onNotice: (notice: Notice) => void }) {
  const t = useT();
  const [mode, setMode] = useState<Mode>('closed');
  const cart = useCart();
  const queryClient = useQueryClient();
  const update = useUpdateList();
  const remove = useDeleteList();
  const headingId = useId();
  const done = (answer: { message: string; code?: string; values?: Record<string, string | number> }) =>
    onNotice({ kind: 'status', text: translate(serverText(answer)) });
  const failed = (error: unknown) => onNotice({ kind: 'problem', text: errorMessages(error).join(' ') });

  /** The list becomes the cart's products and quantities (the server checks them as when saving). */
  async function replaceWithCart() {
    try {
      done(
        await update.mutateAsync({
          id: summary._id,
          items: cart.items.map((item) => ({ productId: item.id, quantity: item.quantity })),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: listQuery(summary._id).queryKey });
    } catch (error) {
      failed(error);
    }
  }

  async function deleteList() {
    try {
      done(await remove.mutateAsync(summary._id));
    } catch (error) {
      failed(error);
      setMode('closed');
    }
  }

  return (
    <article className="card flex flex-col gap-3 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="flex-1 text-lg font-bold text-stone-900">
          {summary.name}{' '}
          <span className="text-sm font-normal text-stone-600">
            {t(summary.itemCount === 1 ? x.productCountOne : x.productCountMany, { count: summary.itemCount })}
          </span>
        </h3>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5 text-sm"
          aria-expanded={mode === 'open'}
          onClick={() => setMode(mode === 'open' ? 'closed' : 'open')}
        >
          {mode === 'open' ? t(x.close) : t(x.open)}
        </button>
        {cart.count > 0 && (
          <button
            type="button"
            className="btn-secondary px-3 py-1.5 text-sm"
            disabled={update.isPending}
            onClick={() => void replaceWithCart()}
          >
            {t(x.replaceWithCart)}
          </button>
        )}
        <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setMode('rename')}>
          {t(x.rename)}
        </button>
        <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => setMode('delete')}>
          {t(x.delete)}
        </button>
      </div>
      {mode === 'open' && <ListItems id={summary._id} name={summary.name} onNotice={onNotice} />}
      {mode === 'rename' && (
        <RenameForm
          name={summary.name}
          isPending={update.isPending}
          onCancel={() => setMode('closed')}
          onSave={async (name) => {
            try {
              done(await update.mutateAsync({ id: summary._id, name }));
              setMode('closed');
            } catch (error) {
              failed(error);
            }
          }}
        />
      )}
      {mode === 'delete' && (
        <DeleteConfirmation
          question={t(x.confirmDelete, { name: summary.name })}
          deleteLabel={t(x.yesDelete)}
          keepLabel={t(x.keep)}
          isPending={remove.isPending}
          onDelete={() => void deleteList()}
          onKeep={() => setMode('closed')}
        />
      )}
    </article>
  );
}

function ListItems({ id, name, onNotice }: { id: string; name: string; onNotice: (notice: Notice) => void }) {
  const t = useT();
  const list = useList(id);
  const update = useUpdateList();
  if (list.isPending) return <p className="text-stone-700">{t(x.loading)}</p>;
  if (list.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t(x.loadFailed)}
      </p>
    );
  }
  if (list.data.items.length === 0) return <p className="text-stone-700">{t(x.emptyList)}</p>;

  async function removeItem(current: ShoppingList, productId: string) {
    try {
      const answer = await update.mutateAsync({
        id,
        items: current.items
          .filter((item) => item.productId !== productId)
          .map((item) => ({ productId: item.productId, quantity: item.quantity })),
      });
      await list.refetch();
      onNotice({ kind: 'status', text: translate(serverText(answer)) });
    } catch (error) {
      onNotice({ kind: 'problem', text: errorMessages(error).join(' ') });
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <BuyAgainItems items={list.data.items} label={name} />
      <ul className="flex flex-wrap gap-2">
        {list.data.items.map((item) => (
          <li key={item.productId}>
            <button
              type="button"
              className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800 hover:bg-stone-200"
              disabled={update.isPending}
              onClick={() => void removeItem(list.data, item.productId)}
            >
              {t(x.remove, { name: item.name })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RenameForm({
  name,
  isPending,
  onSave,
  onCancel,
}: {
  name: string;
  isPending: boolean;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const [value, setValue] = useState(name);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(value.trim());
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit}>
      <label htmlFor={inputId} className="field-label">
        {t(x.newName)}
      </label>
      <input
        ref={input}
        id={inputId}
        className="field-input"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        required
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={isPending}>
          {t(x.save)}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t(x.cancel)}
        </button>
      </div>
    </form>
  );
}

/**
 * My Addresses (/account/addresses, decision 0025): the shopper's saved addresses, the last used
 * first; add one (up to the shop's limit), edit one in place, delete one after a confirmation.
 * Checkout offers these addresses at its shipping step. Offline (issue 42) the addresses are shown
 * as last read, to read only: changes wait for the network.
 */
import { MAX_SAVED_ADDRESSES } from '@mandi/shared';
import type { SavedAddress } from '@mandi/shared/schemas';
import { useState } from 'react';
import { DeleteConfirmation } from '../../../components/ui/delete-confirmation';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { serverText } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n';
import { formatKeptAt, plainErrorMessages } from '../../../lib/offline/kept-answers';
import { usePageTitle } from '../../../lib/use-page-title';
import { addressesTexts as x } from '../addresses.texts';
import {
  type AddressFields,
  useDeleteAddress,
  useSaveAddress,
  useSavedAddresses,
  useUpdateAddress,
} from '../api/saved-addresses';
import { AddressForm } from '../components/address-form';
import { AddressLines } from '../components/address-lines';
import { defaultLabel } from '../components/default-label';

/** What the page is doing: listing, adding, editing one, or asking before deleting one. */
type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'delete'; id: string };

const fieldsOf = (address: SavedAddress): AddressFields => ({
  label: address.label,
  address: address.address,
  city: address.city,
  mobileNumber: address.mobileNumber,
  pinCode: address.pinCode,
});

export default function AddressesPage() {
  const t = useT();
  usePageTitle(x.title);
  const query = useSavedAddresses();
  const save = useSaveAddress();
  const change = useUpdateAddress();
  const remove = useDeleteAddress();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const addresses = query.data ?? [];
  const isFull = addresses.length >= MAX_SAVED_ADDRESSES;

  const done = (answer: { message: string; code?: string; values?: Record<string, string | number> }) => {
    setStatus(translate(serverText(answer)));
    setProblem(null);
    setMode({ kind: 'list' });
  };

  async function deleteAddress(id: string) {
    try {
      done(await remove.mutateAsync(id));
    } catch (error) {
      setProblem(plainErrorMessages(error).join(' '));
      setMode({ kind: 'list' });
    }
  }

  const start = (next: Mode) => {
    setStatus(null);
    setProblem(null);
    setMode(next);
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" aria-labelledby="addresses-heading">
      <div>
        <h1 id="addresses-heading" className="page-heading">
          {t(x.title)}
        </h1>
        <p className="mt-2 text-stone-700">{t(x.lead)}</p>
      </div>

      <p role="status" className={status ? 'rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-800' : 'sr-only'}>
        {status}
      </p>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-700">
          {problem}
        </p>
      )}

      {query.isPending ? (
        <LoaderOverlay text={x.loading} />
      ) : query.isError ? (
        <LoadFailed message={t(x.loadFailed)} retryLabel={t(x.tryAgain)} onRetry={() => void query.refetch()} />
      ) : query.isOffline ? (
        <>
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-900">
            {query.keptAt === null ? t(x.offlineNoneKept) : t(x.offlineAsOf, { time: formatKeptAt(query.keptAt) })}
          </p>
          {addresses.length > 0 && (
            <ul className="flex flex-col gap-4" aria-labelledby="addresses-heading">
              {addresses.map((address, index) => (
                <li key={address._id} className="card p-5">
                  <AddressLines address={address} isLastUsed={index === 0 && address.lastUsedAt !== null} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          {mode.kind === 'add' ? (
            <div className="card p-5">
              <AddressForm
                heading={t(x.newAddress)}
                initial={{ label: defaultLabel(addresses), address: '', city: '', mobileNumber: '', pinCode: '' }}
                submitLabel={t(x.saveAddress)}
                onSubmit={async (fields) => done(await save.mutateAsync(fields))}
                onCancel={() => start({ kind: 'list' })}
              />
            </div>
          ) : isFull ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-stone-800">
              {t(x.limitReached, { max: MAX_SAVED_ADDRESSES })}
            </p>
          ) : (
            <button type="button" className="btn-primary self-start" onClick={() => start({ kind: 'add' })}>
              {t(x.addAddress)}
            </button>
          )}

          {addresses.length === 0 ? (
            mode.kind !== 'add' && <p className="card p-5 text-stone-700">{t(x.empty)}</p>
          ) : (
            <ul className="flex flex-col gap-4" aria-labelledby="addresses-heading">
              {addresses.map((address, index) => (
                <li key={address._id} className="card p-5">
                  {mode.kind === 'edit' && mode.id === address._id ? (
                    <AddressForm
                      heading={t(x.editHeading, { label: address.label })}
                      initial={fieldsOf(address)}
                      submitLabel={t(x.saveChanges)}
                      onSubmit={async (fields) => done(await change.mutateAsync({ id: address._id, fields }))}
                      onCancel={() => start({ kind: 'list' })}
                    />
                  ) : (
                    <div className="flex flex-col gap-4">
                      <AddressLines address={address} isLastUsed={index === 0 && address.lastUsedAt !== null} />
                      {mode.kind === 'delete' && mode.id === address._id ? (
                        <DeleteConfirmation
                          question={t(x.confirmDelete, { label: address.label })}
                          deleteLabel={t(x.yesDelete)}
                          keepLabel={t(x.keep)}
                          isPending={remove.isPending}
                          onDelete={() => void deleteAddress(address._id)}
                          onKeep={() => start({ kind: 'list' })}
                        />
                      ) : (
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn-secondary"
                            aria-label={t(x.editNamed, { label: address.label })}
                            onClick={() => start({ kind: 'edit', id: address._id })}
                          >
                            {t(x.edit)}
                          </button>
                          <button
                            type="button"
                            className="btn-secondary text-red-700"
                            aria-label={t(x.deleteNamed, { label: address.label })}
                            onClick={() => start({ kind: 'delete', id: address._id })}
                          >
                            {t(x.delete)}
                          </button>
                        </div>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

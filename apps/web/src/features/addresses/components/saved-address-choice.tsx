/**
 * The checkout's choice of where to deliver (decision 0025): the shopper's saved addresses as
 * radio cards, the last used first, and "Use a new address", which shows the spec's form.
 * Controlled: the checkout owns the choice (an address id, or null for a new address).
 */
import type { SavedAddress } from '@mandi/shared/schemas';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { addressesTexts as x } from '../addresses.texts';
import { AddressLines } from './address-lines';

const cardClass =
  'flex cursor-pointer items-start gap-3 rounded-xl border-2 p-3 has-[:checked]:border-green-700 has-[:checked]:bg-green-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-700';

export function SavedAddressChoice({
  addresses,
  value,
  onChange,
}: {
  addresses: readonly SavedAddress[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="field-label mb-2">{t(x.deliverTo)}</legend>
      {addresses.map((address, index) => (
        <label key={address._id} className={`${cardClass} border-stone-200`}>
          <input
            type="radio"
            name={name}
            className="mt-1 size-4 shrink-0 accent-green-700"
            checked={value === address._id}
            onChange={() => onChange(address._id)}
          />
          <AddressLines address={address} isLastUsed={index === 0 && address.lastUsedAt !== null} />
        </label>
      ))}
      <label className={`${cardClass} items-center border-stone-200`}>
        <input
          type="radio"
          name={name}
          className="size-4 shrink-0 accent-green-700"
          checked={value === null}
          onChange={() => onChange(null)}
        />
        <span className="font-semibold text-stone-900">{t(x.useNewAddress)}</span>
      </label>
      <Link to={paths.addresses()} className="self-start text-sm font-semibold text-green-800 underline">
        {t(x.manageAddresses)}
      </Link>
    </fieldset>
  );
}

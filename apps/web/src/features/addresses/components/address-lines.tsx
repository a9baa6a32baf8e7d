/** A saved address in a few lines: its name (and "Last used"), the address, city and PIN, the mobile number. */
import type { SavedAddress } from '@mandi/shared/schemas';
import { useT } from '../../../lib/i18n';
import { addressesTexts as x } from '../addresses.texts';

export function AddressLines({ address, isLastUsed = false }: { address: SavedAddress; isLastUsed?: boolean }) {
  const t = useT();
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-stone-900">{address.label}</span>
        {isLastUsed && (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            {t(x.lastUsed)}
          </span>
        )}
      </span>
      <span className="break-words text-stone-700">{address.address}</span>
      <span className="text-stone-700">
        {address.city}, {t(x.pinShort, { pin: address.pinCode })}
      </span>
      <span className="text-sm text-stone-600">{t(x.mobileShort, { mobile: address.mobileNumber })}</span>
    </span>
  );
}

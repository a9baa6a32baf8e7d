/**
 * The checkout's shipping form for a signed-in shopper: the name (read-only), the pin code first (it
 * is checked against the delivery zones as soon as it has 6 digits, and its slots offered), then
 * address, city and mobile number. Next refuses while the cart has a problem (`cartProblem`), then
 * checks the fields in the order the shop's rules give, then the delivery (served PIN code, minimum
 * order, a slot when the shop has slots), keeps them for this tab and opens the confirm screen.
 *
 * A shopper with saved addresses (decision 0025) first chooses one of them, as radio cards, the last
 * used chosen and filled in: the fields are then filled from it and hidden (the PIN check and the
 * slots still show). "Use a new address" shows the spec's form as it is, with "Remember it for my next order",
 * which saves it to the address book on Next.
 *
 * Offline (issue 42) the saved addresses are the ones last read on this browser, and the PIN code's
 * line says plainly that the delivery is settled when the order is sent.
 */
import { findShippingProblem, MAX_SAVED_ADDRESSES } from '@mandi/shared';
import { pinCodeProblem } from '@mandi/shared/kernel';
import type { SavedAddress } from '@mandi/shared/schemas';
import { SERVER_MESSAGES } from '@mandi/shared/server-messages';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { serverText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { plainErrorMessages } from '../../../lib/offline/kept-answers';
import type { User } from '../../../lib/types';
import { addressesTexts, defaultLabel, SavedAddressChoice, useSaveAddress, useSavedAddresses } from '../../addresses';
import { PincodeStatus, SlotPicker } from '../../delivery';
import { checkoutTexts as x } from '../checkout.texts';
import { readShippingInfo, type ShippingDetails, saveDeliverySlot, saveShippingInfo } from '../checkout-storage';
import type { CheckoutDelivery } from '../use-checkout-delivery';

const EMPTY_FORM: ShippingDetails = { address: '', city: '', mobileNumber: '', pinCode: '' };

/** The same place as typed: address and city without case and runs of spaces, the numbers as digits. */
const sameText = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
function isSameAddress(saved: SavedAddress, details: ShippingDetails): boolean {
  return (
    sameText(saved.address, details.address) &&
    sameText(saved.city, details.city) &&
    saved.mobileNumber === details.mobileNumber.trim() &&
    saved.pinCode === details.pinCode.trim()
  );
}

export function ShippingForm({
  user,
  cartProblem,
  isChecking,
  pinCode,
  onPinCodeChange,
  delivery,
  slotProblem,
}: {
  user: User;
  /** Why the cart cannot be ordered as it is, or null. */
  cartProblem: string | null;
  /** The cart is being checked against the server: Next waits. */
  isChecking: boolean;
  /** The pin code lives with the page, which checks it for the summary's fee. */
  pinCode: string;
  onPinCodeChange: (pinCode: string) => void;
  delivery: CheckoutDelivery;
  /** Why the shopper is back here to pick another slot (it filled up), or null. */
  slotProblem: string | null;
}) {
  const [form, setForm] = useState<Omit<ShippingDetails, 'pinCode'>>(() => readShippingInfo() ?? EMPTY_FORM);
  const { message, show } = useTimedMessage();
  const navigate = useNavigate();
  const messageId = useId();
  const t = useT();
  const pinStatusId = useId();
  const savedQuery = useSavedAddresses();
  const saved = savedQuery.data ?? [];
  const saveAddress = useSaveAddress();
  // The saved address chosen, null for a new address; undefined until the saved addresses are known.
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  // A new address typed before a saved one was chosen, given back on "Use a new address".
  const [draft, setDraft] = useState<ShippingDetails>(EMPTY_FORM);
  const [isSaveChecked, setSaveChecked] = useState(false);
  const [saveLabel, setSaveLabel] = useState<string | null>(null);
  const chosen = saved.find((address) => address._id === choice) ?? null;
  const isNewAddress = !chosen;
  // "Remember it for my next order" for a new address, while the book has room (and could be read).
  const canSave = isNewAddress && savedQuery.isSuccess && saved.length < MAX_SAVED_ADDRESSES;
  const isSaving = canSave && isSaveChecked;
  const label = saveLabel ?? defaultLabel(saved);

  function fillFrom(details: ShippingDetails) {
    setForm({ address: details.address, city: details.city, mobileNumber: details.mobileNumber });
    onPinCodeChange(details.pinCode);
  }

  // Once the saved addresses are known: back from the confirm screen, the address kept for this tab
  // (a saved one if it is one); else the last used one, unless the shopper has started typing.
  useEffect(() => {
    if (choice !== undefined || savedQuery.isPending) return;
    const kept = readShippingInfo();
    const current = { ...form, pinCode };
    const isUntouched = Object.values(current).every((value) => !value.trim());
    const first = saved[0];
    if (kept) setChoice(saved.find((address) => isSameAddress(address, kept))?._id ?? null);
    else if (isUntouched && first) {
      setChoice(first._id);
      fillFrom(first);
    } else setChoice(null);
  });

  function choose(id: string | null) {
    if (id === choice) return;
    if (choice === null) setDraft({ ...form, pinCode });
    setChoice(id);
    const address = saved.find((entry) => entry._id === id);
    fillFrom(address ?? draft);
  }

  function update(field: Exclude<keyof ShippingDetails, 'pinCode'>, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function handleCheck() {
    const pinProblem = pinCodeProblem(pinCode.trim());
    if (pinProblem) return show(t(serverText({ code: pinProblem, message: SERVER_MESSAGES[pinProblem] })));
    void delivery.refetch();
  }

  async function handleNext(event: FormEvent) {
    event.preventDefault();
    if (cartProblem) return show(cartProblem);
    const shippingProblem = findShippingProblem({ ...form, pinCode });
    const problem = shippingProblem
      ? t(serverText({ code: shippingProblem, message: SERVER_MESSAGES[shippingProblem] }))
      : delivery.findDeliveryProblem();
    if (problem) return show(problem);
    const details = {
      address: form.address.trim(),
      city: form.city.trim(),
      mobileNumber: form.mobileNumber.trim(),
      pinCode: pinCode.trim(),
    };
    if (isSaving && !saved.some((address) => isSameAddress(address, details))) {
      try {
        await saveAddress.mutateAsync({ ...details, label: label.trim() || defaultLabel(saved) });
      } catch (error) {
        return show(plainErrorMessages(error).join(' '));
      }
    }
    saveShippingInfo(details);
    const slot = delivery.chosenSlot;
    saveDeliverySlot(slot ? { _id: slot._id, date: slot.date, start: slot.start, end: slot.end } : null);
    navigate(paths.confirmOrder());
  }

  const describedBy = message ? messageId : undefined;
  const pinStatus = delivery.isOffline ? (
    <p id={pinStatusId} role="status" aria-live="polite" className="min-h-5 text-sm font-semibold text-amber-900">
      {t(x.pinOffline)}
    </p>
  ) : (
    <PincodeStatus id={pinStatusId} pinCode={delivery.pin} query={delivery.pincode} />
  );

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={handleNext} noValidate aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="text-lg font-bold text-stone-900">
        {t(x.shippingInfo)}
      </h2>
      <div>
        <label htmlFor="shipping-name" className="field-label">
          {t(x.name)}
        </label>
        <input
          id="shipping-name"
          className="field-input bg-stone-100"
          value={`${user.firstName} ${user.lastName}`}
          readOnly
        />
      </div>
      {saved.length > 0 && choice !== undefined && (
        <SavedAddressChoice addresses={saved} value={chosen?._id ?? null} onChange={choose} />
      )}
      {isNewAddress ? (
        <>
          <div>
            <label htmlFor="shipping-pin" className="field-label">
              {t(x.pinCode)}
            </label>
            <div className="flex gap-2">
              <input
                id="shipping-pin"
                type="number"
                inputMode="numeric"
                className="field-input"
                value={pinCode}
                onChange={(event) => onPinCodeChange(event.target.value)}
                autoComplete="postal-code"
                aria-describedby={[pinStatusId, describedBy].filter(Boolean).join(' ')}
              />
              <button type="button" className="btn-secondary shrink-0 px-4" onClick={handleCheck}>
                {t(x.check)}
              </button>
            </div>
            {pinStatus}
          </div>
          <div>
            <label htmlFor="shipping-address" className="field-label">
              {t(x.address)}
            </label>
            <input
              id="shipping-address"
              className="field-input"
              value={form.address}
              onChange={(event) => update('address', event.target.value)}
              autoComplete="street-address"
              maxLength={200}
              aria-describedby={describedBy}
            />
          </div>
          <div>
            <label htmlFor="shipping-city" className="field-label">
              {t(x.city)}
            </label>
            <input
              id="shipping-city"
              className="field-input"
              value={form.city}
              onChange={(event) => update('city', event.target.value)}
              autoComplete="address-level2"
              maxLength={200}
              aria-describedby={describedBy}
            />
          </div>
          <div>
            <label htmlFor="shipping-mobile" className="field-label">
              {t(x.mobileNumber)}
            </label>
            <input
              id="shipping-mobile"
              type="number"
              inputMode="numeric"
              className="field-input"
              value={form.mobileNumber}
              onChange={(event) => update('mobileNumber', event.target.value)}
              autoComplete="tel-national"
              aria-describedby={describedBy}
            />
          </div>
          {canSave && (
            <div className="flex flex-col gap-3">
              <label className="flex items-center gap-2 font-medium text-stone-800">
                <input
                  type="checkbox"
                  className="size-4 accent-green-700"
                  checked={isSaveChecked}
                  onChange={(event) => setSaveChecked(event.target.checked)}
                />
                {t(addressesTexts.rememberForNextOrder)}
              </label>
              {isSaveChecked && (
                <div>
                  <label htmlFor="shipping-save-label" className="field-label">
                    {t(addressesTexts.saveAs)}
                  </label>
                  <input
                    id="shipping-save-label"
                    className="field-input"
                    value={label}
                    onChange={(event) => setSaveLabel(event.target.value)}
                    maxLength={40}
                  />
                </div>
              )}
            </div>
          )}
        </>
      ) : (
        pinStatus
      )}
      {delivery.slots.length > 0 ? (
        <SlotPicker
          slots={delivery.slots}
          value={delivery.chosenSlot?._id ?? null}
          onChange={delivery.chooseSlot}
          problem={slotProblem}
        />
      ) : (
        slotProblem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-700">
            {slotProblem}
          </p>
        )
      )}
      <p id={messageId} className="error-text min-h-5" role="alert">
        {message}
      </p>
      <button type="submit" className="btn-primary w-full" disabled={isChecking || saveAddress.isPending}>
        {t(x.next)}
      </button>
    </form>
  );
}

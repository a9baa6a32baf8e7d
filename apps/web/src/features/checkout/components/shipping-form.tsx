/**
 * The checkout's shipping form for a signed-in shopper: the name (read-only), address, city, mobile
 * number and pin code. Next refuses while the cart has a problem (`cartProblem`), then checks the
 * fields in the order the shop's rules give, keeps them for this tab and opens the confirm screen.
 */
import { findShippingProblem } from '@mandi/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import type { User } from '../../../lib/types';
import { readShippingInfo, type ShippingDetails, saveShippingInfo } from '../checkout-storage';

const EMPTY_FORM: ShippingDetails = { address: '', city: '', mobileNumber: '', pinCode: '' };

export function ShippingForm({
  user,
  cartProblem,
  isChecking,
}: {
  user: User;
  /** Why the cart cannot be ordered as it is, or null. */
  cartProblem: string | null;
  /** The cart is being checked against the server: Next waits. */
  isChecking: boolean;
}) {
  const [form, setForm] = useState<ShippingDetails>(() => readShippingInfo() ?? EMPTY_FORM);
  const { message, show } = useTimedMessage();
  const navigate = useNavigate();
  const messageId = useId();

  function update(field: keyof ShippingDetails, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function handleNext(event: FormEvent) {
    event.preventDefault();
    if (cartProblem) return show(cartProblem);
    const problem = findShippingProblem(form);
    if (problem) return show(problem);
    saveShippingInfo({
      address: form.address.trim(),
      city: form.city.trim(),
      mobileNumber: form.mobileNumber.trim(),
      pinCode: form.pinCode.trim(),
    });
    navigate(paths.confirmOrder());
  }

  return (
    <form className="card flex flex-col gap-4 p-5" onSubmit={handleNext} noValidate aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="text-lg font-bold text-stone-900">
        Shipping Info
      </h2>
      <div>
        <label htmlFor="shipping-name" className="field-label">
          Name
        </label>
        <input
          id="shipping-name"
          className="field-input bg-stone-100"
          value={`${user.firstName} ${user.lastName}`}
          readOnly
        />
      </div>
      <div>
        <label htmlFor="shipping-address" className="field-label">
          Address
        </label>
        <input
          id="shipping-address"
          className="field-input"
          value={form.address}
          onChange={(event) => update('address', event.target.value)}
          autoComplete="street-address"
          maxLength={200}
          aria-describedby={message ? messageId : undefined}
        />
      </div>
      <div>
        <label htmlFor="shipping-city" className="field-label">
          City
        </label>
        <input
          id="shipping-city"
          className="field-input"
          value={form.city}
          onChange={(event) => update('city', event.target.value)}
          autoComplete="address-level2"
          maxLength={200}
          aria-describedby={message ? messageId : undefined}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <div>
          <label htmlFor="shipping-mobile" className="field-label">
            Mobile Number
          </label>
          <input
            id="shipping-mobile"
            type="number"
            inputMode="numeric"
            className="field-input"
            value={form.mobileNumber}
            onChange={(event) => update('mobileNumber', event.target.value)}
            autoComplete="tel-national"
            aria-describedby={message ? messageId : undefined}
          />
        </div>
        <div>
          <label htmlFor="shipping-pin" className="field-label">
            Pin Code
          </label>
          <input
            id="shipping-pin"
            type="number"
            inputMode="numeric"
            className="field-input"
            value={form.pinCode}
            onChange={(event) => update('pinCode', event.target.value)}
            autoComplete="postal-code"
            aria-describedby={message ? messageId : undefined}
          />
        </div>
      </div>
      <p id={messageId} className="error-text min-h-5" role="alert">
        {message}
      </p>
      <button type="submit" className="btn-primary w-full" disabled={isChecking}>
        Next
      </button>
    </form>
  );
}

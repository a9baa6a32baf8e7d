/**
 * Checkout (spec 2.12): the cart as it stands on the server today, the totals, and the shipping
 * form. Next checks the form in the spec's order, keeps it for this tab and opens the confirm screen.
 */
import { findShippingProblem, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../account/api/get-logged-user';
import { findStockProblem, useCart } from '../../cart/cart-store';
import { useRefreshedCart } from '../api/refresh-cart-items';
import { readShippingInfo, type ShippingDetails, saveShippingInfo } from '../checkout-storage';
import { CartLine, type LineProblem } from '../components/cart-line';
import { PriceSummary } from '../components/price-summary';

export const UNAVAILABLE_ITEMS_MESSAGE = 'Remove the unavailable items from your cart first.';
export const SHORT_ITEMS_MESSAGE = 'Some items have less stock than you chose: pick a smaller quantity.';

const EMPTY_FORM: ShippingDetails = { address: '', city: '', mobileNumber: '', pinCode: '' };

export default function CheckoutPage() {
  usePageTitle(PAGE_TITLES.checkout);
  const { items, count, total } = useCart();
  const { user, isLoading: isSessionLoading } = useSession();
  const { missingIds, isChecking } = useRefreshedCart();
  const [isCartOpen, setIsCartOpen] = useState(true);
  const [form, setForm] = useState<ShippingDetails>(() => readShippingInfo() ?? EMPTY_FORM);
  const { message, show } = useTimedMessage();
  const navigate = useNavigate();
  const cartListId = useId();
  const messageId = useId();

  const problems = new Map<string, LineProblem>();
  for (const item of items) {
    const problem = missingIds.has(item.id) ? 'missing' : findStockProblem(item);
    if (problem) problems.set(item.id, problem);
  }

  if (items.length === 0) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h1 className="page-heading">Check Out</h1>
        <span className="text-6xl" aria-hidden="true">
          🧺
        </span>
        <p className="text-xl font-semibold text-stone-800">{MESSAGES.cartEmpty}</p>
        <Link to="/products" className="btn-primary">
          Add Products
        </Link>
      </section>
    );
  }

  function update(field: keyof ShippingDetails, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
  }

  function handleNext(event: FormEvent) {
    event.preventDefault();
    if ([...problems.values()].some((problem) => problem !== 'short')) return show(UNAVAILABLE_ITEMS_MESSAGE);
    if (problems.size) return show(SHORT_ITEMS_MESSAGE);
    const problem = findShippingProblem(form);
    if (problem) return show(problem);
    saveShippingInfo({
      address: form.address.trim(),
      city: form.city.trim(),
      mobileNumber: form.mobileNumber.trim(),
      pinCode: form.pinCode.trim(),
    });
    navigate('/Order/Confirm');
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="page-heading mb-6">Check Out</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section className="card self-start overflow-hidden" aria-label="Your cart">
          <button
            type="button"
            className="flex w-full items-center justify-between gap-3 px-4 py-4 text-left hover:bg-stone-50"
            aria-expanded={isCartOpen}
            aria-controls={cartListId}
            onClick={() => setIsCartOpen((open) => !open)}
          >
            <span className="flex items-center gap-3 text-lg font-bold text-stone-900">
              Cart
              <span className="rounded-full bg-green-700 px-2.5 py-0.5 text-sm font-semibold text-white">
                {count} {count === 1 ? 'item' : 'items'}
              </span>
            </span>
            <svg
              viewBox="0 0 24 24"
              className={`h-5 w-5 text-stone-600 transition ${isCartOpen ? 'rotate-180' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <ul id={cartListId} hidden={!isCartOpen} className="divide-y divide-stone-100 border-t border-stone-100">
            {items.map((item) => (
              <CartLine key={item.id} item={item} problem={problems.get(item.id) ?? null} />
            ))}
          </ul>
          {isChecking && (
            <p className="border-t border-stone-100 px-4 py-2 text-sm text-stone-600" role="status">
              Checking today's prices and stock…
            </p>
          )}
        </section>

        <div className="flex flex-col gap-6">
          <section className="card p-5" aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="mb-4 text-lg font-bold text-stone-900">
              Summary
            </h2>
            <PriceSummary
              total={total}
              subtotalLabel="Sub Total"
              shippingLabel="Shipping Charge"
              shippingValue="Free"
            />
          </section>

          {isSessionLoading ? (
            <p className="card p-5 text-stone-600" role="status">
              Loading…
            </p>
          ) : user ? (
            <form
              className="card flex flex-col gap-4 p-5"
              onSubmit={handleNext}
              noValidate
              aria-labelledby="shipping-heading"
            >
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
          ) : (
            <section className="card flex flex-col items-center gap-3 p-5 text-center">
              <p className="text-stone-700">Log in to give your shipping details and place the order.</p>
              <Link to="/Login" className="btn-primary w-full">
                Login
              </Link>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

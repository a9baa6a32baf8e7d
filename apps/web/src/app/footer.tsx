/** The footer on every page (docs/product.md#footer): quick links, contact details, a message box, payment and credits. */
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { CashNoteIcon } from '../components/ui/icons/shop-icons';
import { LanguageSwitch } from '../components/ui/language-switch';
import { paths } from '../config/paths';
import { useT } from '../lib/i18n';
import { shellTexts as x } from './shell.texts';

const QUICK_LINKS = [
  { to: paths.home(), label: x.home },
  { to: paths.home(), label: x.features },
  { to: paths.products(), label: x.products },
  { to: paths.reviews(), label: x.reviews },
] as const;

export function Footer() {
  const t = useT();
  return (
    <footer className="mt-16 bg-green-950 text-green-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4">
          <p className="text-2xl font-extrabold tracking-tight text-white">Mandi</p>
          <p className="text-sm leading-relaxed text-green-100/80">{t(x.footerAbout)}</p>
          <CashOnDeliveryBadge />
          <LanguageSwitch tone="dark" />
        </div>

        <nav aria-label={t(x.quickLinksNav)}>
          <h2 className="mb-4 text-sm font-semibold tracking-wider text-amber-300 uppercase">{t(x.quickLinks)}</h2>
          <ul className="flex flex-col gap-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.label.id}>
                <Link to={link.to} className="text-green-100 transition hover:text-white hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <address className="not-italic">
          <h2 className="mb-4 text-sm font-semibold tracking-wider text-amber-300 uppercase">{t(x.contact)}</h2>
          <ul className="flex flex-col gap-2 text-green-100">
            <li>{t(x.address)}</li>
            <li>
              <a href="tel:+912012345678" className="transition hover:text-white hover:underline">
                +91 20 1234 5678
              </a>
            </li>
            <li>
              <a href="mailto:hello@mandi.example" className="transition hover:text-white hover:underline">
                hello@mandi.example
              </a>
            </li>
          </ul>
        </address>

        <MessageBox />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-green-100/80 sm:px-6">
          © {new Date().getFullYear()} Mandi · {t(x.credits)}
        </p>
      </div>
    </footer>
  );
}

/** What Send does is not specified; the message stays in the browser and the shopper gets a polite note. */
function MessageBox() {
  const id = useId();
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get('message') ?? '').trim();
    if (!text) {
      setError(t(x.messageFirst));
      setIsSent(false);
      return;
    }
    setError(null);
    setIsSent(true);
    form.reset();
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-3" noValidate>
      <h2 className="text-sm font-semibold tracking-wider text-amber-300 uppercase">
        <label htmlFor={id}>{t(x.sendUsMessage)}</label>
      </h2>
      <textarea
        id={id}
        name="message"
        rows={3}
        maxLength={1000}
        placeholder={t(x.yourMessage)}
        onChange={() => setIsSent(false)}
        className="w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-white placeholder:text-green-100/60 focus:border-amber-300 focus:outline-none"
      />
      <button
        type="submit"
        className="self-start rounded-full bg-amber-400 px-5 py-2 font-semibold text-stone-900 transition hover:bg-amber-300"
      >
        {t(x.send)}
      </button>
      <p role="status" className="min-h-5 text-sm">
        {isSent && <span className="text-green-200">{t(x.thanks)}</span>}
        {error && <span className="text-amber-200">{error}</span>}
      </p>
    </form>
  );
}

function CashOnDeliveryBadge() {
  const t = useT();
  return (
    <div
      className="flex w-fit items-center gap-3 rounded-xl bg-white px-3 py-2 text-stone-900 shadow-sm"
      role="img"
      aria-label={t(x.acceptCash)}
    >
      <CashNoteIcon />
      <span className="leading-tight">
        <span className="block text-xs font-medium tracking-wide text-stone-500 uppercase">{t(x.payment)}</span>
        <span className="block text-sm font-bold">{t(x.cashOnDelivery)}</span>
      </span>
    </div>
  );
}

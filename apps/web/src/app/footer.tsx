/**
 * The footer on every page (docs/product.md#footer): the shop's name and about line, quick links,
 * the policies, contact details with the FSSAI licence and the grievance officer (all from the
 * shop's profile), a message box, payment and credits. The demo's "learning project" credit shows
 * only while the shop is the demo (decision 0029).
 */
import type { ShopIdentity } from '@mandi/shared/schemas';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { CashNoteIcon } from '../components/ui/icons/shop-icons';
import { LanguageSwitch } from '../components/ui/language-switch';
import { paths } from '../config/paths';
import { type Text, type Translate, useLanguage, useT } from '../lib/i18n';
import { useShop } from '../lib/shop/shop';
import { formatPhone, paragraphsOf, phoneHref, shopAbout } from '../lib/shop/shop-display';
import { shellTexts as x } from './shell.texts';

const QUICK_LINKS = [
  { to: paths.home(), label: x.home },
  { to: paths.home(), label: x.features },
  { to: paths.products(), label: x.products },
  { to: paths.reviews(), label: x.reviews },
  { to: paths.rates(), label: x.todaysRates },
] as const;

const POLICY_LINKS = [
  { to: paths.policy('returns'), label: x.returns },
  { to: paths.policy('refunds'), label: x.refunds },
  { to: paths.policy('delivery'), label: x.delivery },
  { to: paths.policy('privacy'), label: x.privacy },
  { to: paths.policy('terms'), label: x.terms },
  { to: paths.policy('grievance'), label: x.grievance },
] as const;

const heading = 'mb-4 text-sm font-semibold tracking-wider text-amber-300 uppercase';
const link = 'break-words text-green-100 transition hover:text-white hover:underline';

export function Footer() {
  const t = useT();
  const language = useLanguage();
  // Until the shop is known (no slot in the page, its request pending) its parts stay empty:
  // never the demo's texts, which a real shop would then show for a moment.
  const shop = useShop();
  const aboutLine = shop ? (shop.demo ? t(x.footerAbout) : paragraphsOf(shopAbout(shop, language))[0]) : undefined;
  return (
    <footer className="below-fold mt-16 bg-green-950 text-green-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="flex min-w-0 flex-col gap-4">
          <p className="min-h-8 text-2xl font-extrabold tracking-tight break-words text-white">{shop?.name}</p>
          {aboutLine && <p className="line-clamp-4 text-sm leading-relaxed text-green-100/80">{aboutLine}</p>}
          <CashOnDeliveryBadge />
          <LanguageSwitch tone="dark" />
        </div>

        <div className="flex flex-col gap-8">
          <FooterLinks label={t(x.quickLinksNav)} title={t(x.quickLinks)} links={QUICK_LINKS} t={t} />
          <FooterLinks label={t(x.policies)} title={t(x.policies)} links={POLICY_LINKS} t={t} />
        </div>

        <div className="flex min-w-0 flex-col gap-8">{shop && <ShopContact shop={shop} t={t} />}</div>

        <MessageBox />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-green-100/80 sm:px-6">
          © {new Date().getFullYear()} {shop?.name} · {t(shop?.demo ? x.credits : x.iconCredits)}
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({
  label,
  title,
  links,
  t,
}: {
  label: string;
  title: string;
  links: readonly { to: string; label: Text }[];
  t: Translate;
}) {
  return (
    <nav aria-label={label}>
      <h2 className={heading}>{title}</h2>
      <ul className="flex flex-col gap-2">
        {links.map((entry) => (
          <li key={entry.label.id}>
            <Link to={entry.to} className={link}>
              {t(entry.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shop's address, phone, email and FSSAI licence, then its grievance officer. */
function ShopContact({ shop, t }: { shop: ShopIdentity; t: Translate }) {
  const officer = shop.grievanceOfficer;
  return (
    <>
      <address className="not-italic">
        <h2 className={heading}>{t(x.contact)}</h2>
        <ul className="flex flex-col gap-2 text-green-100">
          <li className="break-words">
            {shop.legalName && shop.legalName !== shop.name && <span className="block">{shop.legalName}</span>}
            <span className="block whitespace-pre-line">{shop.address}</span>
            <span className="block">{t(x.stateLine, { state: shop.state })}</span>
          </li>
          {shop.phone && (
            <li>
              <a href={phoneHref(shop.phone)} className={link}>
                <span className="sr-only">{t(x.phone)}:</span> {formatPhone(shop.phone)}
              </a>
            </li>
          )}
          {shop.email && (
            <li>
              <a href={`mailto:${shop.email}`} className={link}>
                <span className="sr-only">{t(x.email)}:</span> {shop.email}
              </a>
            </li>
          )}
          {shop.fssaiNumber && <li>{t(x.fssai, { number: shop.fssaiNumber })}</li>}
        </ul>
      </address>
      <address className="not-italic">
        <h2 className={heading}>{t(x.grievanceOfficer)}</h2>
        <ul className="flex flex-col gap-2 text-green-100">
          {officer.name && <li className="break-words">{officer.name}</li>}
          {officer.email && (
            <li>
              <a href={`mailto:${officer.email}`} className={link}>
                <span className="sr-only">{t(x.email)}:</span> {officer.email}
              </a>
            </li>
          )}
          {officer.phone && (
            <li>
              <a href={phoneHref(officer.phone)} className={link}>
                <span className="sr-only">{t(x.phone)}:</span> {formatPhone(officer.phone)}
              </a>
            </li>
          )}
          <li>
            <Link to={paths.policy('grievance')} className={`${link} font-semibold`}>
              {t(x.grievancePage)}
            </Link>
          </li>
        </ul>
      </address>
    </>
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

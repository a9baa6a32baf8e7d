/**
 * A policy page, /policies/{key} (returns, refunds, delivery, privacy, terms): the shop's text in the
 * page's language, paragraph by paragraph; and /policies/grievance: the grievance officer, the rules
 * a complaint follows and the way to report one. The app's router shows the not-found page for any
 * other key, so this page only ever gets a known one.
 */
import type { Shop } from '@mandi/shared/schemas';
import { Link, NavLink, useParams } from 'react-router';
import { DelayedLoaderOverlay } from '../../../components/ui/loader-overlay';
import { Paragraphs } from '../../../components/ui/paragraphs';
import { paths } from '../../../config/paths';
import { loadingTexts, useLanguage, useT } from '../../../lib/i18n';
import { useShopProfile } from '../../../lib/shop/shop';
import {
  formatPhone,
  isPolicyPageKey,
  POLICY_PAGE_KEYS,
  type PolicyPageKey,
  phoneHref,
  policyText,
} from '../../../lib/shop/shop-display';
import { usePageTitle } from '../../../lib/use-page-title';
import { policiesTexts as x } from '../policies.texts';

export default function PolicyPage() {
  const { key = '' } = useParams();
  const policyKey: PolicyPageKey = isPolicyPageKey(key) ? key : 'terms';
  const t = useT();
  const shop = useShopProfile();
  usePageTitle(x[policyKey]);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-12">
      <PoliciesNav />
      <article className="card flex flex-col gap-5 p-6 sm:p-10">
        <h1 className="page-heading">{t(x[policyKey])}</h1>
        {!shop ? (
          <DelayedLoaderOverlay text={loadingTexts.loading} />
        ) : policyKey === 'grievance' ? (
          <Grievance shop={shop} />
        ) : (
          <Policy shop={shop} policyKey={policyKey} />
        )}
      </article>
    </div>
  );
}

/** The six pages as tabs-like links, the current one marked. */
function PoliciesNav() {
  const t = useT();
  return (
    <nav aria-label={t(x.policiesNav)}>
      <ul className="flex flex-wrap gap-2">
        {POLICY_PAGE_KEYS.map((key) => (
          <li key={key}>
            <NavLink
              to={paths.policy(key)}
              className={({ isActive }) =>
                `inline-block rounded-full px-3 py-1.5 text-sm font-semibold transition ${
                  isActive
                    ? 'bg-green-700 text-white'
                    : 'bg-white text-green-900 ring-1 ring-stone-200 hover:bg-green-50'
                }`
              }
            >
              {t(x[key])}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Policy({ shop, policyKey }: { shop: Shop; policyKey: Exclude<PolicyPageKey, 'grievance'> }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <div className="flex flex-col gap-4 text-base leading-relaxed text-stone-700 sm:text-lg">
        <Paragraphs text={policyText(shop, policyKey, language)} />
      </div>
      <SellerLine shop={shop} t={t} />
    </>
  );
}

function SellerLine({ shop, t }: { shop: Shop; t: ReturnType<typeof useT> }) {
  return (
    <p className="border-t border-stone-200 pt-4 text-sm break-words text-stone-600">
      {t(x.seller, { legalName: shop.legalName, address: shop.address, state: shop.state })}
    </p>
  );
}

function Grievance({ shop }: { shop: Shop }) {
  const t = useT();
  const officer = shop.grievanceOfficer;
  const hasOfficer = Boolean(officer.name || officer.email || officer.phone);
  return (
    <>
      <div className="flex flex-col gap-3 leading-relaxed text-stone-700 sm:text-lg">
        <p>{t(x.grievanceIntro)}</p>
        <ul className="list-disc pl-6">
          <li>{t(x.ruleTicket)}</li>
          <li>{t(x.ruleAcknowledge)}</li>
          <li>{t(x.ruleResolve)}</li>
        </ul>
      </div>

      <section aria-labelledby="officer-heading" className="rounded-xl bg-green-50 p-5 ring-1 ring-green-200">
        <h2 id="officer-heading" className="text-lg font-bold text-green-900">
          {t(x.officerTitle)}
        </h2>
        {hasOfficer ? (
          <Contact name={officer.name} email={officer.email} phone={officer.phone} t={t} />
        ) : (
          <>
            <p className="mt-2 text-stone-700">{t(x.noOfficer)}</p>
            <Contact name={shop.legalName} email={shop.email} phone={shop.phone} t={t} />
          </>
        )}
      </section>

      <section aria-labelledby="report-heading" className="flex flex-col items-start gap-3">
        <h2 id="report-heading" className="text-lg font-bold text-stone-900">
          {t(x.reportTitle)}
        </h2>
        <p className="leading-relaxed text-stone-700">{t(x.reportText)}</p>
        <Link to={paths.complaints()} className="btn-primary">
          {t(x.reportLink)}
        </Link>
      </section>
      <SellerLine shop={shop} t={t} />
    </>
  );
}

function Contact({
  name,
  email,
  phone,
  t,
}: {
  name: string | null;
  email: string | null;
  phone: string | null;
  t: ReturnType<typeof useT>;
}) {
  const row = 'grid grid-cols-[5rem_1fr] gap-2 sm:grid-cols-[6rem_1fr]';
  return (
    <dl className="mt-3 flex flex-col gap-2 text-stone-800">
      {name && (
        <div className={row}>
          <dt className="font-semibold">{t(x.name)}</dt>
          <dd className="min-w-0 break-words">{name}</dd>
        </div>
      )}
      {email && (
        <div className={row}>
          <dt className="font-semibold">{t(x.email)}</dt>
          <dd className="min-w-0 break-words">
            <a href={`mailto:${email}`} className="text-green-800 underline underline-offset-2 hover:text-green-900">
              {email}
            </a>
          </dd>
        </div>
      )}
      {phone && (
        <div className={row}>
          <dt className="font-semibold">{t(x.phone)}</dt>
          <dd>
            <a href={phoneHref(phone)} className="text-green-800 underline underline-offset-2 hover:text-green-900">
              {formatPhone(phone)}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

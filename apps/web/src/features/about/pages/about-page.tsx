/**
 * About Us (docs/product.md#shopper-screens). The demo shop says what Mandi promises and that it is a
 * sample site made only for learning, with the founder link; a real shop (`demo` false) shows its
 * own about text in the page's language, under the same title (decision 0029).
 */
import type { ShopIdentity } from '@mandi/shared/schemas';
import { Link } from 'react-router';
import { DelayedLoaderOverlay } from '../../../components/ui/loader-overlay';
import { Paragraphs } from '../../../components/ui/paragraphs';
import { paths } from '../../../config/paths';
import { loadingTexts, titleTexts, useLanguage, useT } from '../../../lib/i18n';
import { useShop } from '../../../lib/shop/shop';
import { shopAbout } from '../../../lib/shop/shop-display';
import { usePageTitle } from '../../../lib/use-page-title';
import { aboutTexts as x } from '../about.texts';

export const FOUNDER_URL = 'https://github.com/';

const PROMISES = [
  {
    title: x.freshTitle,
    text: x.freshText,
  },
  {
    title: x.weightsTitle,
    text: x.weightsText,
  },
  {
    title: x.deliveryTitle,
    text: x.deliveryText,
  },
] as const;

export default function AboutPage() {
  const t = useT();
  usePageTitle(titleTexts.about);
  const shop = useShop();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header className="flex flex-col items-center gap-4 text-center">
        <img src="/images/basket.svg" alt="" width={88} height={88} className="h-20 w-20" />
        <h1 className="page-heading">{t(x.aboutUs)}</h1>
        {shop?.demo && <p className="max-w-2xl text-lg leading-relaxed text-stone-700">{t(x.intro)}</p>}
      </header>

      {/* Until the shop is known, neither the demo's texts nor the shop's own: only the title. */}
      {!shop ? (
        <DelayedLoaderOverlay text={loadingTexts.loading} />
      ) : shop.demo ? (
        <DemoAbout />
      ) : (
        <ShopAbout shop={shop} />
      )}

      <div className="flex justify-center">
        <Link to={paths.products()} className="btn-primary px-7 py-3">
          {t(x.browse)}
        </Link>
      </div>
    </div>
  );
}

/** The shop's own words, paragraph by paragraph, in the page's language. */
function ShopAbout({ shop }: { shop: ShopIdentity }) {
  const language = useLanguage();
  return (
    <section className="card mx-auto flex w-full max-w-3xl flex-col gap-4 p-6 text-lg leading-relaxed text-stone-700 sm:p-8">
      <Paragraphs text={shopAbout(shop, language)} />
    </section>
  );
}

/** The spec's texts, exactly: the sample-site statement, the founder link and the Mandi promise. */
function DemoAbout() {
  const t = useT();
  return (
    <>
      <section
        aria-labelledby="sample-heading"
        className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-stone-800 shadow-sm"
      >
        <h2 id="sample-heading" className="text-lg font-bold text-amber-900">
          {t(x.sampleTitle)}
        </h2>
        <p className="mt-2 leading-relaxed">{t(x.sampleText)}</p>
        <p className="mt-3">
          {t(x.foundedBy)}{' '}
          <a
            href={FOUNDER_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900"
          >
            {t(x.founderLink)}
            <span className="sr-only">{t(x.newTab)}</span>
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="promise-heading">
        <h2 id="promise-heading" className="mb-5 text-center text-2xl font-bold text-stone-900">
          {t(x.promise)}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {PROMISES.map((promise) => (
            <li key={promise.title.id} className="card p-6">
              <h3 className="font-bold text-green-800">{t(promise.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{t(promise.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

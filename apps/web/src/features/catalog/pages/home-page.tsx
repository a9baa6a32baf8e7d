/**
 * Home (docs/product.md#shopper-screens): hero, the three promises, the 'New Products' slider, the category grid and the
 * 'Customer Reviews' slider. If the recent products cannot be loaded nothing below the promises is shown.
 */

import type { ShopIdentity } from '@mandi/shared/schemas';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { HindiName } from '../../../components/ui/hindi-name';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { RenderLater } from '../../../components/ui/render-later';
import { StarRating } from '../../../components/ui/star-rating';
import { type Illustration, illustrationIcon, illustrationImage, illustrations } from '../../../config/illustrations';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { loadingTexts, titleTexts, useLanguage, useT } from '../../../lib/i18n';
import { useShop } from '../../../lib/shop/shop';
import { shopTagline } from '../../../lib/shop/shop-display';
import { deliverySentence, paymentSentence, shopNameIn, useDeliveryTerms } from '../../../lib/shop/storefront';
import { storefrontTexts as y } from '../../../lib/shop/storefront.texts';
import { sizedImage } from '../../../lib/sized-image';
import type { Category, Product, Review } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCategories } from '../api/get-categories';
import { useHomeReviews } from '../api/get-home-reviews';
import { useRecentProducts } from '../api/get-recent-products';
import { catalogTexts as x } from '../catalog.texts';
import { categoryNameIn } from '../category-name';
import { Slider } from '../components/slider';
import { ratePerUnit } from '../rate-per-kg';

/**
 * "Your usual" for a logged-in shopper (decision 0042), in its own chunk: a visitor's first page
 * neither downloads it nor asks the API for it.
 */
const UsualStrip = lazy(() => import('../../buy-again').then((module) => ({ default: module.UsualStrip })));

const FEATURES = [
  {
    title: x.featureFreshTitle,
    text: x.featureFreshText,
    image: illustrations.seedling,
  },
  {
    title: x.featureDeliveryTitle,
    text: x.featureDeliveryText,
    image: illustrations.deliveryTruck,
  },
  {
    title: x.featureCashTitle,
    text: x.featureCashText,
    image: illustrations.moneyBag,
  },
] as const;

export default function HomePage() {
  usePageTitle(titleTexts.home);
  const shop = useShop();
  const session = useSession();
  const recent = useRecentProducts();
  const categories = useCategories();
  const reviews = useHomeReviews();
  const isLoading = session.isLoading || recent.isPending || categories.isPending || reviews.isPending;
  const hasRecentError = recent.isError;

  useScrollToHash(isLoading);

  return (
    <>
      {isLoading && <LoaderOverlay text={loadingTexts.loading} />}
      {/* The demo keeps the spec's promises; a real shop says what its settings make true (decision 0056). */}
      {shop?.demo === false ? <ShopHero shop={shop} /> : <Hero />}
      {session.user && !session.isAdmin && (
        <Suspense fallback={null}>
          <UsualStrip />
        </Suspense>
      )}
      {shop?.demo === false ? <ShopFeatureBoxes shop={shop} /> : <FeatureBoxes features={FEATURES} />}
      {/* Below the fold on a phone: each section renders in a task of its own after the hero has painted. */}
      {!hasRecentError && (
        <>
          {recent.data && (
            <RenderLater>
              <NewProducts products={recent.data} />
            </RenderLater>
          )}
          {categories.data && categories.data.length > 0 && (
            <RenderLater>
              <CategoryGrid categories={categories.data} />
            </RenderLater>
          )}
          {reviews.data && reviews.data.length > 0 && (
            <RenderLater>
              <CustomerReviews reviews={reviews.data} />
            </RenderLater>
          )}
        </>
      )}
    </>
  );
}

/** '/#features' from the header: scroll once the sections above have their final height. */
function useScrollToHash(isLoading: boolean) {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on each navigation (key)
  useEffect(() => {
    if (!hash || isLoading) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, key, isLoading]);
}

/** The hero's frame: the soft background, the eyebrow, the words beside the produce drawing, Shop Now. */
function HeroFrame({ eyebrow, children }: { eyebrow: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-green-50 via-lime-50 to-amber-50">
      <div
        className="pointer-events-none absolute -top-24 -right-24 h-72 w-72 rounded-full bg-amber-200/40 blur-3xl"
        aria-hidden="true"
      />
      <div
        className="pointer-events-none absolute -bottom-32 -left-20 h-80 w-80 rounded-full bg-green-200/50 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
        <div className="flex flex-col items-start gap-5">
          <p className="rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-green-800 shadow-sm ring-1 ring-green-200">
            {eyebrow}
          </p>
          {children}
          <Link to={paths.products()} className="btn-primary px-7 py-3 text-lg">
            {t(x.shopNow)}
          </Link>
        </div>
        <div className="flex justify-center">
          <img
            {...illustrationImage(illustrations.heroProduce)}
            sizes={illustrations.heroProduce.sizes}
            alt={t(x.heroAlt)}
            width={460}
            height={420}
            fetchPriority="high"
            className="w-full max-w-[17rem] drop-shadow-xl sm:max-w-sm md:max-w-md"
          />
        </div>
      </div>
    </section>
  );
}

/** The demo's hero: the spec's promises. */
function Hero() {
  const t = useT();
  return (
    <HeroFrame eyebrow={t(x.heroEyebrow)}>
      <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-stone-900 sm:text-5xl">
        {t(x.heroTitleStart)} <span className="text-green-700">{t(x.heroTitleOrganic)}</span> {t(x.heroTitleMiddle)}{' '}
        <span className="text-amber-600">{t(x.heroTitleMandi)}</span>
      </h1>
      <p className="max-w-prose text-lg text-stone-700">{t(x.heroText)}</p>
    </HeroFrame>
  );
}

type Feature = { readonly title: string; readonly text: string; readonly image: Illustration };

/** The real shop's hero: its name, its own line, and what holds of its delivery and payment. */
function ShopHero({ shop }: { shop: ShopIdentity }) {
  const t = useT();
  const language = useLanguage();
  const terms = useDeliveryTerms();
  return (
    <HeroFrame eyebrow={t(y.heroEyebrow)}>
      <h1 className="text-4xl leading-tight font-extrabold tracking-tight break-words text-stone-900 sm:text-5xl">
        {shopNameIn(shop.name, language)}
      </h1>
      <p className="max-w-prose text-xl font-semibold text-green-800">{shopTagline(shop, language)}</p>
      <p className="min-h-14 max-w-prose text-lg text-stone-700">
        {terms && `${deliverySentence(terms, t)} `}
        {paymentSentence(shop, t)}
      </p>
    </HeroFrame>
  );
}

/** The real shop's three boxes: weighing, its delivery terms, how to pay. */
function ShopFeatureBoxes({ shop }: { shop: ShopIdentity }) {
  const t = useT();
  const terms = useDeliveryTerms();
  const features: Feature[] = [
    { title: t(y.weighedTitle), text: t(y.weighedText), image: illustrations.seedling },
    { title: t(y.deliveryTitle), text: terms ? deliverySentence(terms, t) : '', image: illustrations.deliveryTruck },
    { title: t(y.payTitle), text: paymentSentence(shop, t), image: illustrations.moneyBag },
  ];
  return <FeatureList features={features} />;
}

function FeatureBoxes({ features }: { features: typeof FEATURES }) {
  const t = useT();
  return (
    <FeatureList
      features={features.map((feature) => ({ title: t(feature.title), text: t(feature.text), image: feature.image }))}
    />
  );
}

function FeatureList({ features }: { features: readonly Feature[] }) {
  const t = useT();
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="features-heading" className="sr-only">
          {t(x.features)}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.image.name} className="card flex items-start gap-4 p-6">
              <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-green-100 to-amber-100 p-2.5">
                <img
                  {...illustrationIcon(feature.image, 36)}
                  alt=""
                  width={36}
                  height={36}
                  loading="lazy"
                  className="h-9 w-9"
                />
              </span>
              <div>
                <h3 className="text-lg font-bold text-stone-900">{feature.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-stone-600">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SectionHeading({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <div className="mb-8 text-center">
      <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">
        {title}
      </h2>
    </div>
  );
}

function NewProducts({ products }: { products: Product[] }) {
  const t = useT();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="new-products-heading" className="below-fold mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <SectionHeading id="new-products-heading" eyebrow={t(x.justArrived)} title={t(x.newProducts)} />
      <Slider
        label={t(x.newProducts)}
        items={products}
        getKey={(product) => product._id}
        renderSlide={(product) => (
          <article className="card flex h-full flex-col overflow-hidden">
            <div className="flex h-52 items-center justify-center bg-gradient-to-br from-green-50 via-lime-50 to-amber-50 p-8">
              <img
                {...sizedImage(product.url, '144px')}
                alt={product.name}
                width={512}
                height={512}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-contain drop-shadow-sm"
              />
            </div>
            <div className="flex flex-1 flex-col items-center gap-2 p-5 text-center">
              <h3 className="text-lg font-semibold text-stone-900">
                {/* The name opens the product's page; View Product stays the spec's search for it. */}
                <Link
                  to={paths.product(product._id)}
                  className="hover:text-green-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
                >
                  {product.name}
                </Link>
                <HindiName aliases={product.aliases} className="text-base" />
              </h3>
              <p className="font-semibold text-green-800">{ratePerUnit(product.rate, product.unit)}</p>
              <Link to={paths.productSearch(product.name)} className="btn-secondary mt-auto">
                {t(x.viewProduct)}
              </Link>
            </div>
          </article>
        )}
      />
    </section>
  );
}

function CategoryGrid({ categories }: { categories: Category[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section aria-labelledby="categories-heading" className="below-fold bg-white py-12">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="categories-heading" eyebrow={t(x.shopByAisle)} title={t(x.categories)} />
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category._id}>
              <article className="group flex h-full flex-col items-center gap-3 rounded-2xl bg-gradient-to-br from-green-50 to-amber-50 p-4 text-center ring-1 ring-green-100 transition hover:shadow-md sm:flex-row sm:gap-5 sm:p-5 sm:text-left">
                <span className="flex h-20 w-20 shrink-0 sm:h-24 sm:w-24 items-center justify-center rounded-2xl bg-white p-3 shadow-sm">
                  <img
                    {...sizedImage(category.categoryImage, '72px')}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-contain transition duration-300 group-hover:scale-110"
                  />
                </span>
                <div className="flex flex-1 flex-col items-center gap-3 sm:items-start">
                  <h3 className="text-base font-bold text-stone-900 sm:text-xl">
                    {t(x.freshCategory, { name: categoryNameIn(category, language) })}
                  </h3>
                  <Link
                    to={paths.productsInCategory(category._id, category.categoryName)}
                    className="btn-primary px-4 py-2 text-sm"
                  >
                    {t(x.shopNow)}
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CustomerReviews({ reviews }: { reviews: Review[] }) {
  const t = useT();
  return (
    <section aria-labelledby="reviews-heading" className="below-fold mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <SectionHeading id="reviews-heading" eyebrow={t(x.lovedAcrossIndia)} title={t(x.customerReviews)} />
      <Slider
        label={t(x.customerReviews)}
        items={reviews}
        getKey={(review) => review._id}
        renderSlide={(review) => (
          <figure className="card flex h-full flex-col gap-4 p-6">
            <StarRating value={review.ratings} />
            <blockquote className="flex-1 text-stone-700">
              <p className="leading-relaxed">“{review.comment}”</p>
            </blockquote>
            <figcaption className="flex items-center gap-3">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-green-100 font-bold text-green-800"
                aria-hidden="true"
              >
                {review.user.firstName.charAt(0).toUpperCase()}
              </span>
              <span className="font-semibold text-stone-900">
                {review.user.firstName} {review.user.lastName}
              </span>
            </figcaption>
          </figure>
        )}
      />
    </section>
  );
}

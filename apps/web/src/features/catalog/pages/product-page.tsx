/**
 * One product's page (`/product/:productId`, decision 0024): breadcrumbs to its category, its
 * picture, name in English and Hindi, rate and unit, stock, the quantities it is sold in and Add To
 * Cart (the cart's add, as on a card), then what shoppers say of the shop. The server writes the
 * same product's title, description, Open Graph tags and JSON-LD into the page's head for search
 * engines and link previews; this page keeps document.title in step.
 */

import { unitOrDefault } from '@mandi/shared/kernel';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { StarRating } from '../../../components/ui/star-rating';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import {
  devanagariAlias,
  formatInUnit,
  loadingTexts,
  type Translate,
  titleTexts,
  useLanguage,
  useT,
} from '../../../lib/i18n';
import { useShop } from '../../../lib/shop/shop';
import { deliverySentence, paymentSentence, shopNameIn, useDeliveryTerms } from '../../../lib/shop/storefront';
import { storefrontTexts as y } from '../../../lib/shop/storefront.texts';
import { sizedImage } from '../../../lib/sized-image';
import { type Product, type Review, weightOptionsOf } from '../../../lib/types';
import { useCart } from '../../cart';
import { useHomeReviews } from '../api/get-home-reviews';
import { isMissingProduct, useProduct } from '../api/get-product';
import { catalogTexts } from '../catalog.texts';
import { categoryNameIn } from '../category-name';
import { addToCart } from '../components/product-card';
import { productPageTexts as x } from '../product-page.texts';
import { defaultQuantity } from '../products-filter';
import { ratePerUnit } from '../rate-per-kg';

/** Reviews shown under the product: the newest few, with a link to all of them. */
const REVIEWS_SHOWN = 3;

const linkClass =
  'font-semibold text-green-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700';

/** The product's name with its Hindi name, as the server writes the page's title. */
function titleName(product: Product): string {
  const hindi = devanagariAlias(product.aliases);
  return hindi ? `${product.name} (${hindi})` : product.name;
}

export default function ProductPage() {
  const { productId = '' } = useParams();
  const t = useT();
  const language = useLanguage();
  const shop = useShop();
  const product = useProduct(productId);
  const isMissing = product.isError && isMissingProduct(product.error);

  // The server wrote the first title; later products (and languages) are written here.
  const title = product.data
    ? t(x.pageTitle, {
        name: titleName(product.data),
        rate: ratePerUnit(product.data.rate, unitOrDefault(product.data.unit)),
        shop: shopNameIn(shop?.name ?? 'Mandi', language),
      })
    : isMissing
      ? t(titleTexts.notFound)
      : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (product.isPending) return <LoaderOverlay text={loadingTexts.loading} />;
  if (isMissing) return <MissingProduct />;
  if (!product.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{t(x.loadFailed)}</h1>
        <p className="mt-3 text-stone-700" role="alert">
          {errorMessages(product.error).join(' ')}
        </p>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 pb-12 sm:px-6 sm:pt-6">
      <Breadcrumbs product={product.data} />
      <ProductDetails product={product.data} />
      <ShopReviews />
    </div>
  );
}

function Breadcrumbs({ product }: { product: Product }) {
  const t = useT();
  const language = useLanguage();
  const { category } = product;
  return (
    <nav aria-label={t(x.breadcrumbs)} className="mb-4 text-sm sm:mb-6">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-600">
        <li>
          <Link to={paths.home()} className={linkClass}>
            {t(x.home)}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li>
          <Link to={paths.products()} className={linkClass}>
            {t(x.products)}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li>
          <Link to={paths.productsInCategory(category._id, category.categoryName)} className={linkClass}>
            {categoryNameIn(category, language)}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="min-w-0 break-words text-stone-800">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const t = useT();
  const unit = unitOrDefault(product.unit);
  const hindi = devanagariAlias(product.aliases);
  const isOutOfStock = product.stocks <= 0;
  const headingId = useId();
  const shop = useShop();
  const isLive = shop?.demo === false;
  const terms = useDeliveryTerms(isLive);
  // The demo's promises are the spec's; a real shop's are what its settings make true (decision 0056).
  const promises = isLive
    ? [t(y.weighedTitle), terms ? deliverySentence(terms, t) : null, paymentSentence(shop, t)].filter(
        (promise): promise is string => promise !== null,
      )
    : [x.promiseFresh, x.promiseDelivery, x.promiseCash].map((promise) => t(promise));

  return (
    <article aria-labelledby={headingId} className="grid gap-6 md:grid-cols-2 md:gap-10">
      <div className="card flex aspect-square items-center justify-center overflow-hidden bg-gradient-to-br from-green-50 via-lime-50 to-amber-50 p-8 sm:p-12 md:sticky md:top-24 md:self-start">
        <img
          {...sizedImage(product.url, '(min-width: 1152px) 500px, (min-width: 768px) 45vw, 90vw')}
          alt={product.name}
          width={512}
          height={512}
          fetchPriority="high"
          decoding="async"
          className="h-full w-full object-contain drop-shadow-md"
        />
      </div>
      <div className="flex min-w-0 flex-col gap-5">
        <div>
          <h1
            id={headingId}
            className="text-3xl leading-tight font-extrabold tracking-tight text-stone-900 sm:text-4xl"
          >
            {product.name}
          </h1>
          {hindi && (
            <p lang="hi" className="mt-1 text-xl font-medium text-stone-600">
              {hindi}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-2xl font-bold text-green-800">{ratePerUnit(product.rate, unit)}</p>
          <p
            className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${
              isOutOfStock ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-green-50 text-green-800 ring-green-200'
            }`}
          >
            {isOutOfStock ? t(catalogTexts.outOfStock) : t(x.inStock)}
          </p>
        </div>
        {isOutOfStock ? (
          <p className="rounded-xl bg-stone-100 px-4 py-3 text-stone-700">{t(x.outOfStockNote)}</p>
        ) : (
          <AddToCart product={product} t={t} />
        )}
        <ul className="grid gap-2 border-t border-stone-200 pt-5 text-sm text-stone-700">
          {promises.map((promise) => (
            <li key={promise} className="flex items-center gap-2">
              <span aria-hidden="true" className="text-green-700">
                ✓
              </span>
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** The quantities as a radio group (arrow keys move, as the browser does for radios), then Add To Cart. */
function AddToCart({ product, t }: { product: Product; t: Translate }) {
  const unit = unitOrDefault(product.unit);
  const options = weightOptionsOf(product);
  const [quantity, setQuantity] = useState(() => defaultQuantity(options));
  const [isAdding, setIsAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isAdded, setIsAdded] = useState(false);
  const { items } = useCart();
  const { user } = useSession();
  const inCart = items.find((item) => item.id === product._id)?.quantity;
  const name = useId();

  async function handleAdd() {
    if (quantity === undefined) return;
    setIsAdding(true);
    setError(null);
    setIsAdded(false);
    try {
      await addToCart(product._id, quantity, product);
      setIsAdded(true);
    } catch (caught) {
      setError(errorMessages(caught).join(' '));
    } finally {
      setIsAdding(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-800">{t(x.chooseQuantity)}</legend>
        <div className="flex flex-wrap gap-2">
          {options.map((option) => (
            <label
              key={option}
              className="cursor-pointer rounded-xl border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 transition hover:border-green-600 has-[:checked]:border-green-700 has-[:checked]:bg-green-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-700"
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={quantity === option}
                onChange={() => setQuantity(option)}
                className="sr-only"
              />
              {formatInUnit(option, unit)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button
          type="button"
          className="btn-primary w-full py-3 text-lg sm:w-auto sm:px-10"
          onClick={handleAdd}
          disabled={isAdding || quantity === undefined}
        >
          {isAdding ? t(catalogTexts.adding) : t(catalogTexts.addToCart)}
        </button>
        {/* A standing order of this product at the chosen quantity: a shopper's, so only when logged in. */}
        {user && (
          <Link
            to={paths.newSubscription(product._id, quantity)}
            className="btn-secondary w-full py-3 text-lg sm:w-auto sm:px-8"
            aria-label={t(x.everyDayOf, { name: product.name })}
          >
            {t(x.everyDay)}
          </Link>
        )}
      </div>
      <div role="status" className="text-sm">
        {isAdded && (
          <p className="font-semibold text-green-800">
            {t(x.added)}{' '}
            <Link to={paths.checkout()} className={linkClass}>
              {t(x.viewCart)}
            </Link>
          </p>
        )}
        {!isAdded && inCart !== undefined && (
          <p className="text-stone-700">{t(x.inCart, { quantity: formatInUnit(inCart, unit) })}</p>
        )}
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What shoppers say of the shop (the reviews are of the shop, not of one product). */
function ShopReviews() {
  const t = useT();
  const reviews = useHomeReviews();
  const shown: Review[] = (reviews.data ?? []).slice(0, REVIEWS_SHOWN);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-stone-200 pt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-stone-900">
            {t(x.reviewsTitle)}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t(x.reviewsNote)}</p>
        </div>
        <div className="flex gap-4 text-sm">
          <Link to={paths.reviews()} className={linkClass}>
            {t(x.allReviews)}
          </Link>
          <Link to={paths.addReview()} className={linkClass}>
            {t(x.writeReview)}
          </Link>
        </div>
      </div>
      {reviews.isSuccess && shown.length === 0 && <p className="mt-4 text-stone-700">{t(x.noReviews)}</p>}
      {shown.length > 0 && (
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {shown.map((review) => (
            <li key={review._id} className="card flex flex-col gap-3 p-5">
              <StarRating value={review.ratings} />
              <p className="flex-1 leading-relaxed break-words text-stone-700">“{review.comment}”</p>
              <p className="text-sm font-semibold text-stone-900">
                {review.user.firstName} {review.user.lastName}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MissingProduct() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <img src="/images/carrot.svg" alt="" width={96} height={96} className="h-24 w-24 -rotate-12" />
      <h1 className="text-3xl font-bold text-stone-900">{t(x.missingTitle)}</h1>
      <p className="text-stone-700">{t(x.missingNote)}</p>
      <Link to={paths.products()} className="btn-primary">
        {t(x.browseProducts)}
      </Link>
    </section>
  );
}

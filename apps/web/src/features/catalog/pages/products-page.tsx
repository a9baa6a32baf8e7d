/**
 * Products (docs/product.md#shopper-screens): all products, a keyword search, or one category, with the Filter panel.
 * The view remounts on every route change, so a new listing always starts with a fresh filter.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { loadingTexts, specTexts, titleTexts, useLanguage, useT } from '../../../lib/i18n';
import type { Product } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSlicedList } from '../../../lib/use-sliced-list';
import { useCart } from '../../cart';
import { useCategories } from '../api/get-categories';
import { useProducts } from '../api/get-products';
import { catalogTexts as x } from '../catalog.texts';
import { categoryNameIn } from '../category-name';
import { DidYouMean } from '../components/did-you-mean';
import { FilterPanel } from '../components/filter-panel';
import { ProductCard } from '../components/product-card';
import {
  buildFilterQuery,
  EMPTY_SELECTION,
  type FilterSelection,
  headingLabel,
  type ProductListQuery,
  type ProductsRoute,
  routeQuery,
} from '../products-filter';

/** Cards in the first rows load eagerly; the rest wait until they scroll near the screen. */
const EAGER_IMAGES = 4;
/**
 * The grid renders a phone's first screen of cards (two rows of two), then four more per task
 * (see useSlicedList): each task stays short enough not to block a tap. The cards are laid out as
 * they come; `content-visibility: auto` on them made the browser lay the off-screen ones out again
 * one by one in a single long task when they were first checked against the screen.
 */
const FIRST_CARDS = 4;
const CARDS_PER_SLICE = 2;
const EMPTY_LIST: Product[] = [];

export default function ProductsPage() {
  usePageTitle(titleTexts.products);
  const location = useLocation();
  return <ProductsView key={`${location.pathname}${location.search}`} />;
}

function ProductsView() {
  const params = useParams();
  const t = useT();
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const route: ProductsRoute = {
    keyword: params.keyword,
    pathCategoryId: params.categoryId,
    queryCategoryId: searchParams.get('categoryId'),
    queryCategoryName: searchParams.get('categoryName'),
  };
  const hasRouteFilter = Boolean(route.keyword || route.pathCategoryId || route.queryCategoryId);

  const [appliedQuery, setAppliedQuery] = useState<ProductListQuery | null>(null);
  const [selection, setSelection] = useState<FilterSelection>(EMPTY_SELECTION);
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const filterMessage = useTimedMessage();

  const categories = useCategories();
  const products = useProducts(appliedQuery ?? routeQuery(route));
  const { items: cartItems } = useCart();

  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category._id, category.categoryName])),
    [categories.data],
  );
  /** With Hindi on, the categories' Hindi names, where the shop gave one. */
  const hindiNames = useMemo(
    () =>
      new Map(
        (categories.data ?? []).flatMap((category) => {
          const name = categoryNameIn(category, language);
          return name === category.categoryName ? [] : [[category._id, name] as const];
        }),
      ),
    [categories.data, language],
  );
  const quantityInCart = useMemo(() => new Map(cartItems.map((item) => [item.id, item.quantity])), [cartItems]);
  const isFilterApplied = appliedQuery !== null;

  function applyFilter() {
    const result = buildFilterQuery(selection);
    if (!result.ok) {
      filterMessage.show(t(result.message));
      return;
    }
    filterMessage.clear();
    setAppliedQuery(result.query);
    setSelection(EMPTY_SELECTION);
  }

  function clearFilter() {
    setAppliedQuery(null);
    setSelection(EMPTY_SELECTION);
    filterMessage.clear();
    if (hasRouteFilter) navigate(paths.products());
    else void queryClient.invalidateQueries({ queryKey: ['products', 'list'] });
  }

  const loaded = products.data?.products ?? EMPTY_LIST;
  // The grid renders itself in slices (ProductGrid) and says when the whole list is on screen.
  const [renderedList, setRenderedList] = useState<readonly Product[]>(EMPTY_LIST);
  /** The answer is here but its cards are still being rendered: hold the space, say nothing yet. */
  const isRendering = renderedList !== loaded;
  const headingName = headingLabel(route, isFilterApplied, categoryNames, hindiNames);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      {products.isPending && <LoaderOverlay text={loadingTexts.loading} />}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm font-semibold tracking-wider text-amber-700 uppercase">{t(x.farmToDoorstep)}</p>
          <h1 className="page-heading">
            {t(x.freshCategory, { name: headingName === 'Products' ? t(x.productsWord) : headingName })}
          </h1>
          {route.keyword && !isFilterApplied && (
            <p className="mt-1 text-stone-600">
              {t(x.resultsFor)} <span className="font-semibold text-stone-900">“{route.keyword}”</span>
            </p>
          )}
        </div>
        {products.isSuccess && !isRendering && loaded.length > 0 && (
          <p className="text-sm text-stone-600">
            {t(products.data.productsDocCount === 1 ? x.productCountOne : x.productCountMany, {
              count: products.data.productsDocCount,
            })}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-6">
        <FilterPanel
          isOpen={isFilterOpen}
          onToggle={() => setIsFilterOpen((open) => !open)}
          categories={categories.data ?? []}
          selection={selection}
          onSelectionChange={setSelection}
          onApply={applyFilter}
          onClear={clearFilter}
          isFilterApplied={isFilterApplied}
          message={filterMessage.message}
        />
        {/* Space held while the list loads, so the footer does not jump (layout shift) when it arrives. */}
        <section
          aria-label={t(x.productsRegion)}
          className={products.isPending || isRendering ? 'min-h-screen' : undefined}
        >
          {products.isError && (
            <p className="card p-8 text-center text-lg font-semibold text-red-700" role="alert">
              {t(specTexts.productsError)}
            </p>
          )}
          {products.isSuccess && !isRendering && loaded.length === 0 && (
            <div className="card flex flex-col items-center gap-3 p-10 text-center">
              <img src="/images/basket.svg" alt="" width={56} height={56} className="h-14 w-14" />
              <p className="text-lg font-semibold text-stone-800">{t(specTexts.productsEmpty)}</p>
              {route.keyword && !isFilterApplied && <DidYouMean keyword={route.keyword} />}
            </div>
          )}
          <ProductGrid products={loaded} quantityInCart={quantityInCart} onRendered={setRenderedList} />
        </section>
      </div>
    </div>
  );
}

/**
 * The cards, rendered a slice per task. The slices' state lives here, not in the page, so each
 * slice renders the grid alone (and, as cards are memoised, only its new cards) rather than the
 * page with its filter panel again; the page hears once, when the whole list is on screen.
 */
function ProductGrid({
  products,
  quantityInCart,
  onRendered,
}: {
  products: readonly Product[];
  quantityInCart: ReadonlyMap<string, number>;
  onRendered: (list: readonly Product[]) => void;
}) {
  const list = useSlicedList(products, FIRST_CARDS, CARDS_PER_SLICE);
  useEffect(() => {
    if (list === products) onRendered(products);
  }, [list, products, onRendered]);
  if (list.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
      {list.map((product, index) => (
        <li key={product._id} className="flex">
          <ProductCard
            product={product}
            quantityInCart={quantityInCart.get(product._id)}
            isAboveFold={index < EAGER_IMAGES}
          />
        </li>
      ))}
    </ul>
  );
}

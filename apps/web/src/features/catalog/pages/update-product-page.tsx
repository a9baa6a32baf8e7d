/**
 * Update Product (docs/product.md#admin-screens): prefilled from the values the products table passes along, or read
 * from the server when the page is opened directly. The image is optional.
 */
import { MAX_QUANTITY_OPTIONS } from '@mandi/shared/kernel';
import { useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages, serverText } from '../../../lib/api-client';
import { loadingTexts, specTexts, titleTexts, translate, useT } from '../../../lib/i18n';
import { type Product, weightOptionsOf } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { taxFieldValuesOf } from '../../billing';
import { type ProductFormValues, useAdminProduct, useUpdateProduct } from '../api/admin-products';
import { useCategories } from '../api/get-categories';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import { ProductForm } from '../components/product-form';
import { ProductLabels } from '../components/product-labels';

/** The product passed by the products table's edit link. */
export interface UpdateProductState {
  product?: Product;
  /** The products table's `?q=&page=…`, so "All products" leads back to the same page. */
  listSearch?: string;
}

function formValuesOf(product: Product): ProductFormValues {
  const unit = product.unit ?? 'kg';
  // 0.5 kg is pre-checked (docs/product.md#admin-screens) alongside a kg product's own weights,
  // while there is room for it; other units offer only their own quantities.
  const own = weightOptionsOf(product).map(String);
  const weights = new Set(unit === 'kg' && own.length < MAX_QUANTITY_OPTIONS ? ['0.5', ...own] : own);
  return {
    unit,
    name: product.name,
    aliases: (product.aliases ?? []).join(', '),
    rate: String(product.rate),
    stocks: String(product.stocks),
    category: product.category._id,
    kilogramOption: [...weights].sort((a, b) => Number(a) - Number(b)),
    ...taxFieldValuesOf(product),
    plu: 'plu' in product && typeof product.plu === 'number' ? String(product.plu) : '',
    image: null,
  };
}

export default function UpdateProductPage() {
  const t = useT();
  usePageTitle(titleTexts.adminUpdateProduct);
  const { productId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as UpdateProductState | null)?.product;
  const fromState = passed && passed._id === productId ? passed : undefined;
  const fetched = useAdminProduct(productId, { enabled: !fromState });
  // Keep showing the last product while it is read again after a save, so the form and its
  // success message stay on screen instead of flashing back to a loader.
  const lastShown = useRef<Product | undefined>(undefined);
  const product = fromState ?? fetched.data ?? lastShown.current;
  lastShown.current = product;
  const categories = useCategories();
  const updateProduct = useUpdateProduct(productId);
  const errors = useTimedMessage<string[]>();
  const success = useTimedMessage();

  const listSearch = (location.state as UpdateProductState | null)?.listSearch ?? '';
  const back = { to: `${paths.admin.products()}${listSearch}`, label: t(x.allProducts2) };
  if (!product) {
    return (
      <section>
        <AdminPageHeader title={t(x.updateProduct)} back={back} />
        {fetched.isError ? (
          <ErrorBlock messages={errorMessages(fetched.error)} />
        ) : (
          <LoaderOverlay text={loadingTexts.loading} />
        )}
      </section>
    );
  }

  return (
    <section>
      <AdminPageHeader title={t(x.updateProduct)} back={back} />
      {updateProduct.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      {categories.isError && <ErrorBlock messages={errorMessages(categories.error)} />}
      <ProductForm
        key={product._id}
        initial={formValuesOf(product)}
        categories={categories.data ?? []}
        submitLabel={t(x.updateProduct)}
        isSubmitting={updateProduct.isPending}
        imageRequired={false}
        currentImageUrl={product.url}
        onMissingCategory={() => window.alert(translate(specTexts.categoryMissing))}
        onSubmit={(values) => {
          errors.clear();
          success.clear();
          updateProduct.mutate(values, {
            onSuccess: (data) => {
              success.show(t(serverText(data)));
              // The passed values are out of date now (and history keeps them across a reload):
              // drop them, so the form shows what the server saved (the way back to the table stays).
              if (fromState) {
                navigate(location.pathname, {
                  replace: true,
                  state: listSearch ? ({ listSearch } satisfies UpdateProductState) : null,
                });
              }
            },
            onError: (error) => errors.show(errorMessages(error)),
          });
        }}
      >
        <ErrorBlock messages={errors.message} />
        <SuccessLine message={success.message} />
      </ProductForm>
      <ProductLabels
        productId={product._id}
        unit={product.unit ?? 'kg'}
        plu={'plu' in product && typeof product.plu === 'number' ? product.plu : null}
      />
    </section>
  );
}

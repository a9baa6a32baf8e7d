/**
 * Add Product (docs/product.md#admin-screens): a missing category shows 'Category:Select
 * Category..!!' for 5 s and sends nothing; the picture is required while the shop is the demo and
 * optional for a real shop (decision 0057).
 */
import { useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { useKnownShop } from '../../../lib/shop/shop';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddProduct } from '../api/admin-products';
import { useCategories } from '../api/get-categories';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import { EMPTY_PRODUCT, ProductForm } from '../components/product-form';

export default function AddProductPage() {
  const t = useT();
  usePageTitle(titleTexts.adminAddProduct);
  const categories = useCategories();
  const addProduct = useAddProduct();
  // The page's own profile, asked of no one: until it is known the spec's rule holds, as for the demo.
  const isRealShop = useKnownShop()?.demo === false;
  const errors = useTimedMessage<string[]>();
  const success = useTimedMessage();
  const [resetKey, setResetKey] = useState(0);

  return (
    <section>
      <AdminPageHeader title={t(x.addProduct)} back={{ to: paths.admin.productsMenu(), label: t(x.productsMenu) }} />
      {addProduct.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      {categories.isError && <ErrorBlock messages={errorMessages(categories.error)} />}
      <ProductForm
        resetKey={resetKey}
        initial={EMPTY_PRODUCT}
        categories={categories.data ?? []}
        submitLabel={t(x.addProduct)}
        isSubmitting={addProduct.isPending}
        imageRequired={!isRealShop}
        onMissingCategory={() => {
          success.clear();
          errors.show([t(specTexts.categoryMissing)]);
        }}
        onSubmit={(values) => {
          errors.clear();
          success.clear();
          addProduct.mutate(values, {
            onSuccess: () => {
              success.show(t(specTexts.productAdded));
              setResetKey((key) => key + 1);
            },
            onError: (error) => errors.show(errorMessages(error)),
          });
        }}
      >
        <ErrorBlock messages={errors.message} />
        <SuccessLine message={success.message} />
      </ProductForm>
    </section>
  );
}

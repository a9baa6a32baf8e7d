/**
 * Add Category (docs/product.md#admin-screens): name and image both required while the shop is the
 * demo (a real shop may add it without a picture, decision 0057), a Hindi name if the owner gives
 * one; 'Category Added..!!' on success.
 */
import { FormMessages, useActionMessages } from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { paths } from '../../../config/paths';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { useKnownShop } from '../../../lib/shop/shop';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddCategory } from '../api/admin-categories';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import { CategoryForm } from '../components/category-form';

export default function AddCategoryPage() {
  const t = useT();
  usePageTitle(titleTexts.adminAddCategory);
  const addCategory = useAddCategory();
  // The page's own profile, asked of no one: until it is known the spec's rule holds, as for the demo.
  const isRealShop = useKnownShop()?.demo === false;
  const { success, errors, submit } = useActionMessages();

  return (
    <section>
      <AdminPageHeader title={t(x.addCategory)} back={{ to: paths.admin.productsMenu(), label: t(x.productsMenu) }} />
      {addCategory.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      <CategoryForm
        isAdd
        imageRequired={!isRealShop}
        submitLabel={t(x.addCategory)}
        isSubmitting={addCategory.isPending}
        onSubmit={(values) =>
          submit(async () => {
            await addCategory.mutateAsync(values);
            return t(specTexts.categoryAdded);
          })
        }
      >
        <FormMessages success={success} errors={errors} />
      </CategoryForm>
    </section>
  );
}

/** Add Category (docs/product.md#admin-screens): name and image both required; 'Category Added..!!' on success. */
import { FormMessages, useActionMessages } from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { paths } from '../../../config/paths';
import { loadingTexts, specTexts, titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminTexts as x } from '../admin.texts';
import { useAddCategory } from '../api/categories';
import { CategoryForm } from '../components/category-form';

export default function AddCategoryPage() {
  const t = useT();
  usePageTitle(titleTexts.adminAddCategory);
  const addCategory = useAddCategory();
  const { success, errors, submit } = useActionMessages();

  return (
    <section>
      <AdminPageHeader title={t(x.addCategory)} back={{ to: paths.admin.productsMenu(), label: t(x.productsMenu) }} />
      {addCategory.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      <CategoryForm
        imageRequired
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

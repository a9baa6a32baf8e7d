/** Add Category (docs/product.md#admin-screens): name and image both required; 'Category Added..!!' on success. */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddCategory } from '../api/categories';
import { FormMessages, useActionMessages } from '../components/action-messages';
import { AdminPageHeader } from '../components/admin-page-header';
import { CategoryForm } from '../components/category-form';

export default function AddCategoryPage() {
  usePageTitle(PAGE_TITLES.adminAddCategory);
  const addCategory = useAddCategory();
  const { success, errors, submit } = useActionMessages();

  return (
    <section>
      <AdminPageHeader title="Add Category" back={{ to: paths.admin.productsMenu(), label: 'Products menu' }} />
      {addCategory.isPending && <LoaderOverlay text={LOADING_TEXTS.processing} />}
      <CategoryForm
        imageRequired
        submitLabel="Add Category"
        isSubmitting={addCategory.isPending}
        onSubmit={(values) =>
          submit(async () => {
            await addCategory.mutateAsync(values);
            return MESSAGES.categoryAdded;
          })
        }
      >
        <FormMessages success={success} errors={errors} />
      </CategoryForm>
    </section>
  );
}

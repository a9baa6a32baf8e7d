/** Add Category (spec 2.20): name and image both required; 'Category Added..!!' on success. */
import { LOADING_TEXTS, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { errorMessages } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddCategory } from '../api/categories';
import { AdminPageHeader } from '../components/admin-page-header';
import { CategoryForm } from '../components/category-form';
import { ErrorBlock, SuccessLine } from '../components/form-messages';

export default function AddCategoryPage() {
  usePageTitle(PAGE_TITLES.adminAddCategory);
  const addCategory = useAddCategory();
  const errors = useTimedMessage<string[]>();
  const success = useTimedMessage();

  return (
    <section>
      <AdminPageHeader title="Add Category" back={{ to: '/admin/products', label: 'Products menu' }} />
      {addCategory.isPending && <LoaderOverlay text={LOADING_TEXTS.processing} />}
      <CategoryForm
        imageRequired
        submitLabel="Add Category"
        isSubmitting={addCategory.isPending}
        onSubmit={async (values) => {
          errors.clear();
          success.clear();
          try {
            await addCategory.mutateAsync(values);
            success.show(MESSAGES.categoryAdded);
            return true;
          } catch (error) {
            errors.show(errorMessages(error));
            return false;
          }
        }}
      >
        <ErrorBlock messages={errors.message} />
        <SuccessLine message={success.message} />
      </CategoryForm>
    </section>
  );
}

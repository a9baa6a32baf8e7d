/** Update Category (docs/product.md#admin-screens): name required, its Hindi name, a new image only if one is chosen; shows the server message. */
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormMessages, useActionMessages } from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { paths } from '../../../config/paths';
import { errorMessages, serverText } from '../../../lib/api-client';
import { loadingTexts, titleTexts, useT } from '../../../lib/i18n';
import type { Category } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUpdateCategory } from '../api/admin-categories';
import { useCategories } from '../api/get-categories';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import { CategoryForm } from '../components/category-form';

/** The category passed by the category table's edit link. */
export interface UpdateCategoryState {
  category?: Category;
}

export default function UpdateCategoryPage() {
  const t = useT();
  usePageTitle(titleTexts.adminUpdateCategory);
  const { categoryId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as UpdateCategoryState | null)?.category;
  const categories = useCategories();
  const category =
    passed && passed._id === categoryId ? passed : categories.data?.find((one) => one._id === categoryId);
  const updateCategory = useUpdateCategory(categoryId);
  const { success, errors, submit } = useActionMessages();
  const back = { to: paths.admin.categories(), label: t(x.allCategories2) };

  if (!category) {
    return (
      <section>
        <AdminPageHeader title={t(x.updateCategory)} back={back} />
        {categories.isPending ? (
          <LoaderOverlay text={loadingTexts.loading} />
        ) : (
          <ErrorBlock messages={categories.isError ? errorMessages(categories.error) : [t(x.categoryNotFound)]} />
        )}
      </section>
    );
  }

  return (
    <section>
      <AdminPageHeader title={t(x.updateCategory)} back={back} />
      {updateCategory.isPending && <LoaderOverlay text={loadingTexts.processing} />}
      <CategoryForm
        key={category._id}
        initialName={category.categoryName}
        initialNameHi={category.categoryNameHi}
        currentImageUrl={category.categoryImage}
        imageRequired={false}
        submitLabel={t(x.updateCategory)}
        isSubmitting={updateCategory.isPending}
        onSubmit={async (values) => {
          const isSaved = await submit(async () => t(serverText(await updateCategory.mutateAsync(values))));
          // The passed values are out of date now (history keeps them across a reload).
          if (isSaved && location.state) navigate(location.pathname, { replace: true, state: null });
          return isSaved;
        }}
      >
        <FormMessages success={success} errors={errors} />
      </CategoryForm>
    </section>
  );
}

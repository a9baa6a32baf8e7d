/** All categories for the admin (spec 2.20): Id, Name, Image, edit and delete. */
import { LOADING_TEXTS, PAGE_TITLES } from '@mandi/shared';
import { Link } from 'react-router';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { errorMessages } from '../../../lib/api-client';
import type { Category } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCategories, useDeleteCategory } from '../api/categories';
import { AdminPageHeader } from '../components/admin-page-header';
import {
  AdminTable,
  cellClass,
  DeleteLabel,
  deleteButtonClass,
  EditLabel,
  editLinkClass,
  IdCell,
  RowActions,
  TableNotice,
  Thumbnail,
} from '../components/admin-table';
import { ErrorBlock, SuccessLine } from '../components/form-messages';
import type { UpdateCategoryState } from './update-category-page';

const HEADERS = ['Id', 'Name', 'Image', 'Actions'];

export default function CategoriesTablePage() {
  usePageTitle(PAGE_TITLES.adminCategoriesTable);
  const categories = useCategories();
  const deleteCategory = useDeleteCategory();
  const success = useTimedMessage();
  const errors = useTimedMessage<string[]>();

  const remove = (category: Category) => {
    if (!window.confirm(`Delete the category ${category.categoryName}?`)) return;
    success.clear();
    errors.clear();
    deleteCategory.mutate(category._id, {
      onSuccess: (data) => success.show(data.message),
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return (
    <section>
      <AdminPageHeader title="All Categories" back={{ to: '/admin/products', label: 'Products menu' }} />
      <div className="mb-4 flex flex-col gap-3">
        <SuccessLine message={success.message} />
        <ErrorBlock messages={errors.message} />
      </div>
      <AdminTable caption="All categories" headers={HEADERS}>
        {categories.isPending ? (
          <TableNotice columns={HEADERS.length}>{LOADING_TEXTS.loading}..!!</TableNotice>
        ) : categories.isError ? (
          <TableNotice columns={HEADERS.length}>
            <span className="error-text">{errorMessages(categories.error).join(' ')}</span>
          </TableNotice>
        ) : categories.data.length === 0 ? (
          <TableNotice columns={HEADERS.length}>No categories yet</TableNotice>
        ) : (
          categories.data.map((category) => (
            <tr key={category._id} className="hover:bg-stone-50">
              <IdCell id={category._id} />
              <td className={`${cellClass} font-semibold text-stone-900`}>{category.categoryName}</td>
              <td className={cellClass}>
                <Thumbnail src={category.categoryImage} alt={category.categoryName} />
              </td>
              <td className={cellClass}>
                <RowActions>
                  <Link
                    to={`/admin/update/category/${category._id}`}
                    state={{ category } satisfies UpdateCategoryState}
                    className={editLinkClass}
                    aria-label={`Edit ${category.categoryName}`}
                  >
                    <EditLabel />
                  </Link>
                  <button
                    type="button"
                    className={deleteButtonClass}
                    disabled={deleteCategory.isPending}
                    onClick={() => remove(category)}
                    aria-label={`Delete ${category.categoryName}`}
                  >
                    <DeleteLabel />
                  </button>
                </RowActions>
              </td>
            </tr>
          ))
        )}
      </AdminTable>
    </section>
  );
}

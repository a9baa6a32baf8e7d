/** All categories for the admin (spec 2.20): Id, Name, Image, edit and delete. */
import { LOADING_TEXTS, PAGE_TITLES } from '@mandi/shared';
import { errorMessages } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCategories, useDeleteCategory } from '../api/categories';
import { TableMessages, useConfirmedDelete } from '../components/action-messages';
import { AdminPageHeader } from '../components/admin-page-header';
import {
  AdminTable,
  cellClass,
  DeleteButton,
  EditLink,
  IdCell,
  RowActions,
  TableNotice,
  Thumbnail,
} from '../components/admin-table';
import type { UpdateCategoryState } from './update-category-page';

const HEADERS = ['Id', 'Name', 'Image', 'Actions'];

export default function CategoriesTablePage() {
  usePageTitle(PAGE_TITLES.adminCategoriesTable);
  const categories = useCategories();
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteCategory());

  return (
    <section>
      <AdminPageHeader title="All Categories" back={{ to: '/admin/products', label: 'Products menu' }} />
      <TableMessages success={success} errors={errors} />
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
                  <EditLink
                    to={`/admin/update/category/${category._id}`}
                    state={{ category } satisfies UpdateCategoryState}
                    name={category.categoryName}
                  />
                  <DeleteButton
                    name={category.categoryName}
                    disabled={isDeleting}
                    onClick={() => remove(category._id, `Delete the category ${category.categoryName}?`)}
                  />
                </RowActions>
              </td>
            </tr>
          ))
        )}
      </AdminTable>
    </section>
  );
}

/** All categories for the admin (docs/product.md#admin-screens): Id, Name, Image, edit and delete. */
import { TableMessages, useConfirmedDelete } from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import {
  AdminTable,
  cellClass,
  DeleteButton,
  EditLink,
  IdCell,
  QueryRows,
  RowActions,
  Thumbnail,
} from '../../../components/admin/admin-table';
import { paths } from '../../../config/paths';
import { titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDeleteCategory } from '../api/admin-categories';
import { useCategories } from '../api/get-categories';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import type { UpdateCategoryState } from './update-category-page';

const HEADERS = [x.id, x.name, x.image, x.actions];

export default function CategoriesTablePage() {
  const t = useT();
  usePageTitle(titleTexts.adminCategoriesTable);
  const categories = useCategories();
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteCategory());

  return (
    <section>
      <AdminPageHeader title={t(x.allCategories)} back={{ to: paths.admin.productsMenu(), label: t(x.productsMenu) }} />
      <TableMessages success={success} errors={errors} />
      <AdminTable caption={t(x.allCategories2)} headers={HEADERS}>
        <QueryRows query={categories} items={categories.data} columns={HEADERS.length} empty={t(x.noCategoriesYet)}>
          {(category) => (
            <tr key={category._id} className="hover:bg-stone-50">
              <IdCell id={category._id} />
              <td className={`${cellClass} font-semibold text-stone-900`}>{category.categoryName}</td>
              <td className={cellClass}>
                <Thumbnail src={category.categoryImage} alt={category.categoryName} />
              </td>
              <td className={cellClass}>
                <RowActions>
                  <EditLink
                    to={paths.admin.updateCategory(category._id)}
                    state={{ category } satisfies UpdateCategoryState}
                    name={category.categoryName}
                  />
                  <DeleteButton
                    name={category.categoryName}
                    disabled={isDeleting}
                    onClick={() => remove(category._id, t(x.deleteTheCategoryName, { name: category.categoryName }))}
                  />
                </RowActions>
              </td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
    </section>
  );
}

/** All products for the admin (docs/product.md#admin-screens): stock status, edit (values passed along) and delete. */
import { formatKg, formatRupees, MESSAGES, PAGE_TITLES } from '@mandi/shared';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminProducts, useDeleteProduct } from '../api/products';
import { TableMessages, useConfirmedDelete } from '../components/action-messages';
import { AdminPageHeader } from '../components/admin-page-header';
import {
  AdminTable,
  cellClass,
  DeleteButton,
  EditLink,
  IdCell,
  QueryRows,
  RowActions,
  Thumbnail,
} from '../components/admin-table';
import type { UpdateProductState } from './update-product-page';

const HEADERS = ['Id', 'Name', 'Image', 'Rate', 'Category', 'Stock', 'Status', 'Actions'];

export function StockStatus({ stocks }: { stocks: number }) {
  return stocks <= 0 ? (
    <span className="rounded-full bg-red-50 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-red-700">
      Out Of Stock
    </span>
  ) : (
    <span className="rounded-full bg-green-50 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-green-800">
      In Stock
    </span>
  );
}

export default function ProductsTablePage() {
  usePageTitle(PAGE_TITLES.adminProductsTable);
  const products = useAdminProducts();
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteProduct(), MESSAGES.productDeleted);

  return (
    <section>
      <AdminPageHeader title="All Products" back={{ to: paths.admin.productsMenu(), label: 'Products menu' }} />
      <TableMessages success={success} errors={errors} />
      <AdminTable caption="All products" headers={HEADERS}>
        <QueryRows query={products} items={products.data} columns={HEADERS.length} empty={MESSAGES.productsEmpty}>
          {(product) => (
            <tr key={product._id} className="hover:bg-stone-50">
              <IdCell id={product._id} />
              <td className={`${cellClass} font-semibold text-stone-900`}>{product.name}</td>
              <td className={cellClass}>
                <Thumbnail src={product.url} alt={product.name} />
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatRupees(product.rate)}/Kg</td>
              <td className={cellClass}>{product.category.categoryName}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatKg(product.stocks)}</td>
              <td className={cellClass}>
                <StockStatus stocks={product.stocks} />
              </td>
              <td className={cellClass}>
                <RowActions>
                  <EditLink
                    to={paths.admin.updateProduct(product._id)}
                    state={{ product } satisfies UpdateProductState}
                    name={product.name}
                  />
                  <DeleteButton
                    name={product.name}
                    disabled={isDeleting}
                    onClick={() => remove(product._id, `Delete ${product.name}?`)}
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

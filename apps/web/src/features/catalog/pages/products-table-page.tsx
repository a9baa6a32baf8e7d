/**
 * All products for the admin (docs/product.md#admin-screens): stock status, edit (values passed along) and delete;
 * 50 a page, searched by name and sorted by a column on the server (`?q=&page=&sort=&order=`), so 10,000 products open fast.
 * The demo keeps the spec's columns, Id first; a real shop's table opens on the name, its Id column before the actions,
 * cut short, with a Copy button for the whole id (decision 0056).
 */
import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@mandi/shared';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { TableMessages, useConfirmedDelete } from '../../../components/admin/action-messages';
import { ListPages, SearchBox, useListParams, useStepBackWhenEmpty } from '../../../components/admin/admin-list';
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
import { formatInUnit, formatRupees, specTexts, titleTexts, unitName, useT } from '../../../lib/i18n';
import { useKnownShop } from '../../../lib/shop/shop';
import { usePageTitle } from '../../../lib/use-page-title';
import { BILLING_TEXTS, billingTexts } from '../../billing';
import { CostRateNote, WriteOffButton } from '../../purchases';
import { ADMIN_PRODUCTS_PAGE_SIZE, useAdminProducts, useDeleteProduct } from '../api/admin-products';
import { catalogAdminTexts as x } from '../catalog-admin.texts';
import type { UpdateProductState } from './update-product-page';

/** The spec's columns, Id first: the demo shop's table (decision 0056). */
const SPEC_HEADERS = [x.id, x.name, x.image, x.rate, billingTexts.gstColumn, x.category, x.stock, x.status, x.actions];
/** A real shop's table opens on the name; the id comes before the actions, with a Copy button. */
const SHOP_HEADERS = [x.name, x.image, x.rate, billingTexts.gstColumn, x.category, x.stock, x.status, x.id, x.actions];
/** Status follows stock, so both sort by stock. */
const SORT_COLUMNS: Partial<Record<string, AdminProductSort>> = {
  Name: 'name',
  Rate: 'rate',
  Category: 'category',
  Stock: 'stock',
  Status: 'stock',
};

export function StockStatus({ stocks }: { stocks: number }) {
  const t = useT();
  return stocks <= 0 ? (
    <span className="rounded-full bg-red-50 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-red-700">
      {t(x.outOfStock)}
    </span>
  ) : (
    <span className="rounded-full bg-green-50 px-2.5 py-1 text-xs font-bold whitespace-nowrap text-green-800">
      {t(x.inStock)}
    </span>
  );
}

export default function ProductsTablePage() {
  const t = useT();
  const isLive = useKnownShop()?.demo === false;
  const headers = isLive ? SHOP_HEADERS : SPEC_HEADERS;
  usePageTitle(titleTexts.adminProductsTable);
  const location = useLocation();
  const list = useListParams(ADMIN_PRODUCT_SORTS);
  const { params } = list;
  const products = useAdminProducts(params);
  useStepBackWhenEmpty(products.data, products.isPlaceholderData, params.page, ADMIN_PRODUCTS_PAGE_SIZE, list.pageHref);
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteProduct(), t(specTexts.productDeleted));
  const sectionRef = useRef<HTMLElement>(null);
  // A new page starts at its top row, not where the links at the bottom left the window.
  const showTop = () => sectionRef.current?.scrollIntoView?.({ block: 'start' });

  return (
    <section ref={sectionRef}>
      <AdminPageHeader title={t(x.allProducts)} back={{ to: paths.admin.productsMenu(), label: t(x.productsMenu) }} />
      <TableMessages success={success} errors={errors} />
      <SearchBox label={t(x.searchProductsByName)} value={params.q} onSearch={list.setSearch} />
      <AdminTable
        caption={t(x.allProducts2)}
        headers={headers}
        sorting={{ columns: SORT_COLUMNS, sort: params.sort, order: params.order, onSort: list.toggleSort }}
      >
        <QueryRows
          query={products}
          items={products.data?.items}
          columns={headers.length}
          empty={params.q ? t(x.noProductsMatchQ, { q: params.q }) : t(specTexts.productsEmpty)}
        >
          {(product) => (
            <tr key={product._id} className="hover:bg-stone-50">
              {!isLive && <IdCell id={product._id} />}
              <td className={`${cellClass} font-semibold text-stone-900`}>{product.name}</td>
              <td className={cellClass}>
                <Thumbnail src={product.url} alt={product.name} />
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {formatRupees(product.rate)}
                {t(x.perUnit, { unit: unitName(product.unit) })}
                <CostRateNote costRate={product.costRate} unit={product.unit} />
              </td>
              <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                {typeof product.gstRate === 'number' ? BILLING_TEXTS.gstCell(product.gstRate) : '—'}
              </td>
              <td className={cellClass}>{product.category.categoryName}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatInUnit(product.stocks, product.unit)}</td>
              <td className={cellClass}>
                <StockStatus stocks={product.stocks} />
              </td>
              {isLive && <IdCell id={product._id} name={product.name} />}
              <td className={cellClass}>
                <RowActions>
                  <EditLink
                    to={paths.admin.updateProduct(product._id)}
                    state={{ product, listSearch: location.search } satisfies UpdateProductState}
                    name={product.name}
                  />
                  <WriteOffButton product={product} onDone={success.show} />
                  <DeleteButton
                    name={product.name}
                    disabled={isDeleting}
                    onClick={() => remove(product._id, t(x.deleteName, { name: product.name }))}
                  />
                </RowActions>
              </td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
      {products.data && (
        <ListPages
          noun={t(x.products)}
          page={products.data.page}
          total={products.data.total}
          pageSize={ADMIN_PRODUCTS_PAGE_SIZE}
          pageHref={list.pageHref}
          onTurn={showTop}
        />
      )}
    </section>
  );
}

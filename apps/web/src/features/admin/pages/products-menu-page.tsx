/** The Products menu (docs/product.md#admin-screens): add product, view products, add category, view category. */
import { PAGE_TITLES } from '@mandi/shared';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FolderIcon, FolderPlusIcon, ListIcon, PlusIcon } from '../../../components/ui/icons/admin-icons';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminTexts as x } from '../admin.texts';

const LINKS = [
  { to: paths.admin.addProduct(), label: 'Add Product', hint: 'Put a new item on sale', Icon: PlusIcon },
  { to: paths.admin.products(), label: 'View Products', hint: 'Prices, stock, edit and delete', Icon: ListIcon },
  { to: paths.admin.addCategory(), label: 'Add Category', hint: 'A new shelf for the shop', Icon: FolderPlusIcon },
  { to: paths.admin.categories(), label: 'View Category', hint: 'Rename, new picture, delete', Icon: FolderIcon },
];

export default function ProductsMenuPage() {
  const t = useT();
  usePageTitle(PAGE_TITLES.adminProducts);
  return (
    <section>
      <AdminPageHeader title={t(x.products)} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="card flex items-center gap-4 p-5 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-green-300"
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-800">
                <link.Icon className="h-6 w-6" />
              </span>
              <span>
                <span className="block text-lg font-bold text-stone-900">{t(link.label)}</span>
                <span className="block text-sm text-stone-600">{t(link.hint)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

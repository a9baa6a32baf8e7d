/** The Products menu (docs/product.md#admin-screens): add product, view products, add category, view category. */
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FolderIcon, FolderPlusIcon, ListIcon, PlusIcon } from '../../../components/ui/icons/admin-icons';
import { paths } from '../../../config/paths';
import { titleTexts, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { catalogAdminTexts as x } from '../catalog-admin.texts';

const LINKS = [
  { to: paths.admin.addProduct(), label: x.addProduct, hint: x.putANewItemOn, Icon: PlusIcon },
  { to: paths.admin.products(), label: x.viewProducts, hint: x.pricesStockEditAndDelete, Icon: ListIcon },
  { to: paths.admin.addCategory(), label: x.addCategory, hint: x.aNewShelfForThe, Icon: FolderPlusIcon },
  { to: paths.admin.categories(), label: x.viewCategory, hint: x.renameNewPictureDelete, Icon: FolderIcon },
];

export default function ProductsMenuPage() {
  const t = useT();
  usePageTitle(titleTexts.adminProducts);
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

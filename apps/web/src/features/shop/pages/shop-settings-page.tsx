/** The admin's Shop settings (/admin/shop): the shop's profile, its licences, grievance officer, about text and policies. */
import { useQuery } from '@tanstack/react-query';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LoaderOverlay } from '../../../components/ui/loader-overlay';
import { errorMessages } from '../../../lib/api-client';
import { loadingTexts, useT } from '../../../lib/i18n';
import { shopQuery } from '../../../lib/shop/shop';
import { usePageTitle } from '../../../lib/use-page-title';
import { ShopSettingsForm } from '../components/shop-settings-form';
import { shopSettingsTexts as x } from '../shop-settings.texts';

export default function ShopSettingsPage() {
  const t = useT();
  usePageTitle(x.title);
  const shop = useQuery(shopQuery);
  return (
    <section>
      <AdminPageHeader title={t(x.title)} />
      <p className="mb-6 max-w-3xl text-stone-700">{t(x.intro)}</p>
      {shop.data ? (
        <ShopSettingsForm shop={shop.data} />
      ) : shop.isError ? (
        <ErrorBlock messages={errorMessages(shop.error)} />
      ) : (
        <LoaderOverlay text={loadingTexts.loading} />
      )}
    </section>
  );
}

/**
 * Where the app's layout shows "Your account has been deleted" (account-deleted-notice.tsx). The
 * notice and its texts load only on the page a deletion led to, not with every first page.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

const AccountDeletedNotice = lazy(() =>
  import('./account-deleted-notice').then((module) => ({ default: module.AccountDeletedNotice })),
);

export function AccountDeletedSlot() {
  const location = useLocation();
  if (!(location.state as { accountDeleted?: boolean } | null)?.accountDeleted) return null;
  return (
    <Suspense fallback={null}>
      <AccountDeletedNotice />
    </Suspense>
  );
}

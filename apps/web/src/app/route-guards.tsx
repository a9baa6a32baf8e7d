/** Route rules (docs/product.md#guards): user-only pages show the login screen to visitors; guest pages send users home. */
import { lazy, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoaderOverlay } from '../components/ui/loader-overlay';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth/session';
import { loadingTexts } from '../lib/i18n';

const LoginPage = lazy(() => import('../features/account/pages/login-page'));

export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoaderOverlay text={loadingTexts.loading} />;
  return user ? children : <LoginPage />;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoaderOverlay text={loadingTexts.loading} />;
  return user ? <Navigate to={paths.home()} replace /> : children;
}

/** /reset-password/{id}/{token}: the reset form for a visitor, the login screen for a logged-in user. */
export function VisitorOrLogin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoaderOverlay text={loadingTexts.loading} />;
  return user ? <LoginPage /> : children;
}

/** The account panel: login and sign-up links for a visitor; the account links and Log Out for a signed-in user. */
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { errorMessages } from '../../lib/api-client';
import { useSession } from '../../lib/auth/session';
import { useLogout } from '../../lib/auth/use-logout';
import { specTexts, translate, useT } from '../../lib/i18n';
import { shellTexts as x } from '../shell.texts';

export function UserMenu() {
  const { user, isAdmin } = useSession();
  const logout = useLogout();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const itemClass =
    'flex items-center rounded-lg px-3 py-2.5 font-medium text-stone-800 hover:bg-green-50 hover:text-green-800';

  async function logOut() {
    setError(null);
    try {
      await logout.mutateAsync();
    } catch (caught) {
      setError(errorMessages(caught).join(' '));
      return;
    }
    window.alert(translate(specTexts.logoutSuccess));
    window.location.reload();
  }

  if (!user) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <p className="text-sm text-stone-600">{t(x.visitorNote)}</p>
        <div className="grid grid-cols-2 gap-2">
          <Link to={paths.login()} className="btn-primary">
            {t(x.login)}
          </Link>
          <Link to={paths.signup()} className="btn-secondary">
            {t(x.signUp)}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col p-2">
      <p className="px-3 pt-2 pb-3 text-sm text-stone-600">
        {t(x.signedInAs)}{' '}
        <span className="font-semibold text-stone-900">
          {user.firstName} {user.lastName}
        </span>
      </p>
      <ul className="flex flex-col border-t border-stone-100 pt-2">
        {isAdmin && (
          <li>
            <Link to={paths.admin.home()} className={itemClass}>
              {t(x.dashboard)}
            </Link>
          </li>
        )}
        <li>
          <Link to={paths.myOrders()} className={itemClass}>
            {t(x.myOrders)}
          </Link>
        </li>
        <li>
          <Link to={paths.subscriptions()} className={itemClass}>
            {t(x.mySubscriptions)}
          </Link>
        </li>
        <li>
          <Link to={paths.addresses()} className={itemClass}>
            {t(x.addresses)}
          </Link>
        </li>
        <li>
          <Link to={paths.myLists()} className={itemClass}>
            {t(x.myLists)}
          </Link>
        </li>
        <li>
          <Link to={paths.notifications()} className={itemClass}>
            {t(x.notifications)}
          </Link>
        </li>
        <li>
          <Link to={paths.myKhata()} className={itemClass}>
            {t(x.myKhata)}
          </Link>
        </li>
        <li>
          <Link to={paths.complaints()} className={itemClass}>
            {t(x.complaints)}
          </Link>
        </li>
        <li>
          <Link to={paths.updatePassword()} className={itemClass}>
            {t(x.changePassword)}
          </Link>
        </li>
        <li>
          <Link to={paths.myData()} className={itemClass}>
            {t(x.myData)}
          </Link>
        </li>
        <li>
          <Link to={paths.addReview()} className={itemClass}>
            {t(x.addReviews)}
          </Link>
        </li>
        <li className="mt-1 border-t border-stone-100 pt-1">
          <button
            type="button"
            onClick={logOut}
            disabled={logout.isPending}
            className={`${itemClass} w-full text-left text-red-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-60`}
          >
            {t(x.logOut)}
          </button>
        </li>
      </ul>
      {error && (
        <p className="error-text px-3 pb-2" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

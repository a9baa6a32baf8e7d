/**
 * After an account is deleted (decision 0031): the browser forgets the session, and the home page
 * it goes to shows "Your account has been deleted" once, until closed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Popup } from '../../../components/ui/popup';
import { loggedUserQuery } from '../../../lib/auth/session';
import { useT } from '../../../lib/i18n';
import { personalDataTexts as x } from '../personal-data.texts';

/** Forgets the deleted user: no session, and none of their answers kept (addresses, orders). */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({
      type: 'inactive',
      predicate: (query) => query.queryKey[0] !== loggedUserQuery.queryKey[0],
    });
    queryClient.setQueryData(loggedUserQuery.queryKey, null);
    await queryClient.invalidateQueries({ queryKey: loggedUserQuery.queryKey });
  };
}

/** The notice, shown by the app's layout on the page the deletion led to. */
export function AccountDeletedNotice() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  if (!(location.state as { accountDeleted?: boolean } | null)?.accountDeleted) return null;
  const close = () => navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  return (
    <Popup title={x.deleted} onClose={close}>
      <button type="button" className="btn-primary" onClick={close}>
        {t(x.ok)}
      </button>
    </Popup>
  );
}

/**
 * Update User (docs/product.md#admin-screens): the user's name, email and role read-only (that one user is read from
 * the server), and a role select to change it; below, the shopper's Khata (open one, or its balance and limit).
 * "All users" leads back to the page of the table it came from.
 */
import { ROLES, type Role } from '@mandi/shared';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { SuccessLine } from '../../../components/admin/form-messages';
import { ErrorBlock } from '../../../components/ui/error-block';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { paths } from '../../../config/paths';
import { errorMessages, serverText } from '../../../lib/api-client';
import { loadingTexts, specTexts, titleTexts, translate, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { KhataPanel } from '../../khata';
import { useAdminUser, useUpdateUserRole } from '../api/admin-users';
import { ROLE_TEXTS, roleName } from '../components/role-badge';
import { usersAdminTexts as x } from '../users-admin.texts';

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} readOnly value={value} className="field-input bg-stone-100 text-stone-700" />
    </div>
  );
}

/** What the users table's edit link passes: its `?q=&page=…`, to return to the same page. */
export interface UpdateUserState {
  listSearch?: string;
}

export default function UpdateUserPage() {
  const t = useT();
  usePageTitle(titleTexts.adminUpdateUser);
  const { userId = '' } = useParams();
  const location = useLocation();
  const fetched = useAdminUser(userId);
  const updateRole = useUpdateUserRole(userId);
  const success = useTimedMessage();
  const errors = useTimedMessage<string[]>();
  const [role, setRole] = useState<Role | ''>('');
  const selectId = useId();
  const listSearch = (location.state as UpdateUserState | null)?.listSearch ?? '';
  const back = { to: `${paths.admin.users()}${listSearch}`, label: t(x.allUsers) };
  const user = fetched.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!role) {
      window.alert(translate(specTexts.roleEmpty));
      return;
    }
    success.clear();
    errors.clear();
    updateRole.mutate(role, {
      onSuccess: (data) => {
        success.show(t(serverText(data)));
        setRole('');
      },
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  if (fetched.isPending) {
    return (
      <section>
        <AdminPageHeader title={t(titleTexts.adminUpdateUser)} back={back} />
        <p role="status">{t(loadingTexts.loading)}..!!</p>
      </section>
    );
  }
  if (fetched.isError || !user) {
    return (
      <section>
        <AdminPageHeader title={t(titleTexts.adminUpdateUser)} back={back} />
        <ErrorBlock messages={fetched.isError ? errorMessages(fetched.error) : [t(x.userNotFound)]} />
      </section>
    );
  }

  return (
    <section>
      <AdminPageHeader title={t(titleTexts.adminUpdateUser)} back={back} />
      <div className="card max-w-xl p-6">
        {/* noValidate: an empty choice gets the 'Choose Role' alert rather than the browser's bubble. */}
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <ReadOnlyField label={t(x.name)} value={`${user.firstName} ${user.lastName}`} />
          <ReadOnlyField label={t(x.email)} value={user.email} />
          <ReadOnlyField label={t(x.currentRole)} value={roleName(user.role, t)} />
          <div>
            <label htmlFor={selectId} className="field-label">
              {t(x.role)}
            </label>
            <select
              id={selectId}
              name="UserRole"
              required
              value={role}
              onChange={(event) => setRole(event.target.value as Role | '')}
              className="field-input"
            >
              <option value="">{t(specTexts.roleEmpty)}</option>
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(ROLE_TEXTS[option])}
                </option>
              ))}
            </select>
          </div>
          <SuccessLine message={success.message} />
          <ErrorBlock messages={errors.message} />
          <button type="submit" className="btn-primary self-start" disabled={updateRole.isPending}>
            {t(x.updateRole)}
          </button>
        </form>
      </div>
      <div className="mt-6 max-w-xl">
        <KhataPanel userId={userId} name={`${user.firstName} ${user.lastName}`} />
      </div>
    </section>
  );
}

/** All users for the admin (spec 2.20): Id, first name, last name, email, role, edit and delete. */
import { LOADING_TEXTS, PAGE_TITLES } from '@mandi/shared';
import { Link } from 'react-router';
import { useTimedMessage } from '../../../components/ui/use-timed-message';
import { errorMessages } from '../../../lib/api-client';
import type { User } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminUsers, useDeleteUser } from '../../account/api/admin-users';
import { useSession } from '../../account/api/get-logged-user';
import { AdminPageHeader } from '../components/admin-page-header';
import {
  AdminTable,
  cellClass,
  deleteButtonClass,
  editLinkClass,
  RowActions,
  TableNotice,
} from '../components/admin-table';
import { ErrorBlock, SuccessLine } from '../components/form-messages';

const HEADERS = ['Id', 'First Name', 'Last Name', 'Email', 'Role', 'Actions'];

export function RoleBadge({ role }: { role: User['role'] }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        role === 'Admin' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'
      }`}
    >
      {role}
    </span>
  );
}

export default function UsersTablePage() {
  usePageTitle(PAGE_TITLES.adminUsersTable);
  const { user: me } = useSession();
  const users = useAdminUsers();
  const deleteUser = useDeleteUser();
  const success = useTimedMessage();
  const errors = useTimedMessage<string[]>();

  const remove = (user: User) => {
    if (!window.confirm(`Delete the user ${user.firstName} ${user.lastName} (${user.email})?`)) return;
    success.clear();
    errors.clear();
    deleteUser.mutate(user._id, {
      onSuccess: (data) => success.show(data.message),
      onError: (error) => errors.show(errorMessages(error)),
    });
  };

  return (
    <section>
      <AdminPageHeader title={PAGE_TITLES.adminUsersTable} />
      {users.isSuccess && (
        <p className="-mt-3 mb-4 text-sm text-stone-600">
          {users.data.userDocCount} user{users.data.userDocCount === 1 ? '' : 's'}
        </p>
      )}
      <div className="mb-4 flex flex-col gap-3">
        <SuccessLine message={success.message} />
        <ErrorBlock messages={errors.message} />
      </div>
      <AdminTable caption="All users" headers={HEADERS}>
        {users.isPending ? (
          <TableNotice columns={HEADERS.length}>{LOADING_TEXTS.loading}..!!</TableNotice>
        ) : users.isError ? (
          <TableNotice columns={HEADERS.length}>
            <span className="error-text" role="alert">
              {errorMessages(users.error).join(' ')}
            </span>
          </TableNotice>
        ) : users.data.users.length === 0 ? (
          <TableNotice columns={HEADERS.length}>No users yet</TableNotice>
        ) : (
          users.data.users.map((user) => {
            const isMe = user._id === me?._id;
            const name = `${user.firstName} ${user.lastName}`;
            return (
              <tr key={user._id} className="hover:bg-stone-50">
                <td className={`${cellClass} font-mono text-xs text-stone-500`}>{user._id}</td>
                <td className={`${cellClass} font-semibold text-stone-900`}>{user.firstName}</td>
                <td className={`${cellClass} font-semibold text-stone-900`}>{user.lastName}</td>
                <td className={`${cellClass} break-all`}>{user.email}</td>
                <td className={cellClass}>
                  <RoleBadge role={user.role} />
                  {isMe && <span className="ml-2 text-xs text-stone-500">(you)</span>}
                </td>
                <td className={cellClass}>
                  <RowActions>
                    <Link to={`/admin/update/${user._id}`} className={editLinkClass} aria-label={`Edit ${name}`}>
                      ✎ Edit
                    </Link>
                    <button
                      type="button"
                      className={deleteButtonClass}
                      disabled={deleteUser.isPending}
                      onClick={() => remove(user)}
                      aria-label={`Delete ${name}`}
                    >
                      🗑 Delete
                    </button>
                  </RowActions>
                </td>
              </tr>
            );
          })
        )}
      </AdminTable>
    </section>
  );
}

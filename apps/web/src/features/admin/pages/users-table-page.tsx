/** All users for the admin (docs/product.md#admin-screens): Id, first name, last name, email, role, edit and delete. */
import { PAGE_TITLES } from '@mandi/shared';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import type { User } from '../../../lib/types';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminUsers, useDeleteUser } from '../api/users';
import { TableMessages, useConfirmedDelete } from '../components/action-messages';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminTable, cellClass, DeleteButton, EditLink, QueryRows, RowActions } from '../components/admin-table';

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
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteUser());

  return (
    <section>
      <AdminPageHeader title={PAGE_TITLES.adminUsersTable} />
      {users.isSuccess && (
        <p className="-mt-3 mb-4 text-sm text-stone-600">
          {users.data.userDocCount} user{users.data.userDocCount === 1 ? '' : 's'}
        </p>
      )}
      <TableMessages success={success} errors={errors} />
      <AdminTable caption="All users" headers={HEADERS}>
        <QueryRows
          query={users}
          items={users.data?.users}
          columns={HEADERS.length}
          empty="No users yet"
          failure={(error) => (
            <span className="error-text" role="alert">
              {errorMessages(error).join(' ')}
            </span>
          )}
        >
          {(user) => {
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
                    <EditLink to={paths.admin.updateUser(user._id)} name={name}>
                      ✎ Edit
                    </EditLink>
                    <DeleteButton
                      name={name}
                      disabled={isDeleting}
                      onClick={() => remove(user._id, `Delete the user ${name} (${user.email})?`)}
                    >
                      🗑 Delete
                    </DeleteButton>
                  </RowActions>
                </td>
              </tr>
            );
          }}
        </QueryRows>
      </AdminTable>
    </section>
  );
}

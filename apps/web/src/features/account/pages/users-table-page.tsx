/**
 * All users for the admin (docs/product.md#admin-screens): Id, first name, last name, email, role, edit and delete;
 * 50 a page, searched by name or email and sorted by a column on the server, so 20,000 users open fast. A real shop's
 * table (decision 0056) opens on the name instead, its Id after the role: cut short, with a Copy button for the whole id.
 */
import { ADMIN_USER_SORTS, type AdminUserSort } from '@mandi/shared';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { TableMessages, useConfirmedDelete } from '../../../components/admin/action-messages';
import { ListPages, SearchBox, useListParams, useStepBackWhenEmpty } from '../../../components/admin/admin-list';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import {
  AdminTable,
  cellClass,
  DeleteButton,
  EditLink,
  IdCell,
  QueryRows,
  RowActions,
} from '../../../components/admin/admin-table';
import { paths } from '../../../config/paths';
import { errorMessages } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { titleTexts, useT } from '../../../lib/i18n';
import { useKnownShop } from '../../../lib/shop/shop';
import { usePageTitle } from '../../../lib/use-page-title';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers, useDeleteUser } from '../api/admin-users';
import { RoleBadge } from '../components/role-badge';
import { usersAdminTexts as x } from '../users-admin.texts';
import type { UpdateUserState } from './update-user-page';

/** The spec's columns, Id first: the demo shop's table (decision 0056). */
const SPEC_HEADERS = [x.id, x.firstName, x.lastName, x.email, x.role, x.actions];
/** A real shop's table opens on the name; the id comes before the actions, with a Copy button. */
const SHOP_HEADERS = [x.firstName, x.lastName, x.email, x.role, x.id, x.actions];
const SORT_COLUMNS: Partial<Record<string, AdminUserSort>> = {
  'First Name': 'firstName',
  'Last Name': 'lastName',
  Email: 'email',
  Role: 'role',
};

export default function UsersTablePage() {
  const t = useT();
  const isLive = useKnownShop()?.demo === false;
  const headers = isLive ? SHOP_HEADERS : SPEC_HEADERS;
  usePageTitle(titleTexts.adminUsersTable);
  const { user: me } = useSession();
  const location = useLocation();
  const list = useListParams(ADMIN_USER_SORTS);
  const { params } = list;
  const users = useAdminUsers(params);
  useStepBackWhenEmpty(users.data, users.isPlaceholderData, params.page, ADMIN_USERS_PAGE_SIZE, list.pageHref);
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteUser());
  const sectionRef = useRef<HTMLElement>(null);
  const showTop = () => sectionRef.current?.scrollIntoView?.({ block: 'start' });
  const total = users.data?.total;

  return (
    <section ref={sectionRef}>
      <AdminPageHeader title={t(titleTexts.adminUsersTable)} />
      {total !== undefined && (
        <p className="-mt-3 mb-4 text-sm text-stone-600">
          {t(
            params.q
              ? total === 1
                ? x.countUserMatches
                : x.countUsersMatch
              : total === 1
                ? x.countUser
                : x.countUsers,
            { count: total },
          )}
        </p>
      )}
      <TableMessages success={success} errors={errors} />
      <SearchBox label={t(x.searchUsersByNameOr)} value={params.q} onSearch={list.setSearch} />
      <AdminTable
        caption={t(x.allUsers)}
        headers={headers}
        sorting={{ columns: SORT_COLUMNS, sort: params.sort, order: params.order, onSort: list.toggleSort }}
      >
        <QueryRows
          query={users}
          items={users.data?.items}
          columns={headers.length}
          empty={params.q ? t(x.noUsersMatchQ, { q: params.q }) : t(x.noUsersYet)}
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
                {!isLive && <td className={`${cellClass} font-mono text-xs text-stone-500`}>{user._id}</td>}
                <td className={`${cellClass} font-semibold text-stone-900`}>{user.firstName}</td>
                <td className={`${cellClass} font-semibold text-stone-900`}>{user.lastName}</td>
                <td className={`${cellClass} break-all`}>{user.email}</td>
                <td className={cellClass}>
                  <RoleBadge role={user.role} />
                  {isMe && <span className="ml-2 text-xs text-stone-500">{t(x.you)}</span>}
                </td>
                {isLive && <IdCell id={user._id} name={name} />}
                <td className={cellClass}>
                  <RowActions>
                    <EditLink
                      to={paths.admin.updateUser(user._id)}
                      state={{ listSearch: location.search } satisfies UpdateUserState}
                      name={name}
                    >
                      ✎ {t(x.edit)}
                    </EditLink>
                    <DeleteButton
                      name={name}
                      disabled={isDeleting}
                      onClick={() => remove(user._id, t(x.deleteTheUserNameEmail, { name, email: user.email }))}
                    >
                      🗑 {t(x.delete)}
                    </DeleteButton>
                  </RowActions>
                </td>
              </tr>
            );
          }}
        </QueryRows>
      </AdminTable>
      {users.data && (
        <ListPages
          noun={t(x.users)}
          page={users.data.page}
          total={users.data.total}
          pageSize={ADMIN_USERS_PAGE_SIZE}
          pageHref={list.pageHref}
          onTurn={showTop}
        />
      )}
    </section>
  );
}

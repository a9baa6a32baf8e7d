/**
 * A user's role in the active language ("Admin" / "एडमिन"): the wire keeps the English values,
 * only what the screen shows changes.
 */
import type { Role } from '@mandi/shared';
import { type Text, useT } from '../../../lib/i18n';
import { usersAdminTexts as x } from '../users-admin.texts';

export const ROLE_TEXTS: Readonly<Record<Role, Text>> = { Admin: x.admin, User: x.user };

/** A role sent that this build does not know is shown as sent. */
export function roleName(role: string, t: (text: Text) => string): string {
  const text = ROLE_TEXTS[role as Role];
  return text ? t(text) : role;
}

export function RoleBadge({ role }: { role: Role }) {
  const t = useT();
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        role === 'Admin' ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'
      }`}
    >
      {roleName(role, t)}
    </span>
  );
}

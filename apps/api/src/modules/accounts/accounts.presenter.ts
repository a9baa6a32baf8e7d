/** The public view of a user: never a password hash, token or anything else. */
import type { UserRow } from './accounts.repository.js';

export function presentUser(row: UserRow) {
  return { _id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role };
}

export type UserView = ReturnType<typeof presentUser>;

import type { HindiTexts, Translation } from '../../lib/i18n';
import type { usersAdminTexts } from './users-admin.texts';

const texts = {
  users: 'उपयोगकर्ता',
  name: 'नाम',
  email: 'ईमेल',
  currentRole: 'अभी की भूमिका',
  role: 'भूमिका',
  updateRole: 'भूमिका बदलें',
  allUsers: 'सभी उपयोगकर्ता',
  searchUsersByNameOr: 'नाम या ईमेल से उपयोगकर्ता खोजें',
  you: '(आप)',
  admin: 'एडमिन',
  noUsersYet: 'अभी कोई उपयोगकर्ता नहीं',
  edit: 'बदलें',
  delete: 'हटाएँ',
  userNotFound: 'उपयोगकर्ता नहीं मिला',
  countUserMatches: '{count} उपयोगकर्ता मिला',
  countUsersMatch: '{count} उपयोगकर्ता मिले',
  countUser: '{count} उपयोगकर्ता',
  countUsers: '{count} उपयोगकर्ता',
  id: 'आईडी',
  actions: 'काम',
  user: 'उपयोगकर्ता',
  firstName: 'पहला नाम',
  lastName: 'उपनाम',
  deleteTheUserNameEmail: 'उपयोगकर्ता {name} ({email}) हटाएँ?',
  noUsersMatchQ: '“{q}” से कोई उपयोगकर्ता नहीं मिला',
} satisfies Translation<typeof usersAdminTexts>;

export const hi: readonly HindiTexts[] = [{ namespace: 'usersAdmin', texts }];

import type { DeepStringRecord } from '../types';

/** Texts of the users screens, under react-admin's own keys (resources.users.*: name, fields, list, messages, create, edit). */
export const usersEn = {
  users: {
    name: 'User |||| Users',
    fields: {
      id: 'ID',
      publicName: 'Public name',
      username: 'Username',
      roles: 'Roles',
      banned: 'Banned',
      password: 'Password',
      confirmation: 'Confirmation',
      new_password: 'New password',
    },
    list: {
      title: 'Users',
      name: 'Name',
      actions: 'Actions',
      search: 'Search',
      add: 'Add',
      edit: 'Edit',
      revoke_tokens: 'Revoke Tokens',
      ban: 'Ban',
      unban: 'Unban',
      banned: 'Banned',
      empty: 'No users yet.',
    },
    messages: {
      tokens_removed: 'Tokens haven been removed.',
      banned: 'Users have been baned.',
      unbanned: 'Users have been unbanned.',
      created: 'User created',
      saved: 'User saved',
    },
    create: {
      title: 'Create a new domain user',
    },
    edit: {
      title: 'Edit user %{name}',
      name_and_roles: 'Name and roles',
      authentication: 'Authentication',
      add_role: 'Add a role',
      keep_password: 'Leave empty to keep the current password',
    },
  },
};

export const usersDe: DeepStringRecord<typeof usersEn> = {
  users: {
    name: 'Benutzer |||| Benutzer',
    fields: {
      id: 'ID',
      publicName: 'Öffentlicher Name',
      username: 'Benutzername',
      roles: 'Rollen',
      banned: 'Gesperrt',
      password: 'Passwort',
      confirmation: 'Bestätigung',
      new_password: 'Neues Passwort',
    },
    list: {
      title: 'Benutzer',
      name: 'Name',
      actions: 'Aktionen',
      search: 'Suchen',
      add: 'Hinzufügen',
      edit: 'Bearbeiten',
      revoke_tokens: 'Tokens widerrufen',
      ban: 'Sperren',
      unban: 'Entsperren',
      banned: 'Gesperrt',
      empty: 'Noch keine Benutzer.',
    },
    messages: {
      tokens_removed: 'Die Tokens wurden widerrufen.',
      banned: 'Die Benutzer wurden gesperrt.',
      unbanned: 'Die Benutzer wurden entsperrt.',
      created: 'Benutzer angelegt',
      saved: 'Benutzer gespeichert',
    },
    create: {
      title: 'Einen neuen Domänenbenutzer anlegen',
    },
    edit: {
      title: 'Benutzer %{name} bearbeiten',
      name_and_roles: 'Name und Rollen',
      authentication: 'Authentifizierung',
      add_role: 'Rolle hinzufügen',
      keep_password: 'Leer lassen, um das aktuelle Passwort zu behalten',
    },
  },
};

import type { DeepStringRecord } from '../../types';
import type { usersEn } from '../en/users';

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
      last_sign_in: 'Letzte Anmeldung',
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
      locked: 'Blockiert',
      unlock: 'Freigeben',
      never: 'nie',
      empty: 'Noch keine Benutzer. Legen Sie einen für jede Mitarbeiterin und jeden Mitarbeiter an.',
      export_file_name: 'benutzer',
    },
    confirm: {
      ban_title: 'Diesen Benutzer sperren? |||| Diese %{smart_count} Benutzer sperren?',
      ban_message: 'Ein gesperrter Benutzer kann sich nicht mehr anmelden; Entsperren gibt das Konto zurück. |||| Gesperrte Benutzer können sich nicht mehr anmelden; Entsperren gibt die Konten zurück.',
    },
    messages: {
      cannot_ban_self: 'Sie können sich nicht selbst sperren.',
      tokens_removed: 'Die Tokens wurden widerrufen.',
      banned: 'Die Benutzer wurden gesperrt.',
      unbanned: 'Die Benutzer wurden entsperrt.',
      unlocked: 'Die Anmeldung wurde freigegeben.',
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
      sessions: 'Sitzungen',
    },
    sessions: {
      title: 'Aktive Sitzungen',
      loading: 'Sitzungen werden geladen',
      empty: 'Keine aktiven Sitzungen.',
      created: 'Angemeldet',
      last_used: 'Zuletzt genutzt',
      address: 'Client-Adresse',
      user_agent: 'Browser',
      actions: 'Aktionen',
      revoke: 'Beenden',
      confirm_title: 'Diese Sitzung beenden?',
      confirm_message: 'Das Gerät, das sie nutzt, muss sich erneut anmelden.',
      revoked: 'Die Sitzung wurde beendet.',
    },
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { resources: usersDe };

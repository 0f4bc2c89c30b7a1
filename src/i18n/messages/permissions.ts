import type { DeepStringRecord } from '../types';

/**
 * The permissions' names and short descriptions (caredesk.permissions.<group>.<action>, e.g. users:read →
 * permissions.users.read; a group's heading is its `title`), and the pages of the panel's permission gate
 * (caredesk.access.*).
 */
export const permissionsEn = {
  permissions: {
    users: {
      title: 'Users',
      read: { name: 'View users', description: 'See the users, their roles and the role policy.' },
      manage: { name: 'Manage users', description: 'Create and edit users, set passwords, ban, unban, end sessions.' },
    },
    roles: {
      title: 'Roles',
      manage: { name: 'Manage roles', description: 'Change which permissions each role grants.' },
    },
    mail: {
      title: 'Mail delivery',
      read: { name: 'View mail delivery', description: 'See providers, accounts and the mail queues.' },
      manage: { name: 'Manage mail delivery', description: 'Add and edit providers and accounts, requeue failed mails.' },
      send: { name: 'Send mails', description: 'Send mails, including test mails.' },
    },
    files: {
      title: 'Files',
      read: { name: 'View files', description: 'Search and download files.' },
      write: { name: 'Upload files', description: 'Upload files and change their references.' },
    },
    tokens: {
      title: 'API access tokens',
      manage: { name: 'Manage API access tokens', description: 'Add, revoke and delete the access tokens of the file and pricing services.' },
    },
    care: {
      title: 'Care requests',
      read: { name: 'View care requests', description: 'See the incoming and archived care requests.' },
      create: { name: 'Create care requests', description: 'Enter a care request in the panel.' },
      contact: { name: 'Contact data of care customers', description: 'Read and erase the personal contact data of a care request.' },
    },
    audit: {
      title: 'Audit trail',
      read: { name: 'View the audit trail', description: 'See who changed what, and every sign-in.' },
    },
  },
  access: {
    no_access_title: 'No access',
    no_access_text: 'You are not allowed to open this page. If you need it, ask an administrator for the permission.',
    to_dashboard: 'To the dashboard',
    no_panel_title: 'No access to the panel',
    no_panel_text:
      'Your account has no permission for any screen of the panel. An administrator can give your roles permissions. You can still change your password or log out.',
    not_loaded: 'Your permissions could not be loaded. Please reload the page.',
  },
};

export const permissionsDe: DeepStringRecord<typeof permissionsEn> = {
  permissions: {
    users: {
      title: 'Benutzer',
      read: { name: 'Benutzer ansehen', description: 'Die Benutzer, ihre Rollen und die Rollenrechte sehen.' },
      manage: { name: 'Benutzer verwalten', description: 'Benutzer anlegen und bearbeiten, Passwörter setzen, sperren, entsperren, Sitzungen beenden.' },
    },
    roles: {
      title: 'Rollen',
      manage: { name: 'Rollen verwalten', description: 'Festlegen, welche Rechte jede Rolle gewährt.' },
    },
    mail: {
      title: 'Mailversand',
      read: { name: 'Mailversand ansehen', description: 'Provider, Konten und die Mail-Warteschlangen sehen.' },
      manage: { name: 'Mailversand verwalten', description: 'Provider und Konten anlegen und bearbeiten, fehlgeschlagene Mails erneut einreihen.' },
      send: { name: 'Mails senden', description: 'Mails senden, auch Testmails.' },
    },
    files: {
      title: 'Dateien',
      read: { name: 'Dateien ansehen', description: 'Dateien suchen und herunterladen.' },
      write: { name: 'Dateien hochladen', description: 'Dateien hochladen und ihre Referenzen ändern.' },
    },
    tokens: {
      title: 'API-Zugriffstokens',
      manage: { name: 'API-Zugriffstokens verwalten', description: 'Zugriffstokens des Datei- und des Preisdienstes anlegen, widerrufen und löschen.' },
    },
    care: {
      title: 'Betreuungsanfragen',
      read: { name: 'Betreuungsanfragen ansehen', description: 'Die eingegangenen und archivierten Betreuungsanfragen sehen.' },
      create: { name: 'Betreuungsanfragen anlegen', description: 'Eine Betreuungsanfrage im Panel erfassen.' },
      contact: { name: 'Kontaktdaten der Kunden', description: 'Die persönlichen Kontaktdaten einer Betreuungsanfrage lesen und löschen.' },
    },
    audit: {
      title: 'Protokoll',
      read: { name: 'Protokoll ansehen', description: 'Sehen, wer was geändert hat, und jede Anmeldung.' },
    },
  },
  access: {
    no_access_title: 'Kein Zugriff',
    no_access_text: 'Sie dürfen diese Seite nicht öffnen. Wenn Sie sie brauchen, bitten Sie einen Administrator um das Recht.',
    to_dashboard: 'Zur Übersicht',
    no_panel_title: 'Kein Zugriff auf das Panel',
    no_panel_text:
      'Ihr Konto hat für keine Seite des Panels ein Recht. Ein Administrator kann Ihren Rollen Rechte geben. Ihr Passwort können Sie trotzdem ändern, und Sie können sich abmelden.',
    not_loaded: 'Ihre Rechte konnten nicht geladen werden. Bitte laden Sie die Seite neu.',
  },
};

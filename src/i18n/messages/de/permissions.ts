import type { DeepStringRecord } from '../../types';
import type { permissionsEn } from '../en/permissions';

export const permissionsDe: DeepStringRecord<typeof permissionsEn> = {
  permissions: {
    users: {
      title: 'Benutzer',
      read: { name: 'Benutzer ansehen', description: 'Die Benutzer, ihre Rollen und die Rollenrechte sehen.' },
      manage: {
        name: 'Benutzer verwalten',
        description: 'Benutzer anlegen und bearbeiten, Passwörter setzen, sperren, entsperren, Sitzungen beenden.',
      },
    },
    roles: {
      title: 'Rollen',
      manage: { name: 'Rollen verwalten', description: 'Festlegen, welche Rechte jede Rolle gewährt.' },
    },
    mail: {
      title: 'Mailversand',
      read: { name: 'Mailversand ansehen', description: 'Provider, Konten und die Mail-Warteschlangen sehen.' },
      manage: {
        name: 'Mailversand verwalten',
        description: 'Provider und Konten anlegen und bearbeiten, fehlgeschlagene Mails erneut einreihen.',
      },
      send: { name: 'Mails senden', description: 'Mails senden, auch Testmails.' },
    },
    files: {
      title: 'Dateien',
      read: { name: 'Dateien ansehen', description: 'Dateien suchen und herunterladen.' },
      write: { name: 'Dateien hochladen', description: 'Dateien hochladen und ihre Referenzen ändern.' },
    },
    tokens: {
      title: 'API-Zugriffstokens',
      manage: {
        name: 'API-Zugriffstokens verwalten',
        description: 'Zugriffstokens des Datei- und des Preisdienstes anlegen, widerrufen und löschen.',
      },
    },
    care: {
      title: 'Betreuungsanfragen',
      read: {
        name: 'Betreuungsanfragen ansehen',
        description: 'Die eingegangenen und archivierten Betreuungsanfragen sehen.',
      },
      create: { name: 'Betreuungsanfragen anlegen', description: 'Eine Betreuungsanfrage im Panel erfassen.' },
      contact: {
        name: 'Kontaktdaten der Kunden',
        description: 'Die persönlichen Kontaktdaten einer Betreuungsanfrage lesen und löschen.',
      },
      work: {
        name: 'Betreuungsanfragen bearbeiten',
        description: 'Status, Zuständigkeit und Wiedervorlage von Betreuungsanfragen ändern und Notizen schreiben.',
      },
    },
    audit: {
      title: 'Protokoll',
      read: { name: 'Protokoll ansehen', description: 'Sehen, wer was geändert hat, und jede Anmeldung.' },
    },
  },
  access: {
    no_access_title: 'Kein Zugriff',
    no_access_text:
      'Sie dürfen diese Seite nicht öffnen. Wenn Sie sie brauchen, bitten Sie einen Administrator um das Recht.',
    to_dashboard: 'Zur Übersicht',
    no_panel_title: 'Kein Zugriff auf das Panel',
    no_panel_text:
      'Ihr Konto hat für keine Seite des Panels ein Recht. Ein Administrator kann Ihren Rollen Rechte geben. Ihr Passwort können Sie trotzdem ändern, und Sie können sich abmelden.',
    not_loaded: 'Ihre Rechte konnten nicht geladen werden. Bitte laden Sie die Seite neu.',
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: permissionsDe };

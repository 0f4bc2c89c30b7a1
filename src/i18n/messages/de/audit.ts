import type { DeepStringRecord } from '../../types';
import type { auditEn, auditResourcesEn } from '../en/audit';

export const auditDe: DeepStringRecord<typeof auditEn> = {
  audit: {
    menu: 'Audit',
    list: {
      title: 'Audit-Protokoll',
      time: 'Zeit',
      actor: 'Akteur',
      action: 'Aktion',
      target: 'Ziel',
      outcome: 'Ergebnis',
      server: 'Server',
      not_signed_in: 'Nicht angemeldet',
      api_token: 'API-Token',
      empty: 'Noch keine Ereignisse aufgezeichnet. Jede Änderung im Panel oder durch die Dienste erscheint hier.',
      open: 'Ereignis anzeigen',
    },
    filters: {
      time_from: 'Von',
      time_to: 'Bis',
      action: 'Aktion',
      actor: 'Akteur',
      target_type: 'Zieltyp',
      any: 'Alle',
    },
    detail: {
      title: 'Audit-Ereignis %{id}',
      back: 'Zurück zum Audit-Protokoll',
      address: 'Client-Adresse',
      action_name: 'Aktionsname',
      target_type: 'Zieltyp',
      target_id: 'Ziel-ID',
      target_label: 'Ziel',
      changes: 'Änderungen',
      field: 'Feld',
      value: 'Neuer Wert',
      no_changes: 'Keine Felder geändert.',
      not_found: 'Dieses Ereignis gibt es nicht.',
      load_failed: 'Das Ereignis kann nicht geladen werden: %{message}',
    },
    export: {
      file_name: 'audit-protokoll',
      actor_id: 'Akteur-ID',
      action_name: 'Aktionsname',
      target_type: 'Zieltyp',
      target_id: 'Ziel-ID',
    },
    outcomes: {
      success: 'Erfolgreich',
      failure: 'Fehlgeschlagen',
      refused: 'Abgewiesen',
    },
    mail_target: {
      recipients:
        'Mail an %{smart_count} Empfänger · %{reference} |||| Mail an %{smart_count} Empfänger · %{reference}',
      reference: 'Mail · %{reference}',
    },
    target_types: {
      user: 'Benutzer',
      session: 'Sitzung',
      role: 'Rolle',
      'mail-provider': 'Mail-Provider',
      'mail-account': 'Mail-Konto',
      mail: 'Mail',
      'api-token': 'API-Token',
      file: 'Datei',
      'care-request': 'Betreuungsanfrage',
    },
    actions: {
      user: {
        create: 'Benutzer angelegt',
        update: 'Benutzer geändert',
        'password-set': 'Passwort gesetzt',
        'password-change': 'Eigenes Passwort geändert',
        ban: 'Benutzer gesperrt',
        unban: 'Benutzer entsperrt',
        'revoke-refresh-tokens': 'Tokens widerrufen',
        unlock: 'Anmeldung freigegeben',
      },
      session: { revoke: 'Sitzung beendet' },
      role: { update: 'Rollenrechte geändert' },
      'sign-in': {
        success: 'Angemeldet',
        failure: 'Anmeldung fehlgeschlagen',
        throttled: 'Anmeldung gebremst',
        'second-factor-failure': 'Falscher zweiter Faktor bei der Anmeldung',
      },
      'refresh-token': { reuse: 'Refresh-Token wiederverwendet' },
      reauthentication: { success: 'Erneut angemeldet', failure: 'Erneute Anmeldung fehlgeschlagen' },
      'second-factor': {
        add: 'Zweiter Faktor hinzugefügt',
        remove: 'Zweiter Faktor entfernt',
        reset: 'Zweite Faktoren zurückgesetzt',
      },
      'recovery-codes': { renew: 'Neue Wiederherstellungscodes' },
      'mail-provider': {
        create: 'Mail-Provider hinzugefügt',
        update: 'Mail-Provider geändert',
        disable: 'Mail-Provider deaktiviert',
        enable: 'Mail-Provider aktiviert',
        delete: 'Mail-Provider gelöscht',
      },
      'mail-account': {
        create: 'Mail-Konto hinzugefügt',
        update: 'Mail-Konto geändert',
        disable: 'Mail-Konto deaktiviert',
        enable: 'Mail-Konto aktiviert',
        delete: 'Mail-Konto gelöscht',
      },
      mail: {
        send: 'Mail gesendet',
        requeue: 'Mail erneut eingereiht',
        'retry-now': 'Mail jetzt erneut versucht',
        resend: 'Mail erneut gesendet',
        cancel: 'Mail storniert',
        retention: 'Alte Mails gelöscht',
      },
      'api-token': { create: 'API-Token hinzugefügt', revoke: 'API-Token widerrufen', delete: 'API-Token gelöscht' },
      file: {
        upload: 'Datei hochgeladen',
        'references-update': 'Dateireferenzen geändert',
        update: 'Dateiangaben geändert',
        delete: 'Datei gelöscht',
      },
      'care-request': {
        create: 'Betreuungsanfrage angelegt',
        'contact-read': 'Kontaktdaten gelesen',
        'contact-erase': 'Kontaktdaten gelöscht',
        'contact-retention': 'Kontaktdaten gelöscht (Aufbewahrungsfrist)',
        workflow: 'Betreuungsanfrage bearbeitet (Status, Zuständigkeit oder Wiedervorlage)',
        'note-create': 'Notiz zur Betreuungsanfrage hinzugefügt',
        'note-update': 'Notiz zur Betreuungsanfrage geändert',
        'note-delete': 'Notiz zur Betreuungsanfrage gelöscht',
      },
      'care-settings': { update: 'Mail-Einstellungen für Betreuungsanfragen geändert' },
    },
  },
};

export const auditResourcesDe: DeepStringRecord<typeof auditResourcesEn> = {
  auditEvents: { name: 'Audit-Ereignis |||| Audit-Ereignisse' },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: auditDe, resources: auditResourcesDe };

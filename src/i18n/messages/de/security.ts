import type { DeepStringRecord } from '../../types';
import type { securityEn } from '../en/security';

export const securityDe: DeepStringRecord<typeof securityEn> = {
  security: {
    menu: 'Sicherheit',
    title: 'Sicherheit',
    factors_title: 'Zweite Faktoren',
    intro:
      'Ein zweiter Faktor schützt Ihr Konto, wenn jemand Ihr Passwort erfährt: nach dem Passwort bestätigen Sie jede Anmeldung mit einer Authenticator-App, einem Passkey oder einem Sicherheitsschlüssel.',
    none: 'Sie haben noch keinen zweiten Faktor.',
    provider_factors:
      'Sie melden sich über %{provider} an; dort wird Ihr zweiter Faktor verwaltet: Bestätigt %{provider} Ihre Anmeldung mit einer Mehr-Faktor-Authentifizierung, fragt Caredesk nichts weiter. Einen hier eingerichteten Faktor fragt Caredesk nur nach einer Anmeldung bei %{provider} ohne diese ab.',
    required: 'Ihre Rollen verlangen einen zweiten Faktor.',
    loading: 'Ihre zweiten Faktoren werden geladen',
    kind: 'Art',
    name: 'Name',
    created: 'Hinzugefügt',
    last_used: 'Zuletzt verwendet',
    never: 'nie',
    actions: 'Aktionen',
    kinds: { totp: 'Authenticator-App', webauthn: 'Passkey oder Sicherheitsschlüssel' },
    add_totp: 'Authenticator-App hinzufügen',
    add_passkey: 'Passkey oder Sicherheitsschlüssel hinzufügen',
    remove: 'Entfernen',
    remove_named: '%{name} entfernen',
    remove_title: 'Diesen zweiten Faktor entfernen?',
    remove_message: 'Er bestätigt Ihre Anmeldungen dann nicht mehr.',
    removed: 'Der zweite Faktor wurde entfernt.',
    recovery_title: 'Wiederherstellungscodes',
    recovery_intro:
      'Ein Wiederherstellungscode bestätigt eine Anmeldung, wenn Sie Ihre Authenticator-App oder Ihren Passkey nicht verwenden können.',
    recovery_left: 'Noch %{smart_count} Wiederherstellungscode. |||| Noch %{smart_count} Wiederherstellungscodes.',
    new_recovery_codes: 'Neue Wiederherstellungscodes',
    new_recovery_title: 'Wiederherstellungscodes ersetzen?',
    new_recovery_message: 'Ihre bisherigen Wiederherstellungscodes gelten dann sofort nicht mehr.',
    cancel: 'Abbrechen',
    totp: {
      title: 'Authenticator-App hinzufügen',
      scan: 'Scannen Sie den QR-Code mit Ihrer Authenticator-App oder tippen Sie den Schlüssel ein. Geben Sie dann den Code ein, den die App zeigt.',
      qr: 'QR-Code für Ihre Authenticator-App',
      key: 'Schlüssel',
      name: 'Name (optional)',
      code: 'Code aus der App',
      code_invalid: 'Geben Sie die 6 Ziffern ein, die die App zeigt.',
      preparing: 'Wird vorbereitet…',
      confirm: 'Bestätigen',
      added: 'Die Authenticator-App wurde hinzugefügt.',
    },
    passkey: {
      title: 'Passkey oder Sicherheitsschlüssel hinzufügen',
      intro:
        'Geben Sie ihm einen Namen, an dem Sie ihn wiedererkennen, und folgen Sie dann den Schritten Ihres Browsers.',
      name: 'Name (optional)',
      start: 'Weiter',
      added: 'Der Passkey oder Sicherheitsschlüssel wurde hinzugefügt.',
      cancelled: 'Nichts wurde hinzugefügt: die Schritte des Browsers wurden abgebrochen.',
    },
    codes: {
      title: 'Ihre Wiederherstellungscodes',
      intro: 'Bewahren Sie diese Codes sicher auf. Jeder bestätigt eine Anmeldung. Sie werden nur jetzt gezeigt.',
      list: 'Wiederherstellungscodes',
      download: 'Herunterladen',
      print: 'Drucken',
      done: 'Ich habe sie gesichert',
      file_name: 'caredesk-wiederherstellungscodes.txt',
      file_heading: 'Caredesk-Wiederherstellungscodes. Jeder Code gilt einmal.',
      sessions_ended:
        'Ihre andere Sitzung wurde abgemeldet: Melden Sie sich dort erneut mit Ihrem zweiten Faktor an. |||| Ihre %{smart_count} anderen Sitzungen wurden abgemeldet: Melden Sie sich dort erneut mit Ihrem zweiten Faktor an.',
    },
    enrollment: {
      title: 'Zweiten Faktor einrichten',
      intro:
        'Ihre Rollen verlangen einen zweiten Faktor, und die Frist zum Einrichten ist vorbei. Fügen Sie eine Authenticator-App oder einen Passkey hinzu, um fortzufahren.',
      continue: 'Weiter zum Panel',
      logout: 'Abmelden',
    },
    notice: {
      text: 'Ihre Rollen verlangen einen zweiten Faktor. Bitte richten Sie ihn bis zum %{day} ein.',
      link: 'Jetzt einrichten',
      short: 'Zweiter Faktor fällig: %{day}',
      link_short: 'Einrichten',
    },
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: securityDe };

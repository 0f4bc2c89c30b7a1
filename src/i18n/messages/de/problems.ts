import type { DeepStringRecord } from '../../types';
import type { problemsEn } from '../en/problems';

export const problemsDe: DeepStringRecord<typeof problemsEn> = {
  problems: {
    titles: {
      400: 'Ungültige Anfrage',
      401: 'Nicht angemeldet',
      403: 'Nicht erlaubt',
      404: 'Nicht gefunden',
      405: 'Nicht erlaubt',
      406: 'Nicht annehmbar',
      408: 'Zeitüberschreitung',
      409: 'Konflikt',
      410: 'Nicht mehr vorhanden',
      413: 'Zu groß',
      414: 'Adresse zu lang',
      415: 'Nicht unterstütztes Format',
      416: 'Bereich nicht verfügbar',
      417: 'Erwartung nicht erfüllbar',
      422: 'Nicht verarbeitbar',
      429: 'Zu viele Anfragen',
      431: 'Kopfzeilen zu groß',
      500: 'Serverfehler',
      503: 'Dienst nicht verfügbar',
    },
    types: {
      validation_error: 'Der Wert ist ungültig.',
      malformed_body: 'Die Anfrage konnte nicht gelesen werden.',
      bad_request: 'Die Anfrage wurde nicht angenommen.',
      read_only_field: 'Dieser Wert kann hier nicht geändert werden.',
      self_ban: 'Sie können sich nicht selbst sperren.',
      self_unlink:
        'Sie können Ihre eigene Verknüpfung mit dem Anmeldedienst nicht lösen: Das kann ein anderer Administrator.',
      password_required: 'Dieser Benutzer hat noch kein Passwort; bitte legen Sie eines fest.',
      invalid_expression: 'Der reguläre Ausdruck ist ungültig.',
      unknown_provider: 'Der gewählte Provider existiert nicht (mehr).',
      invalid_filters: 'Der Filter ist ungültig.',
      missing_part: 'Ein Teil des Uploads fehlt.',
      unexpected_part: 'Der Upload enthält einen unerwarteten Teil.',
      meta_too_large: 'Die Angaben zur Datei sind zu lang.',
      files_not_allowed: 'Eine Betreuungsanfrage kann keine Dateien enthalten.',
      reason_required: 'Zum Ablehnen oder Zurückziehen einer Betreuungsanfrage ist ein Grund nötig.',
      invalid_assignee:
        'Die Anfrage kann nur einem aktiven Benutzer zugewiesen werden, der Betreuungsanfragen bearbeiten darf.',
      expiry_in_past: 'Das Ablaufdatum muss in der Zukunft liegen.',
      unauthorized: 'Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.',
      invalid_credentials: 'Benutzername oder Passwort ist falsch.',
      second_factor_required: 'Bitte bestätigen Sie die Anmeldung mit Ihrem zweiten Faktor.',
      invalid_second_factor: 'Der Code ist nicht richtig. Bitte versuchen Sie es erneut.',
      invalid_second_factor_token:
        'Die Anmeldung hat zu lange gedauert oder wurde beendet. Bitte geben Sie Ihr Passwort erneut ein.',
      sign_in_with_provider: 'Dieses Konto meldet sich über %{provider} an: Nutzen Sie „Mit %{provider} anmelden“.',
      invalid_provider_handoff:
        'Die Anmeldung hat zu lange gedauert oder wurde beendet. Bitte melden Sie sich erneut an.',
      reauthentication_required: 'Bitte bestätigen Sie dafür noch einmal Ihre Identität.',
      invalid_refresh_token: 'Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.',
      refresh_token_reused: 'Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.',
      forbidden: 'Dazu sind Sie nicht berechtigt.',
      second_factor_enrollment_required: 'Richten Sie zuerst einen zweiten Faktor ein: Ihre Rollen verlangen einen.',
      not_found: 'Nicht gefunden.',
      user_not_found: 'Der Benutzer existiert nicht (mehr).',
      second_factor_not_found: 'Der zweite Faktor existiert nicht (mehr).',
      provider_not_found: 'Der Provider existiert nicht (mehr).',
      provider_link_not_found: 'Der Benutzer ist nicht (mehr) mit dem Anmeldedienst verknüpft.',
      account_not_found: 'Das Konto existiert nicht (mehr).',
      file_not_found: 'Die Datei existiert nicht (mehr).',
      care_request_not_found: 'Die Betreuungsanfrage existiert nicht (mehr).',
      note_not_found: 'Die Notiz existiert nicht (mehr).',
      contact_erased: 'Die Kontaktdaten der Kundin oder des Kunden wurden gelöscht.',
      token_not_found: 'Das Zugriffstoken existiert nicht (mehr).',
      event_not_found: 'Das Protokollereignis existiert nicht (mehr).',
      edit_conflict:
        'Jemand anderes hat diese Betreuungsanfrage inzwischen geändert. Sie zeigt jetzt diese Änderung; bitte nehmen Sie Ihre erneut vor.',
      note_locked:
        'Eine Notiz kann nur von ihrer Verfasserin oder ihrem Verfasser innerhalb von 24 Stunden geändert oder gelöscht werden.',
      provider_in_use:
        'Der Provider kann nicht gelöscht werden: %{smart_count} Konto nutzt ihn. Löschen Sie dieses Konto oder geben Sie ihm zuerst einen anderen Provider. |||| Der Provider kann nicht gelöscht werden: %{smart_count} Konten nutzen ihn. Löschen Sie diese Konten oder geben Sie ihnen zuerst einen anderen Provider.',
      mail_not_failed: 'Die Mail ist nicht mehr unter den fehlgeschlagenen Zustellungen.',
      not_cancellable:
        'Nur eine wartende oder erneut zu versuchende Mail kann storniert werden; diese wurde inzwischen zugestellt, ist fehlgeschlagen oder wurde storniert.',
      mail_not_found: 'Die Mail existiert nicht (mehr).',
      idempotency_key_in_flight:
        'Diese Anfrage wird noch bearbeitet. Bitte warten Sie einen Moment und prüfen Sie dann, ob sie angekommen ist.',
      idempotency_key_reused:
        'Diese Anfrage wurde schon einmal mit anderem Inhalt gesendet. Bitte beginnen Sie sie neu.',
      method_not_allowed: 'Die Anfrage wurde nicht angenommen.',
      not_acceptable: 'Die Anfrage wurde nicht angenommen.',
      conflict: 'Die Änderung steht im Widerspruch zu den gespeicherten Daten.',
      username_taken: 'Der Benutzername ist bereits vergeben.',
      roles_managed_by_provider:
        'Die Rollen dieses Benutzers kommen bei jeder Anmeldung von %{provider}: Ändern Sie sie dort (seine Gruppen), nicht hier.',
      last_roles_manager:
        'Dann dürfte kein aktiver Benutzer mehr Rollen verwalten. Geben Sie zuerst einem anderen Benutzer eine solche Rolle.',
      token_taken: 'Dieser Tokenwert wird bereits verwendet.',
      token_already_revoked: 'Das Zugriffstoken ist bereits widerrufen.',
      content_too_large: 'Die Anfrage ist zu groß.',
      file_too_large: 'Die Datei ist größer als erlaubt.',
      unsupported_media_type: 'Diese Art von Inhalt wird nicht angenommen.',
      range_not_satisfiable: 'Der angeforderte Teil der Datei existiert nicht.',
      not_previewable: 'Für diese Datei gibt es keine Vorschau; bitte laden Sie sie herunter.',
      too_many_sign_in_failures: 'Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es später erneut.',
      too_many_token_failures:
        'Zu viele fehlgeschlagene Zugriffstoken-Prüfungen von dieser Adresse. Bitte versuchen Sie es später erneut.',
      common_password:
        'Dieses Passwort gehört zu den 10.000 häufigsten Passwörtern, die Angreifer zuerst ausprobieren. Bitte wählen Sie ein anderes.',
      invalid_code: 'Der Code ist nicht richtig. Geben Sie den Code ein, den Ihre Authenticator-App gerade zeigt.',
      invalid_webauthn_response:
        'Der Passkey oder Sicherheitsschlüssel konnte nicht bestätigt werden. Bitte versuchen Sie es erneut.',
      rate_limited: 'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
      too_many_streams:
        'Zu viele Live-Verbindungen sind offen. Schließen Sie einige Tabs des Panels und versuchen Sie es erneut.',
      database_unavailable:
        'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Sekunden erneut.',
      request_header_fields_too_large: 'Die Anfrage ist zu groß, um gelesen zu werden.',
      uri_too_long: 'Die Adresse ist zu lang.',
      expectation_failed: 'Die Anfrage verlangt etwas, das der Server nicht anbietet.',
      request_timeout: 'Die Anfrage hat zu lange gedauert.',
      http_error: 'Die Anfrage konnte nicht bearbeitet werden.',
    },
    fields: {
      request: 'Anfrage',
      users: 'Benutzer',
      mails: 'Mails',
      id: 'ID',
      type: 'Anmeldeverfahren',
      to: 'Empfänger',
      cc: 'CC',
      filters: 'Filter',
      query: 'Suche',
      page: 'Seite',
      page_size: 'Zeilen pro Seite',
      sort: 'Sortierung',
      references: 'Referenzen',
      meta: 'Dateiangaben',
      stored_binary: 'Gespeicherte Datei',
      uploaded: 'Hochgeladen',
      content_type: 'Inhaltstyp',
    },
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: problemsDe };

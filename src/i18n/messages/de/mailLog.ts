import type { DeepStringRecord } from '../../types';
import type { mailLogEn, mailLogResourcesEn } from '../en/mailLog';

export const mailLogDe: DeepStringRecord<typeof mailLogEn> = {
  mail_log: {
    menu: 'Mailprotokoll',
    title: 'Mailprotokoll',
    empty: 'Es wurden noch keine Mails gesendet. Mails erscheinen hier, sobald das Panel oder ein Dienst eine sendet.',
    states_label: 'Mails in diesen Zuständen zeigen',
    search_placeholder: 'Ganze Adresse oder Message-ID, oder beliebiger Text',
    states: {
      queued: 'Wartend',
      retrying: 'Erneuter Versuch',
      delivered: 'Zugestellt',
      failed: 'Fehlgeschlagen',
      cancelled: 'Storniert',
    },
    fields: {
      state: 'Zustand',
      reference: 'Referenz',
      sender: 'Absender',
      recipient: 'Empfänger',
      recipients: 'Empfänger',
      cc: 'Cc',
      subject: 'Betreff',
      message: 'Nachricht',
      message_id: 'Message-ID',
      requested: 'Angefordert',
      completed: 'Abgeschlossen',
      attempts: 'Versuche',
      last_error: 'Letzter Fehler',
      cancelled: 'Storniert',
      resent_from: 'Erneut gesendet von',
      resent_as: 'Erneut gesendet als',
    },
    filter: {
      requested_from: 'Angefordert ab',
      requested_to: 'Angefordert bis',
    },
    detail: {
      title: 'Mail %{id}',
      open: 'Mail %{subject} öffnen',
      back: 'Zurück',
      not_found: 'Die Mail existiert nicht (mehr).',
      load_failed: 'Die Mail kann nicht geladen werden: %{message}',
      cancelled_value: '%{time} von %{by}',
      none: '–',
      no_subject: '(kein Betreff)',
      attempts: 'Zustellversuche',
      no_attempts: 'Noch kein Zustellversuch.',
      attempt_number: 'Versuch %{number}',
      time: 'Zeit',
      provider: 'Provider',
      no_provider: 'Kein Konto passte zum Absender',
      outcome: 'Ergebnis',
      reply: 'Antwort',
      recipients: 'Empfänger',
      accepted: 'angenommen',
      refused: 'abgelehnt',
      no_reply: 'keine Antwort angegeben',
      outcomes: {
        delivered: 'Zugestellt',
        retrying: 'Wird erneut versucht',
        failed: 'Fehlgeschlagen',
      },
    },
    actions: {
      requeue: 'Erneut einreihen',
      requeue_title: 'Diese Mail erneut einreihen?',
      requeue_message:
        'Dieselbe Mail kommt zurück in die Warteschlange und wird erneut zugestellt, mit ihrer Referenz und ihren bisherigen Versuchen.',
      requeued: 'Die Mail ist wieder in der Warteschlange.',
      resend: 'Erneut senden',
      resend_title: 'Diese Mail erneut senden?',
      resend_message:
        'Eine neue Mail mit demselben Absender, denselben Empfängern, demselben Betreff und derselben Nachricht wird eingereiht und mit dieser verknüpft.',
      resend_confirm: 'Erneut senden',
      resent: 'Die Mail wurde als neue Mail erneut eingereiht.',
      cancel: 'Zustellung stornieren',
      cancel_title: 'Die Zustellung dieser Mail stornieren?',
      cancel_message:
        'Die Mail wird nicht zugestellt. Das lässt sich nicht rückgängig machen, die Mail kann aber später erneut gesendet werden.',
      cancel_confirm: 'Zustellung stornieren',
      cancelled: 'Die Zustellung wurde storniert.',
    },
    export: {
      button: 'CSV exportieren',
      file_name: 'mailprotokoll',
      truncated: 'Nur die ersten %{count} Mails wurden exportiert.',
      failed: 'Der Export ist fehlgeschlagen: %{message}',
    },
  },
};

export const mailLogResourcesDe: DeepStringRecord<typeof mailLogResourcesEn> = {
  'mail-log': { name: 'Mail |||| Mails' },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: mailLogDe, resources: mailLogResourcesDe };

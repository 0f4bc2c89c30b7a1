import type { DeepStringRecord } from '../types';

/** Texts of the dashboard's figures (caredesk.statistics.*). */
export const statisticsEn = {
  statistics: {
    refreshed: 'The figures update every minute.',
    failed_to_load: 'These figures could not be loaded.',
    mail: {
      title: 'Mail delivery',
      queued: 'Queued',
      retrying: 'Waiting for another attempt',
      failed: 'Failed permanently',
      delivered_today: 'Delivered today',
      failed_action: '%{smart_count} mail failed permanently and will not be sent on its own. |||| %{smart_count} mails failed permanently and will not be sent on their own.',
      review_failed: 'Review failed mails',
      none_failed: 'No mail has failed permanently.',
    },
    care: {
      title: 'Care requests per week',
      period: 'The last 12 weeks, days in %{zone}',
      core: 'Core territory',
      optional: 'Optional territory',
      other: 'Neither',
      week: 'Week',
      summary: '%{total} care requests: %{core} in the core territory, %{optional} in the optional territory.',
      open_list: 'Open the incoming care requests',
      loading_chart: 'Loading the chart…',
    },
    files: {
      title: 'Files',
      stored: 'Files stored',
      size: 'Total size',
    },
    tokens: {
      title: 'API access tokens expiring within %{days} days',
      files: 'Filebucket',
      pricing: 'Pricing',
    },
    users: {
      title: 'Users',
      locked: 'Locked out',
    },
  },
};

export const statisticsDe: DeepStringRecord<typeof statisticsEn> = {
  statistics: {
    refreshed: 'Die Zahlen werden jede Minute aktualisiert.',
    failed_to_load: 'Diese Zahlen konnten nicht geladen werden.',
    mail: {
      title: 'Mailversand',
      queued: 'In der Warteschlange',
      retrying: 'Warten auf weiteren Versuch',
      failed: 'Endgültig fehlgeschlagen',
      delivered_today: 'Heute zugestellt',
      failed_action:
        '%{smart_count} Mail ist endgültig fehlgeschlagen und wird nicht von selbst versendet. |||| %{smart_count} Mails sind endgültig fehlgeschlagen und werden nicht von selbst versendet.',
      review_failed: 'Fehlgeschlagene Mails prüfen',
      none_failed: 'Keine Mail ist endgültig fehlgeschlagen.',
    },
    care: {
      title: 'Betreuungsanfragen pro Woche',
      period: 'Die letzten 12 Wochen, Tage in %{zone}',
      core: 'Kerngebiet',
      optional: 'Erweitertes Gebiet',
      other: 'Keines',
      week: 'Woche',
      summary: '%{total} Betreuungsanfragen: %{core} im Kerngebiet, %{optional} im erweiterten Gebiet.',
      open_list: 'Eingehende Betreuungsanfragen öffnen',
      loading_chart: 'Diagramm wird geladen …',
    },
    files: {
      title: 'Dateien',
      stored: 'Gespeicherte Dateien',
      size: 'Gesamtgröße',
    },
    tokens: {
      title: 'API-Zugriffstoken, die innerhalb von %{days} Tagen ablaufen',
      files: 'Dateiablage',
      pricing: 'Preise',
    },
    users: {
      title: 'Benutzer',
      locked: 'Anmeldung blockiert',
    },
  },
};

export const statisticsResourcesEn = { statistics: { name: 'Figures |||| Figures' } };
export const statisticsResourcesDe: DeepStringRecord<typeof statisticsResourcesEn> = { statistics: { name: 'Kennzahlen |||| Kennzahlen' } };

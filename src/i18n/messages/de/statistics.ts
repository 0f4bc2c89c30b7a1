import type { DeepStringRecord } from '../../types';
import type { statisticsEn, statisticsResourcesEn } from '../en/statistics';

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
      missing_second_factor: 'Ohne verlangten zweiten Faktor',
    },
  },
};

export const statisticsResourcesDe: DeepStringRecord<typeof statisticsResourcesEn> = {
  statistics: { name: 'Kennzahlen |||| Kennzahlen' },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: statisticsDe, resources: statisticsResourcesDe };

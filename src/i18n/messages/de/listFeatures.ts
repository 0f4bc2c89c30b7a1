import type { DeepStringRecord } from '../../types';
import type { listFeaturesEn } from '../en/listFeatures';

export const listFeaturesDe: DeepStringRecord<typeof listFeaturesEn> = {
  filters: {
    button: 'Filter',
    active: '(%{smart_count} aktiv)',
    reset: 'Filter zurücksetzen',
    date_invalid: 'Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben (ab 1970)',
    date_incomplete: 'Das Datum ist unvollständig (TT.MM.JJJJ)',
    date_after_to: 'Darf nicht nach dem Enddatum liegen',
    date_before_from: 'Darf nicht vor dem Anfangsdatum liegen',
  },
  export: {
    button: 'CSV exportieren',
    truncated:
      'Der Export enthält die ersten %{count} Zeilen; für den Rest bitte die Suche oder die Filter eingrenzen.',
    failed: 'Export fehlgeschlagen: %{message}',
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: listFeaturesDe };

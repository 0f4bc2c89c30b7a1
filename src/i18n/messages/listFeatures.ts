import type { DeepStringRecord } from '../types';

/**
 * The texts every list shares: the CSV export and the filter menu with its day ranges (react-admin's own messages name the
 * column chooser and the theme toggle).
 */
export const listFeaturesEn = {
  filters: {
    button: 'Filter',
    active: '(%{smart_count} active)',
    reset: 'Reset filters',
    date_invalid: 'Enter a valid date as MM/DD/YYYY (from 1970)',
    date_incomplete: 'The date is incomplete (MM/DD/YYYY)',
    date_after_to: 'Cannot be after the end date',
    date_before_from: 'Cannot be before the start date',
  },
  export: {
    button: 'Export CSV',
    truncated: 'The export holds the first %{count} rows; narrow the search or the filters for the rest.',
    failed: 'Export failed: %{message}',
  },
};

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
    truncated: 'Der Export enthält die ersten %{count} Zeilen; für den Rest bitte die Suche oder die Filter eingrenzen.',
    failed: 'Export fehlgeschlagen: %{message}',
  },
};

import type { DeepStringRecord } from '../types';

/** The texts every list shares: the CSV export (react-admin's own messages name the column chooser and the theme toggle). */
export const listFeaturesEn = {
  export: {
    button: 'Export CSV',
    truncated: 'The export holds the first %{count} rows; narrow the search or the filters for the rest.',
    failed: 'Export failed: %{message}',
  },
};

export const listFeaturesDe: DeepStringRecord<typeof listFeaturesEn> = {
  export: {
    button: 'CSV exportieren',
    truncated: 'Der Export enthält die ersten %{count} Zeilen; für den Rest bitte die Suche oder die Filter eingrenzen.',
    failed: 'Export fehlgeschlagen: %{message}',
  },
};

import type { DeepStringRecord } from '../types';

/** The texts every list shares (export, column chooser) and the app bar's theme toggle. */
export const listFeaturesEn = {
  export: {
    button: 'Export CSV',
    truncated: 'The export holds the first %{count} rows; narrow the search or the filters for the rest.',
    failed: 'Export failed: %{message}',
  },
  columns: {
    button: 'Columns',
  },
  theme: {
    toggle: 'Switch between light and dark theme',
  },
};

export const listFeaturesDe: DeepStringRecord<typeof listFeaturesEn> = {
  export: {
    button: 'CSV exportieren',
    truncated: 'Der Export enthält die ersten %{count} Zeilen; für den Rest bitte die Suche oder die Filter eingrenzen.',
    failed: 'Export fehlgeschlagen: %{message}',
  },
  columns: {
    button: 'Spalten',
  },
  theme: {
    toggle: 'Zwischen hellem und dunklem Design wechseln',
  },
};

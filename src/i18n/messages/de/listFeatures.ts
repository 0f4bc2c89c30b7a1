import type { DeepStringRecord } from '../../types';
import type { listFeaturesEn } from '../en/listFeatures';

export const listFeaturesDe: DeepStringRecord<typeof listFeaturesEn> = {
  export: {
    button: 'CSV exportieren',
    truncated: 'Der Export enthält die ersten %{count} Zeilen; für den Rest bitte die Suche oder die Filter eingrenzen.',
    failed: 'Export fehlgeschlagen: %{message}',
  },
};

import { type RaRecord, useGetOne, useLocaleState } from 'react-admin';
import { STATISTICS_RESOURCE, type StatisticsId, type StatisticsRecord } from '../../dataProviders/statistics';
import { useCan, type Permission } from '../permissions';

/** How often the dashboard reads its figures again while it is open. */
export const STATISTICS_REFRESH_MS = 60_000;

/** The permission each statistics route needs (docs/api.md, Statistics): a figure the user may not read is not even asked for. */
export const STATISTICS_PERMISSIONS: Record<StatisticsId, Permission> = {
  mail: 'mail:read',
  care: 'care:read',
  files: 'files:read',
  fileTokens: 'tokens:manage',
  pricingTokens: 'tokens:manage',
  users: 'users:read',
};

/** One service's figures, read when the user may and again every minute; `allowed` false means: show nothing. */
export function useStatistics<K extends StatisticsId>(id: K) {
  const allowed = useCan(STATISTICS_PERMISSIONS[id]);
  // one retry: the next minute's read tries again anyway
  const { data, error, isPending } = useGetOne<RaRecord<K>>(
    STATISTICS_RESOURCE,
    { id },
    { enabled: allowed, refetchInterval: STATISTICS_REFRESH_MS, retry: 1 },
  );
  return { allowed, data: data as StatisticsRecord<K> | undefined, error, isPending };
}

/** Whole numbers in the panel's language (1,234 / 1.234). */
export function useCountFormat(): (count: number) => string {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (count) => format.format(count);
}

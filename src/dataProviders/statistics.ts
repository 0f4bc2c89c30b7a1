import type { Static } from '@sinclair/typebox';
import type { GetOneParams } from 'react-admin';
import type { ApiTokenStatistics } from '../../contracts/api-tokens';
import type { UserStatistics } from '../../contracts/auth';
import type { CareStatistics } from '../../contracts/care';
import type { FileStatistics } from '../../contracts/files';
import type { MailStatistics } from '../../contracts/mail';
import type { RuntimeConfig } from '../config';
import type { HttpClient } from './httpClient';
import { resourceProvider } from './kit/resourceProvider';

/** The dashboard's figures: one record per statistics route (docs/api.md, Statistics), read with getOne by its id. */
export const STATISTICS_RESOURCE = 'statistics';

/** What each statistics record holds: the route's answer (wire names) plus its id. */
export interface StatisticsRecords {
  mail: Static<typeof MailStatistics>;
  care: Static<typeof CareStatistics>;
  files: Static<typeof FileStatistics>;
  fileTokens: Static<typeof ApiTokenStatistics>;
  pricingTokens: Static<typeof ApiTokenStatistics>;
  users: Static<typeof UserStatistics>;
}

export type StatisticsId = keyof StatisticsRecords;
export type StatisticsRecord<K extends StatisticsId> = StatisticsRecords[K] & { id: K };

type CareWeek = StatisticsRecords['care']['weeks'][number];
export type { CareWeek };

function statisticsUrls(
  config: Pick<RuntimeConfig, 'authUrl' | 'mailUrl' | 'careUrl' | 'filesUrl' | 'pricingUrl'>,
): Record<StatisticsId, string> {
  return {
    mail: `${config.mailUrl}/administration/statistics/`,
    care: `${config.careUrl}/statistics/`,
    files: `${config.filesUrl}/statistics/`,
    fileTokens: `${config.filesUrl}/administration/access-tokens/statistics/`,
    pricingTokens: `${config.pricingUrl}/administration/access-tokens/statistics/`,
    users: `${config.authUrl}/administration/statistics/`,
  };
}

const isStatisticsId = (id: unknown, urls: Record<StatisticsId, string>): id is StatisticsId =>
  typeof id === 'string' && Object.hasOwn(urls, id);

/** getOne('statistics', {id: 'mail'}) reads the mail service's figures, and so on; nothing else is supported. */
export function createStatisticsProvider(config: RuntimeConfig, httpClient: HttpClient) {
  const urls = statisticsUrls(config);
  return resourceProvider({
    getOne: async (_resource: string, { id }: GetOneParams) => {
      if (!isStatisticsId(id, urls)) throw new Error(`Unknown statistics: ${String(id)}`);
      const figures = (await httpClient(urls[id])).json as object;
      return { data: { ...figures, id } };
    },
  });
}

import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type { ApiTokenStatisticsResponse } from '../../../contracts/api-tokens';
import type { UserStatisticsResponse } from '../../../contracts/auth';
import type { CareRequestList, CareStatisticsResponse, IncomingPage } from '../../../contracts/care';
import type { ProblemResponse } from '../../../contracts/common';
import type { FileStatisticsResponse } from '../../../contracts/files';
import type { MailStatisticsResponse } from '../../../contracts/mail';
import { testConfig } from './fakeAuthService';

/** The statistics routes' answers the fake services give (the dashboard reads them); a test may replace any. */
export interface FakeStatistics {
  mail: MailStatisticsResponse;
  care: CareStatisticsResponse;
  files: FileStatisticsResponse;
  fileTokens: ApiTokenStatisticsResponse;
  pricingTokens: ApiTokenStatisticsResponse;
  users: UserStatisticsResponse;
  /** The totals the incoming list answers for the dashboard's own-work card, by its filter. */
  careWork: { mine: number; due: number; unassigned_new: number };
}

export function initialStatistics(): FakeStatistics {
  const weeks = Array.from({ length: 12 }, (_, index) => {
    const monday = new Date(Date.UTC(2026, 8, 7 + 7 * index));
    const requests = index === 11 ? 9 : index;
    return {
      week: `2026-W${String(37 + index).padStart(2, '0')}`,
      starts: monday.toISOString().slice(0, 10),
      requests,
      core_territory: Math.floor(requests / 2),
      optional_territory: Math.floor(requests / 3),
    };
  });
  return {
    mail: { queued: 3, retrying: 2, failed: 1, delivered_today: 1234, today: '2026-11-24', time_zone: 'Europe/Berlin' },
    care: { time_zone: 'Europe/Berlin', weeks },
    files: { files: 1_000_000, total_size: 3 * 1024 ** 3 },
    fileTokens: { expiring: 2, within_days: 14 },
    pricingTokens: { expiring: 0, within_days: 14 },
    users: { locked_users: 1, missing_second_factor: 2 },
    careWork: { mine: 2, due: 1, unassigned_new: 4 },
  };
}

/** msw handlers answering the six statistics routes and the incoming list's totals of the own-work card from `statistics` (read at request time; null answers 503). */
export function statisticsHandlers(statistics: () => FakeStatistics, hits: string[] = []) {
  const answer = (key: keyof FakeStatistics, url: string) =>
    http.get(url, () => {
      hits.push(key);
      const figures = statistics()[key];
      // a test sets a figure to null (`null as never`) for a service that is down
      if (figures === null)
        return HttpResponse.json(
          { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'down' } satisfies ProblemResponse,
          { status: 503 },
        );
      return HttpResponse.json(figures);
    });
  return [
    answer('mail', `${testConfig.mailUrl}/administration/statistics/`),
    answer('care', `${testConfig.careUrl}/statistics/`),
    answer('files', `${testConfig.filesUrl}/statistics/`),
    answer('fileTokens', `${testConfig.filesUrl}/administration/access-tokens/statistics/`),
    answer('pricingTokens', `${testConfig.pricingUrl}/administration/access-tokens/statistics/`),
    answer('users', `${testConfig.authUrl}/administration/statistics/`),
    http.get(`${testConfig.careUrl}/incoming/care-requests/`, ({ request }) => {
      const filters = JSON.parse(new URL(request.url).searchParams.get('filters') ?? '{}') as Static<
        typeof CareRequestList.filters
      >;
      const work = statistics().careWork;
      const total = filters.follow_up
        ? work.due
        : filters.assignee === 'me'
          ? work.mine
          : filters.assignee === 'none'
            ? work.unassigned_new
            : 0;
      return HttpResponse.json({
        items: [],
        previous_page: null,
        next_page: null,
        total,
      } satisfies Static<typeof IncomingPage>);
    }),
  ];
}

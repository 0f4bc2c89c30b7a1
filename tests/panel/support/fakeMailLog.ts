import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type {
  DeliveredOutput,
  FailedOutput,
  MailLogDetailOutput,
  MailLogItemOutput,
  MailLogPage,
  MailLogSearch,
  MailLogSortKey,
  QueueEntryOutput,
  RetryingOutput,
} from '../../../contracts/mail';
import { problem } from './fakeAuthService';

/**
 * The mail log routes of the fake mail service (GET /administration/mails/ in the paged dialect, one mail, resend,
 * cancel), answering in the shape of the wire contract. The log is made of the fake's four spec lists (so a
 * test that changes one sees it in both) plus the cancelled mails; `details` holds the attempts and links of a mail.
 */

/** A mail cancelled while it was queued or retrying: only the mail log lists it. */
export type CancelledEntry = QueueEntryOutput & { completed_time: number };

export interface MailLogLists {
  queue: QueueEntryOutput[];
  delivered: DeliveredOutput[];
  retrying: RetryingOutput[];
  failed: FailedOutput[];
  cancelled: CancelledEntry[];
  /** What a mail's detail has beyond its list entry (attempts, links, the cancellation), by reference uid. */
  details: Map<string, Partial<MailLogDetailOutput>>;
  /** Status of a forced failure of list loads (0: none). */
  failLists: number;
}

/** A list entry with the state its list stands for. */
type Listed =
  | { state: 'queued'; entry: QueueEntryOutput }
  | { state: 'retrying'; entry: RetryingOutput }
  | { state: 'delivered'; entry: DeliveredOutput }
  | { state: 'failed'; entry: FailedOutput }
  | { state: 'cancelled'; entry: CancelledEntry };

const SORT_KEYS: readonly MailLogSortKey[] = ['requested_time', 'state', 'sender', 'subject'];
const isSortKey = (key: string): key is MailLogSortKey => (SORT_KEYS as readonly string[]).includes(key);

/** A spec list entry as a mail log item; completed_time, next_attempt and refused serve the spec lists' columns. */
function logItemOf({ state, entry }: Listed): MailLogItemOutput {
  const { sender, to, cc, subject } = entry.mail;
  const item: MailLogItemOutput = {
    reference_uid: entry.reference_uid,
    state,
    mail: { sender, to, cc, subject },
    requested_time: entry.requested_time,
    attempts: 0,
    message_id: null,
    last_error: null,
    completed_time: null,
    next_attempt: null,
    refused: [],
  };
  switch (state) {
    case 'queued':
      return { ...item, attempts: entry.attempt };
    case 'retrying':
      return { ...item, attempts: entry.attempt, last_error: entry.error_message, next_attempt: entry.next_attempt };
    case 'delivered':
      return { ...item, completed_time: entry.delivered, refused: entry.refused };
    case 'failed':
      return { ...item, attempts: entry.attempts, last_error: entry.error_message };
    case 'cancelled':
      return { ...item, attempts: entry.attempt, completed_time: entry.completed_time };
  }
}

export function allMails(lists: MailLogLists): (Listed & { item: MailLogItemOutput })[] {
  const listed: Listed[] = [
    ...lists.queue.map((entry) => ({ state: 'queued' as const, entry })),
    ...lists.retrying.map((entry) => ({ state: 'retrying' as const, entry })),
    ...lists.delivered.map((entry) => ({ state: 'delivered' as const, entry })),
    ...lists.failed.map((entry) => ({ state: 'failed' as const, entry })),
    ...lists.cancelled.map((entry) => ({ state: 'cancelled' as const, entry })),
  ];
  return listed.map((mail) => ({ ...mail, item: logItemOf(mail) }));
}

const textOf = (item: MailLogItemOutput) =>
  [item.mail.sender, ...item.mail.to, ...item.mail.cc, item.mail.subject, item.message_id ?? '']
    .join(' ')
    .toLowerCase();

function compare(a: MailLogItemOutput, b: MailLogItemOutput, key: MailLogSortKey): number {
  const value = (item: MailLogItemOutput) => (key === 'sender' || key === 'subject' ? item.mail[key] : item[key]);
  const [x, y] = [value(a), value(b)];
  if (typeof x === 'number' && typeof y === 'number') return x - y || a.reference_uid.localeCompare(b.reference_uid);
  return String(x).localeCompare(String(y)) || a.reference_uid.localeCompare(b.reference_uid);
}

/** The page the real service would answer, or a 400 problem for what it refuses. */
function logPage(lists: MailLogLists, url: URL): Response {
  const query = url.searchParams;
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('page_size') ?? 10);
  const sortBy = query.get('sort_by') ?? 'requested_time';
  const ordering = query.get('ordering') ?? 'des';
  if (!isSortKey(sortBy))
    return problem(400, 'Bad Request', `sort_by must be one of ${SORT_KEYS.join(', ')}`, 'sort_by');
  if (!(pageSize >= 1 && pageSize <= 100)) return problem(400, 'Bad Request', 'page_size must be 1..100', 'page_size');
  let filters: Static<typeof MailLogSearch.filters> = {};
  try {
    filters = JSON.parse(query.get('filters') ?? '{}') as typeof filters;
  } catch {
    return problem(400, 'Bad Request', 'The filter is not valid.', 'filters', {}, '/problems/invalid-filters');
  }
  const words = (query.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const items = allMails(lists)
    .map(({ item }) => item)
    .filter((item) => !filters.state?.length || filters.state.includes(item.state))
    .filter((item) => filters.requested?.from == null || item.requested_time >= filters.requested.from)
    .filter((item) => filters.requested?.to == null || item.requested_time <= filters.requested.to)
    .filter((item) => words.every((word) => textOf(item).includes(word)))
    .sort((a, b) => (ordering === 'asc' ? 1 : -1) * compare(a, b, sortBy));
  const start = (page - 1) * pageSize;
  const total = items.length;
  return HttpResponse.json({
    items: items.slice(start, start + pageSize),
    previous_page: page > 1 ? page - 1 : null,
    next_page: start + pageSize < total ? page + 1 : null,
    total,
    total_is_lower_bound: false,
  } satisfies Static<typeof MailLogPage>);
}

/** One mail's detail: the stored detail, else one made of its list entry (no attempts, no links). */
export function mailDetail(lists: MailLogLists, uid: string): MailLogDetailOutput | null {
  const found = allMails(lists).find(({ item }) => item.reference_uid === uid);
  if (!found) return null;
  const { item, entry } = found;
  return {
    reference_uid: uid,
    state: item.state,
    mail: { ...item.mail, message: entry.mail.message },
    requested_time: item.requested_time,
    completed_time: item.completed_time,
    message_id: item.message_id,
    last_error: item.last_error,
    cancelled: null,
    resent_from: null,
    resent_as: [],
    attempts: [],
    ...lists.details.get(uid),
  };
}

/** The fake mail service's route wrapper: it records the request, checks the caller and hands on the JSON body it read. */
export type Route = <Body = unknown>(
  handler: (request: Request, params: Record<string, string>, body: Body) => Response | Promise<Response>,
) => (info: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Promise<Response>;

export function mailLogHandlers(lists: MailLogLists, route: Route, base: string, now: () => number) {
  let counter = 0;
  const notFound = () => problem(404, 'Not Found', 'No such mail.', undefined, {}, '/problems/mail-not-found');
  return [
    http.get(
      `${base}/administration/mails/`,
      route((request) =>
        lists.failLists
          ? problem(lists.failLists, 'Server Error', 'The list cannot be loaded.')
          : logPage(lists, new URL(request.url)),
      ),
    ),
    http.get(
      `${base}/administration/mails/:uid/`,
      route((_request, params) => {
        const detail = mailDetail(lists, params.uid);
        return detail ? HttpResponse.json(detail) : notFound();
      }),
    ),
    http.post(
      `${base}/administration/mails/:uid/resend/`,
      route((_request, params) => {
        const original = allMails(lists).find(({ item }) => item.reference_uid === params.uid);
        if (!original) return notFound();
        counter += 1;
        const uid = `eeeeeeee-0000-4000-8000-${String(counter).padStart(12, '0')}`;
        lists.queue.unshift({
          reference_uid: uid,
          mail: structuredClone(original.entry.mail),
          requested_time: now(),
          attempt: 0,
        });
        lists.details.set(uid, { resent_from: params.uid });
        const before = lists.details.get(params.uid) ?? {};
        lists.details.set(params.uid, { ...before, resent_as: [...(before.resent_as ?? []), uid] });
        return HttpResponse.json(mailDetail(lists, uid), { status: 201 });
      }),
    ),
    http.post(
      `${base}/administration/mails/:uid/cancel/`,
      route((_request, params) => {
        const found = allMails(lists).find(({ item }) => item.reference_uid === params.uid);
        if (!found) return notFound();
        if (found.state !== 'queued' && found.state !== 'retrying') {
          return problem(
            409,
            'Conflict',
            `The mail is ${found.state}; only a queued or retrying mail can be cancelled.`,
            undefined,
            {},
            '/problems/not-cancellable',
          );
        }
        if (found.state === 'queued') lists.queue.splice(lists.queue.indexOf(found.entry), 1);
        else lists.retrying.splice(lists.retrying.indexOf(found.entry), 1);
        const { reference_uid, mail, requested_time, attempt } = found.entry;
        lists.cancelled.push({ reference_uid, mail, requested_time, attempt, completed_time: now() });
        const before = lists.details.get(params.uid) ?? {};
        lists.details.set(params.uid, { ...before, cancelled: { time: now(), by: 'admin' } });
        return HttpResponse.json(mailDetail(lists, params.uid));
      }),
    ),
  ];
}

import { http, HttpResponse } from 'msw';
import { problem } from './fakeAuthService';
import type { MailLogItemOutput, MailOutput } from '../../../contracts/mail';

/**
 * The mail log routes of the fake mail service (GET /administration/mails/ in the paged dialect, one mail, resend,
 * cancel), answering in the shape of the wire contract. The log is made of the fake's four spec lists (so a
 * test that changes one sees it in both) plus the cancelled mails; `details` holds the attempts and links of a mail.
 */
type State = 'queued' | 'retrying' | 'delivered' | 'failed' | 'cancelled';
/** An entry of a spec list (contracts/mail.ts QueueEntry, Delivered, Retrying, Failed) or a cancelled mail: each with its own fields. */
interface Entry {
  reference_uid: string;
  mail: MailOutput;
  requested_time: number;
  attempt?: number;
  attempts?: number;
  delivered?: number;
  completed_time?: number;
  next_attempt?: number;
  error_message?: string | null;
  message_id?: string | null;
  refused?: { address: string; reply: string }[];
}

export interface MailLogLists {
  queue: Entry[];
  delivered: Entry[];
  retrying: Entry[];
  failed: Entry[];
  cancelled: Entry[];
  details: Map<string, Record<string, unknown>>;
  /** Status of a forced failure of list loads (0: none). */
  failLists: number;
}

const SORT_KEYS = ['requested_time', 'state', 'sender', 'subject'];

/** The log item's fields that serve the spec lists' columns. */
const extrasOf = (entry: Entry) => ({
  completed_time: entry.delivered ?? entry.completed_time ?? null,
  next_attempt: entry.next_attempt ?? null,
  refused: entry.refused ?? [],
});

/** A spec list entry as a mail log item (contracts/mail.ts MailLogItem). */
function logItemOf(entry: Entry, state: State): MailLogItemOutput {
  const { mail } = entry;
  return {
    reference_uid: entry.reference_uid,
    state,
    mail: { sender: mail.sender, to: mail.to ?? [], cc: mail.cc ?? [], subject: mail.subject },
    requested_time: entry.requested_time,
    attempts: entry.attempts ?? entry.attempt ?? 0,
    message_id: entry.message_id ?? null,
    last_error: entry.error_message ?? null,
    ...extrasOf(entry),
  };
}

type LogItem = MailLogItemOutput;

export function allMails(lists: MailLogLists): { entry: Entry; item: LogItem }[] {
  const of = (entries: Entry[], state: State) => entries.map((entry) => ({ entry, item: logItemOf(entry, state) }));
  return [
    ...of(lists.queue, 'queued'),
    ...of(lists.retrying, 'retrying'),
    ...of(lists.delivered, 'delivered'),
    ...of(lists.failed, 'failed'),
    ...of(lists.cancelled, 'cancelled'),
  ];
}

const textOf = (item: LogItem) =>
  [item.mail.sender, ...item.mail.to, ...item.mail.cc, item.mail.subject, item.message_id ?? '']
    .join(' ')
    .toLowerCase();

function compare(a: LogItem, b: LogItem, key: string): number {
  const value = (item: LogItem) =>
    key === 'sender' || key === 'subject' ? item.mail[key] : (item as Record<string, unknown>)[key];
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
  if (!SORT_KEYS.includes(sortBy))
    return problem(400, 'Bad Request', `sort_by must be one of ${SORT_KEYS.join(', ')}`, 'sort_by');
  if (!(pageSize >= 1 && pageSize <= 100)) return problem(400, 'Bad Request', 'page_size must be 1..100', 'page_size');
  let filters: { state?: State[]; requested?: { from?: number; to?: number } } = {};
  try {
    filters = JSON.parse(query.get('filters') ?? '{}');
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
  });
}

/** One mail's detail: the stored detail, else one made of its list entry (no attempts, no links). */
export function mailDetail(lists: MailLogLists, uid: string) {
  const found = allMails(lists).find(({ item }) => item.reference_uid === uid);
  if (!found) return null;
  const { item, entry } = found;
  const stored = lists.details.get(uid) ?? {};
  return {
    reference_uid: uid,
    state: item.state,
    mail: { ...item.mail, message: entry.mail.message },
    requested_time: item.requested_time,
    completed_time: extrasOf(entry).completed_time,
    message_id: item.message_id,
    last_error: item.last_error,
    cancelled: null,
    resent_from: null,
    resent_as: [],
    attempts: [],
    ...stored,
  };
}

/** The fake mail service's route wrapper (it records the request and checks its token); these routes read no body. */
type Route = (
  handler: (request: Request, params: Record<string, string>) => Response | Promise<Response>,
) => Parameters<typeof http.get>[1];

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
        lists.details.set(params.uid, { ...before, resent_as: [...((before.resent_as as string[]) ?? []), uid] });
        return HttpResponse.json(mailDetail(lists, uid), { status: 201 });
      }),
    ),
    http.post(
      `${base}/administration/mails/:uid/cancel/`,
      route((_request, params) => {
        const found = allMails(lists).find(({ item }) => item.reference_uid === params.uid);
        if (!found) return notFound();
        if (found.item.state !== 'queued' && found.item.state !== 'retrying') {
          return problem(
            409,
            'Conflict',
            `The mail is ${found.item.state}; only a queued or retrying mail can be cancelled.`,
            undefined,
            {},
            '/problems/not-cancellable',
          );
        }
        const from = found.item.state === 'queued' ? lists.queue : lists.retrying;
        from.splice(from.indexOf(found.entry), 1);
        lists.cancelled.push({ ...found.entry, error_message: null, completed_time: now() });
        const before = lists.details.get(params.uid) ?? {};
        lists.details.set(params.uid, { ...before, cancelled: { time: now(), by: 'admin' } });
        return HttpResponse.json(mailDetail(lists, params.uid));
      }),
    ),
  ];
}

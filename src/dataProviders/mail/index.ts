import {
  type CreateParams,
  type DeleteParams,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  HttpError,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { HttpClient } from '../httpClient';
import { dayRange } from '../kit/dayRange';
import { localListResource } from '../kit/localList';
import { pagedListResource } from '../kit/pagedList';
import { resourceProvider, type UpdateParamsOf } from '../kit/resourceProvider';
import { type AccountFormValues, type ProviderFormValues, toAccountInput, toProviderInput } from './forms';
import {
  asDeliveredEntry,
  asFailedEntry,
  asQueueEntry,
  asRetryingEntry,
  type MailLogRecord,
  toMailDetailRecord,
  toMailLogRecord,
} from './logRecords';
import { isMailState, type MailLogDetail, type MailLogItem, type MailState } from './logWire';
import { type AccountRecord, toAccountRecord, toProviderRecord } from './records';
import type { Account, Provider, Requeued, RetriedNow, SendMailInput, Sent } from './wire';

/** react-admin resource names of the mail screens. */
export const MAIL_RESOURCES = {
  providers: 'mailProviders',
  accounts: 'mailAccounts',
  queue: 'mailQueue',
  delivered: 'mailDelivered',
  retries: 'mailRetries',
  failed: 'mailFailed',
  log: 'mail-log',
} as const;

export type MailResource = (typeof MAIL_RESOURCES)[keyof typeof MAIL_RESOURCES];

/** The largest page the mail log answers; a longer page (the CSV export) is read page by page. */
export const MAIL_LOG_PAGE_SIZE_LIMIT = 100;

/**
 * The mail log's state filter -> the service's list of states: an array, or the URL's form, one text with the states
 * separated by commas ('failed,retrying'). Unknown states are left out.
 */
export function mailStatesOf(value: unknown): MailState[] | undefined {
  const listed = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const states = [...new Set(listed.map((state) => String(state).trim()).filter(isMailState))];
  return states.length ? states : undefined;
}

/** The problem body of an invalid expression (RE2's `reason`, and `at`, the part at fault), and the `errors` react-admin's form reads. */
interface InvalidExpressionBody {
  type?: unknown;
  reason?: unknown;
  at?: unknown;
  errors?: Record<string, string>;
}

/**
 * An invalid expression's problem as a submission error of the account editor's Expression field (react-admin's form reads
 * `body.errors`): the reason's text in the panel's language, translated when shown, in react-admin's format for a message with arguments.
 */
function withExpressionFieldError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as InvalidExpressionBody | null | undefined;
  if (body?.type !== '/problems/invalid-expression') return error;
  const reason = typeof body.reason === 'string' ? body.reason : 'syntax';
  const message = {
    message: `caredesk.mail.expression_errors.${reason.replaceAll('-', '_')}`,
    args: { at: body.at ?? '', _: error.message },
  };
  body.errors = { expression: `@@react-admin@@${JSON.stringify(message)}` };
  return error;
}

/** The getOne meta of the mail detail: keeps the detail apart from the list rows react-admin caches as getOne answers. */
export const MAIL_DETAIL_META = { view: 'detail' } as const;

/**
 * The mail screens' resources. Providers and accounts are local lists (the service returns them in full), read,
 * created and updated by uid; an account sends test mails. The mail log and the four spec lists are server-paged reads
 * of GET /administration/mails/ (the spec lists with their state filter fixed, so they search all their mails); the
 * log reads one mail with its attempts, resends and cancels; the failed deliveries can be requeued.
 */
export function createMailProviders(mailUrl: string, httpClient: HttpClient) {
  const url = (path: string) => `${mailUrl}/${path}`;
  const mailUrlOf = (id: Identifier, action = '') =>
    url(`administration/mails/${encodeURIComponent(String(id))}/${action}`);

  const logPages = pagedListResource<MailLogItem, MailLogRecord>(httpClient, {
    url: url('administration/mails/'),
    filters: { state: mailStatesOf, requested: dayRange },
    defaultSort: { field: 'requested_time', order: 'DESC' },
    getId: (item) => item.reference_uid,
    toRecord: (item) => toMailLogRecord(item),
  });

  /** A getList asking for more than the service's page size reads consecutive pages (the CSV export asks for all). */
  const readLog = async (resource: string, params: GetListParams): Promise<GetListResult<MailLogRecord>> => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: MAIL_LOG_PAGE_SIZE_LIMIT };
    if (perPage <= MAIL_LOG_PAGE_SIZE_LIMIT) return logPages.getList(resource, params);
    const first = (Math.max(1, page) - 1) * perPage;
    const rows: MailLogRecord[] = [];
    let apiPage = Math.floor(first / MAIL_LOG_PAGE_SIZE_LIMIT) + 1;
    let skip = first % MAIL_LOG_PAGE_SIZE_LIMIT;
    let last: GetListResult<MailLogRecord>;
    for (;;) {
      last = await logPages.getList(resource, {
        ...params,
        pagination: { page: apiPage, perPage: MAIL_LOG_PAGE_SIZE_LIMIT },
      });
      rows.push(...last.data.slice(skip, skip + perPage - rows.length));
      skip = 0;
      if (rows.length >= perPage || !last.pageInfo?.hasNextPage || last.data.length === 0) break;
      apiPage += 1;
    }
    // the last page's total (and whatever else it says about it, e.g. that the total is a lower bound)
    const hasNextPage = first + rows.length < (last.total ?? 0) || !!last.pageInfo?.hasNextPage;
    return { ...last, data: rows, pageInfo: { hasPreviousPage: first > 0, hasNextPage } };
  };

  /** One of the spec's four lists: the log with its state fixed, its rows in the spec list's shape. */
  const stateList = <T extends MailLogRecord>(state: MailState, shape: (record: MailLogRecord) => T) => ({
    getList: async (resource: string, params: GetListParams) => {
      const filter = params.filter as Record<string, unknown> | undefined;
      const result = await logPages.getList(resource, { ...params, filter: { ...filter, state: [state] } });
      return { ...result, data: result.data.map(shape) };
    },
  });

  const mailAction = async (id: Identifier, action: 'resend/' | 'cancel/') =>
    toMailDetailRecord((await httpClient(mailUrlOf(id, action), { method: 'POST', body: '{}' })).json as MailLogDetail);

  /** Providers and accounts: a local list, and create and update with the editor's form values turned into the input body. */
  const editable = <TItem, TRecord extends RaRecord, TValues>(
    path: string,
    toRecord: (item: TItem) => TRecord,
    toInput: (values: Partial<TValues>, previous: Partial<TRecord> | undefined, isCreate: boolean) => unknown,
    searchFields: string[],
  ) => {
    const itemUrl = (id: Identifier) => url(`${path}${encodeURIComponent(String(id))}/`);
    const send = async (target: string, method: 'POST' | 'PUT', body: unknown) => {
      try {
        return toRecord((await httpClient(target, { method, body: JSON.stringify(body) })).json as TItem);
      } catch (error) {
        throw withExpressionFieldError(error);
      }
    };
    return {
      ...localListResource(httpClient, { url: url(path), toRecord, searchFields, itemUrl }),
      create: async (_resource: string, { data }: CreateParams<TValues>) => ({
        data: await send(url(path), 'POST', toInput(data, undefined, true)),
      }),
      update: async (_resource: string, { id, data, previousData }: UpdateParamsOf<TValues, TRecord>) => ({
        data: await send(itemUrl(id), 'PUT', toInput(data, previousData, false)),
      }),
      /** DELETE …/{uid}/, for good; a provider still in use is refused (409 provider-in-use saying how many accounts use it). */
      delete: async (_resource: string, { id, previousData }: DeleteParams<TRecord>) => {
        await httpClient(itemUrl(id), { method: 'DELETE' });
        return { data: (previousData ?? { id }) as TRecord };
      },
    };
  };

  return {
    [MAIL_RESOURCES.providers]: resourceProvider(
      editable(
        'administration/providers/',
        (item: Provider) => toProviderRecord(item),
        (values: ProviderFormValues) => toProviderInput(values),
        ['name', 'host', 'port', 'security'],
      ),
    ),
    [MAIL_RESOURCES.accounts]: resourceProvider({
      ...editable(
        'administration/accounts/',
        (item: Account) => toAccountRecord(item),
        (values: AccountFormValues, previous: Partial<AccountRecord> | undefined, isCreate) =>
          toAccountInput(values, !!previous?.authentication && !!previous?.credentials, isCreate),
        ['expression', 'providerLabel', 'username'],
      ),
      /** dataProvider.sendMail('mailAccounts', {data}): POST /send/ (a test mail through the account matching the sender). */
      sendMail: async (_resource: string, { data }: { data: SendMailInput }) => {
        const answer = await httpClient(url('send/'), { method: 'POST', body: JSON.stringify({ cc: [], ...data }) });
        return { data: answer.json as Sent };
      },
    }),
    [MAIL_RESOURCES.queue]: resourceProvider(stateList('queued', asQueueEntry)),
    [MAIL_RESOURCES.delivered]: resourceProvider(stateList('delivered', asDeliveredEntry)),
    [MAIL_RESOURCES.retries]: resourceProvider({
      ...stateList('retrying', asRetryingEntry),
      /** dataProvider.retryNow('mailRetries', {ids}): the selected retrying mails are due now; resolves to how many moved. */
      retryNow: async (_resource: string, { ids }: { ids: Identifier[] }) => {
        const answer = await httpClient(url('administration/queue/failed-temporarily/retry-now/'), {
          method: 'POST',
          body: JSON.stringify({ uids: ids.map(String) }),
        });
        return { data: answer.json as RetriedNow };
      },
    }),
    [MAIL_RESOURCES.failed]: resourceProvider({
      ...stateList('failed', asFailedEntry),
      /** dataProvider.requeueMails('mailFailed', {ids}): the selected permanently failed deliveries go back to the queue. */
      requeueMails: async (_resource: string, { ids }: { ids: Identifier[] }) => {
        const answer = await httpClient(url('administration/queue/failed-permanently/requeue/'), {
          method: 'POST',
          body: JSON.stringify({ uids: ids.map(String) }),
        });
        return { data: answer.json as Requeued };
      },
    }),
    [MAIL_RESOURCES.log]: resourceProvider({
      getList: readLog,
      /** One mail with its body, attempts and resend links (GET …/mails/{reference_uid}/). */
      getOne: async (_resource: string, { id, signal }: GetOneParams<MailLogRecord>) => ({
        data: toMailDetailRecord((await httpClient(mailUrlOf(id), { signal })).json as MailLogDetail),
      }),
      /** dataProvider.resendMail('mail-log', {id}): a new mail with the same content; resolves to the new mail. */
      resendMail: async (_resource: string, { id }: { id: Identifier }) => ({ data: await mailAction(id, 'resend/') }),
      /** dataProvider.cancelMail('mail-log', {id}): a queued or retrying mail becomes cancelled; resolves to the mail. */
      cancelMail: async (_resource: string, { id }: { id: Identifier }) => ({ data: await mailAction(id, 'cancel/') }),
    }),
  };
}

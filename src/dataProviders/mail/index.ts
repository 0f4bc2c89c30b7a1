import type { CreateParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from '../httpClient';
import { localListResource } from '../kit/localList';
import { resourceProvider, type UpdateParamsOf } from '../kit/resourceProvider';
import { type AccountFormValues, type ProviderFormValues, toAccountInput, toProviderInput } from './forms';
import { type AccountRecord, toAccountRecord, toMailItemRecord, toProviderRecord } from './records';
import type { Account, FailedEntry, Provider, Requeued, SendMailInput, Sent } from './wire';

/** react-admin resource names of the mail screens. */
export const MAIL_RESOURCES = {
  providers: 'mailProviders',
  accounts: 'mailAccounts',
  queue: 'mailQueue',
  delivered: 'mailDelivered',
  retries: 'mailRetries',
  failed: 'mailFailed',
} as const;

export type MailResource = (typeof MAIL_RESOURCES)[keyof typeof MAIL_RESOURCES];

const MAIL_SEARCH_FIELDS = ['sender', 'recipients', 'subject', 'reference_uid', 'error_message'];

/**
 * The mail screens' resources. Every list is local (the service returns it in full, up to its limit); providers and
 * accounts are read, created and updated by uid; the failed deliveries can be requeued and an account sends test mails.
 */
export function createMailProviders(mailUrl: string, httpClient: HttpClient) {
  const url = (path: string) => `${mailUrl}/${path}`;

  /** A list of queue items (mails with their delivery state), read only. */
  const mailItems = <T extends { reference_uid: string; mail: SendMailInput & { cc: string[] } }>(path: string) =>
    localListResource(httpClient, { url: url(path), toRecord: (item: T) => toMailItemRecord(item), searchFields: MAIL_SEARCH_FIELDS });

  /** Providers and accounts: a local list, and create and update with the editor's form values turned into the input body. */
  const editable = <TItem, TRecord extends RaRecord, TValues>(
    path: string,
    toRecord: (item: TItem) => TRecord,
    toInput: (values: Partial<TValues>, previous: Partial<TRecord> | undefined, isCreate: boolean) => unknown,
    searchFields: string[],
  ) => {
    const itemUrl = (id: Identifier) => url(`${path}${encodeURIComponent(String(id))}/`);
    const send = async (target: string, method: 'POST' | 'PUT', body: unknown) =>
      toRecord((await httpClient(target, { method, body: JSON.stringify(body) })).json as TItem);
    return {
      ...localListResource(httpClient, { url: url(path), toRecord, searchFields, itemUrl }),
      create: async (_resource: string, { data }: CreateParams<TValues>) => ({ data: await send(url(path), 'POST', toInput(data, undefined, true)) }),
      update: async (_resource: string, { id, data, previousData }: UpdateParamsOf<TValues, TRecord>) => ({
        data: await send(itemUrl(id), 'PUT', toInput(data, previousData, false)),
      }),
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
        const { json } = await httpClient(url('send/'), { method: 'POST', body: JSON.stringify({ cc: [], ...data }) });
        return { data: json as Sent };
      },
    }),
    [MAIL_RESOURCES.queue]: resourceProvider(mailItems('administration/queue/')),
    [MAIL_RESOURCES.delivered]: resourceProvider(mailItems('administration/queue/delivered/')),
    [MAIL_RESOURCES.retries]: resourceProvider(mailItems('administration/queue/failed-temporarily/')),
    [MAIL_RESOURCES.failed]: resourceProvider({
      ...mailItems<FailedEntry>('administration/queue/failed-permanently/'),
      /** dataProvider.requeueMails('mailFailed', {ids}): the selected permanently failed deliveries go back to the queue. */
      requeueMails: async (_resource: string, { ids }: { ids: Identifier[] }) => {
        const { json } = await httpClient(url('administration/queue/failed-permanently/requeue/'), {
          method: 'POST',
          body: JSON.stringify({ uids: ids.map(String) }),
        });
        return { data: json as Requeued };
      },
    }),
  };
}

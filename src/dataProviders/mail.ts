import type {
  CreateParams,
  CreateResult,
  DataProvider,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import type { HttpClient } from './httpClient';
import { applyListParams } from './localList';

/** Wire types of the mail service (CONTRACT-mail.md). Timestamps are epoch seconds. */
export type MailSecurity = 'none' | 'starttls' | 'ssl/tls';
export const MAIL_SECURITIES: readonly MailSecurity[] = ['none', 'starttls', 'ssl/tls'];

export interface Provider {
  uid: string;
  name: string;
  host: string;
  port: number;
  security: MailSecurity;
}

export interface Account {
  uid: string;
  expression: string;
  provider: { uid: string; name: string; host: string };
  credentials: { username: string } | null;
}

export interface Mail {
  sender: string;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
}

export interface QueueEntry {
  reference_uid: string;
  mail: Mail;
  requested_time: number;
  attempt: number;
}
/** A recipient the provider refused while it accepted the mail for the others, with its reply ("550 5.1.1 No such user"). */
export interface RefusedRecipient {
  address: string;
  reply: string;
}
export interface DeliveredEntry {
  reference_uid: string;
  mail: Mail;
  requested_time: number;
  delivered: number;
  refused: RefusedRecipient[];
}
export interface RetryingEntry extends QueueEntry {
  error_message: string;
  next_attempt: number;
}
export interface FailedEntry {
  reference_uid: string;
  mail: Mail;
  requested_time: number;
  error_message: string;
  attempts: number;
}

/** The panel's records: `id` is the uid (reference_uid for queue items); mail fields are copied up for search. */
export type ProviderRecord = Provider & RaRecord<string>;

export interface AccountRecord extends Account, RaRecord<string> {
  id: string;
  /** Form fields of the account editor (derived from the wire object). */
  providerUid: string;
  authentication: boolean;
  credentials_changed: boolean;
  username: string | null;
  password: string | null;
  providerLabel: string;
}

export type MailItemRecord<T extends { reference_uid: string; mail: Mail }> = T &
  RaRecord<string> & { sender: string; recipients: string; subject: string };

/** Form values of the account editor. */
export interface AccountFormValues {
  expression?: string;
  providerUid?: string;
  authentication?: boolean;
  credentials_changed?: boolean;
  username?: string | null;
  password?: string | null;
}

/** Form values of the provider editor (the port input is text). */
export interface ProviderFormValues {
  name?: string;
  host?: string;
  port?: string | number | null;
  security?: MailSecurity;
}

export interface SendMailInput {
  sender: string;
  to: string[];
  cc?: string[];
  subject: string;
  message: string;
}

/** The mail provider's own methods, called through the composite provider. */
export interface MailMethods {
  requeueMails(resource: string, params: { ids: Identifier[] }): Promise<{ data: { requeued: string[] } }>;
  sendMail(resource: string, params: { data: SendMailInput }): Promise<{ data: { reference_uid: string } }>;
}

export type MailDataProvider = DataProvider & MailMethods;

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

export const isMailResource = (resource: string): resource is MailResource =>
  (Object.values(MAIL_RESOURCES) as string[]).includes(resource);

const LIST_PATHS: Record<MailResource, string> = {
  mailProviders: 'administration/providers/',
  mailAccounts: 'administration/accounts/',
  mailQueue: 'administration/queue/',
  mailDelivered: 'administration/queue/delivered/',
  mailRetries: 'administration/queue/failed-temporarily/',
  mailFailed: 'administration/queue/failed-permanently/',
};

const MAIL_SEARCH_FIELDS = ['sender', 'recipients', 'subject', 'reference_uid', 'error_message'];
const SEARCH_FIELDS: Record<MailResource, string[]> = {
  mailProviders: ['name', 'host', 'port', 'security'],
  mailAccounts: ['expression', 'providerLabel', 'username'],
  mailQueue: MAIL_SEARCH_FIELDS,
  mailDelivered: MAIL_SEARCH_FIELDS,
  mailRetries: MAIL_SEARCH_FIELDS,
  mailFailed: MAIL_SEARCH_FIELDS,
};

export const toProviderRecord = (provider: Provider): ProviderRecord => ({ ...provider, id: provider.uid });

export const toAccountRecord = (account: Account): AccountRecord => ({
  ...account,
  id: account.uid,
  providerUid: account.provider?.uid ?? '',
  providerLabel: account.provider ? `${account.provider.name} ${account.provider.host}` : '',
  authentication: account.credentials !== null && account.credentials !== undefined,
  credentials_changed: false,
  username: account.credentials?.username ?? null,
  password: null,
});

export function toMailItemRecord<T extends { reference_uid: string; mail: Mail }>(item: T): MailItemRecord<T> {
  const mail = item.mail ?? ({ sender: '', to: [], cc: [], subject: '', message: '' } as Mail);
  return {
    ...item,
    id: item.reference_uid,
    sender: mail.sender,
    recipients: [...(mail.to ?? []), ...(mail.cc ?? [])].join(' '),
    subject: mail.subject,
  };
}

const toRecord = (resource: MailResource, item: any): RaRecord => {
  switch (resource) {
    case 'mailProviders':
      return toProviderRecord(item as Provider);
    case 'mailAccounts':
      return toAccountRecord(item as Account);
    default:
      return toMailItemRecord(item);
  }
};

/** The ProviderInput body: trimmed texts, the port as an integer. */
export function toProviderInput(values: ProviderFormValues) {
  return {
    name: String(values.name ?? '').trim(),
    host: String(values.host ?? '').trim(),
    port: Number(String(values.port ?? '').trim()),
    security: values.security,
  };
}

/**
 * The AccountInput body. `hadCredentials` says whether the stored account has credentials (false on create).
 * Credentials count as changed when the checkbox differs from the stored state, or when 'Edit Credentials' was
 * pressed; on create they are always taken as given.
 */
export function toAccountInput(values: AccountFormValues, hadCredentials: boolean, isCreate: boolean) {
  const authentication = !!values.authentication;
  const changed = isCreate || authentication !== hadCredentials || (authentication && !!values.credentials_changed);
  const credentials =
    authentication && changed ? { username: String(values.username ?? '').trim(), password: String(values.password ?? '') } : null;
  return {
    expression: String(values.expression ?? ''),
    provider: { uid: String(values.providerUid ?? '') },
    credentials,
    credentials_changed: changed,
  };
}

const notSupported = (what: string) => Promise.reject(new Error(`${what} is not supported for the mail screens`));

/** All mail screens' resources (lists are local: the service returns them in full, up to its limit). */
export function createMailDataProvider(mailUrl: string, httpClient: HttpClient): MailDataProvider {
  const url = (path: string) => `${mailUrl}/${path}`;
  const itemUrl = (resource: MailResource, id: Identifier) => url(`${LIST_PATHS[resource]}${encodeURIComponent(String(id))}/`);
  const check = (resource: string): MailResource => {
    if (!isMailResource(resource)) throw new Error(`Unknown mail resource: ${resource}`);
    return resource;
  };

  const fetchAll = async (resource: MailResource): Promise<RaRecord[]> => {
    const { json } = await httpClient(url(LIST_PATHS[resource]));
    return Array.isArray(json) ? json.map((item) => toRecord(resource, item)) : [];
  };

  const body = (resource: MailResource, data: unknown, previous: Partial<AccountRecord> | undefined, isCreate: boolean) =>
    resource === 'mailProviders'
      ? toProviderInput(data as ProviderFormValues)
      : toAccountInput(data as AccountFormValues, !!previous?.authentication && !!previous?.credentials, isCreate);

  return {
    async getList(resource: string, params: GetListParams): Promise<GetListResult<any>> {
      const name = check(resource);
      return applyListParams(await fetchAll(name), params, SEARCH_FIELDS[name]);
    },

    async getOne(resource: string, params: GetOneParams): Promise<GetOneResult<any>> {
      const name = check(resource);
      if (name !== 'mailProviders' && name !== 'mailAccounts') {
        const found = (await fetchAll(name)).find((record) => String(record.id) === String(params.id));
        if (!found) throw new Error('Not found');
        return { data: found };
      }
      const { json } = await httpClient(itemUrl(name, params.id));
      return { data: toRecord(name, json) };
    },

    async getMany(resource: string, params: GetManyParams): Promise<GetManyResult<any>> {
      const wanted = new Set(params.ids.map(String));
      return { data: (await fetchAll(check(resource))).filter((record) => wanted.has(String(record.id))) };
    },

    async getManyReference(resource: string, params): Promise<GetListResult<any>> {
      const name = check(resource);
      const matching = (await fetchAll(name)).filter((record) => String((record as any)[params.target]) === String(params.id));
      return applyListParams(matching, params, SEARCH_FIELDS[name]);
    },

    async create(resource: string, params: CreateParams): Promise<CreateResult<any>> {
      const name = check(resource);
      if (name !== 'mailProviders' && name !== 'mailAccounts') return notSupported('create');
      const { json } = await httpClient(url(LIST_PATHS[name]), { method: 'POST', body: JSON.stringify(body(name, params.data, undefined, true)) });
      return { data: toRecord(name, json) };
    },

    async update(resource: string, params: UpdateParams): Promise<UpdateResult<any>> {
      const name = check(resource);
      if (name !== 'mailProviders' && name !== 'mailAccounts') return notSupported('update');
      const { json } = await httpClient(itemUrl(name, params.id), {
        method: 'PUT',
        body: JSON.stringify(body(name, params.data, params.previousData as Partial<AccountRecord>, false)),
      });
      return { data: toRecord(name, json) };
    },

    updateMany: () => notSupported('updateMany'),
    delete: () => notSupported('delete'),
    deleteMany: () => notSupported('deleteMany'),

    async requeueMails(_resource, { ids }) {
      const { json } = await httpClient(url('administration/queue/failed-permanently/requeue/'), {
        method: 'POST',
        body: JSON.stringify({ uids: ids.map(String) }),
      });
      return { data: json };
    },

    async sendMail(_resource, { data }) {
      const { json } = await httpClient(url('send/'), { method: 'POST', body: JSON.stringify({ cc: [], ...data }) });
      return { data: json };
    },
  };
}

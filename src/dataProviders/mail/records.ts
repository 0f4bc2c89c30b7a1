import type { RaRecord } from 'react-admin';
import type { Account, Mail, Provider } from './wire';

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

const NO_MAIL: Mail = { sender: '', to: [], cc: [], subject: '', message: '' };

export function toMailItemRecord<T extends { reference_uid: string; mail: Mail }>(item: T): MailItemRecord<T> {
  const mail = item.mail ?? NO_MAIL;
  return {
    ...item,
    id: item.reference_uid,
    sender: mail.sender,
    recipients: [...(mail.to ?? []), ...(mail.cc ?? [])].join(' '),
    subject: mail.subject,
  };
}

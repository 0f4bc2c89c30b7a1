import { uniqueAddress, type TestApp } from '../support/helpers';
import { aMail, MAIL } from '../support/mail-helpers';

export const LOG = `${MAIL}/administration/mails/`;

export interface LogItem {
  reference_uid: string;
  state: string;
  mail: { sender: string; to: string[]; cc: string[]; subject: string };
  requested_time: number;
  attempts: number;
  message_id: string | null;
  last_error: string | null;
}
export interface LogPage {
  items: LogItem[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
  total_is_lower_bound: boolean;
}
interface Attempt {
  time: number;
  provider: { uid: string; name: string; host: string } | null;
  outcome: string;
  reply_code: number | null;
  reply_text: string | null;
  recipients: { address: string; accepted: boolean; reply: string }[];
}
export interface Detail extends Omit<LogItem, 'attempts' | 'mail'> {
  mail: LogItem['mail'] & { message: string };
  completed_time: number | null;
  cancelled: { time: number; by: string } | null;
  resent_from: string | null;
  resent_as: string[];
  attempts: Attempt[];
}

/** The mail log's routes, called as the administrator of the file's test app (`app` is read at each call). */
export function mailLog(app: () => TestApp) {
  const query = (params: Record<string, string>) =>
    app().as({ method: 'GET', url: `${LOG}?${new URLSearchParams(params)}` });

  async function search(params: Record<string, string>): Promise<LogPage> {
    const response = await query(params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function detail(uid: string): Promise<Detail> {
    const response = await app().as({ method: 'GET', url: `${LOG}${uid}/` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const post = (uid: string, action: 'resend' | 'cancel', token?: string) =>
    app().as({ method: 'POST', url: `${LOG}${uid}/${action}/`, token, remoteAddress: uniqueAddress() });

  return { query, search, detail, post };
}

export const uidsOf = (page: LogPage) => page.items.map((item) => item.reference_uid);

/** Mails of one test: each subject carries the tag, so a query for the tag finds exactly them. */
export const tagged = (tag: string, overrides: Parameters<typeof aMail>[0] = {}) =>
  aMail({ subject: `Visit ${tag}`, ...overrides });

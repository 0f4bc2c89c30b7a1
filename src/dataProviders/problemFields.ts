/** A problem's `field` (the wire name, dotted like `roles.0`) → the translation key of the label the panel shows for it. */
export type FieldLabels = Readonly<Record<string, string>>;

const P = 'caredesk.problems.fields';

const COMMON: FieldLabels = { body: `${P}.request`, uid: `${P}.id` };

const USER: FieldLabels = {
  public_name: 'resources.users.fields.publicName',
  roles: 'resources.users.fields.roles',
  username: 'resources.users.fields.username',
  password: 'resources.users.fields.password',
  banned: 'resources.users.fields.banned',
  type: `${P}.type`,
};

const USER_SELECTION: FieldLabels = { uids: `${P}.users` };

const OWN_PASSWORD: FieldLabels = {
  username: 'resources.users.fields.username',
  password: 'caredesk.password.new_password',
};

const PROVIDER: FieldLabels = {
  name: 'caredesk.mail.fields.name',
  host: 'caredesk.mail.fields.host',
  port: 'caredesk.mail.fields.port',
  security: 'caredesk.mail.fields.security',
};

const ACCOUNT: FieldLabels = {
  expression: 'caredesk.mail.fields.expression',
  provider: 'caredesk.mail.fields.provider',
  credentials: 'caredesk.mail.fields.authentication',
  'credentials.username': 'caredesk.mail.fields.username',
  'credentials.password': 'caredesk.mail.fields.password',
  credentials_changed: 'caredesk.mail.editor.edit_credentials',
};

const MAIL: FieldLabels = {
  sender: 'caredesk.mail.fields.sender',
  to: `${P}.to`,
  cc: `${P}.cc`,
  subject: 'caredesk.mail.fields.subject',
  message: 'caredesk.mail.fields.message',
};

const REQUEUE: FieldLabels = { uids: `${P}.mails` };

const API_TOKEN: FieldLabels = {
  service: 'caredesk.files.tokens.service',
  token: 'caredesk.files.tokens.token',
  expires: 'caredesk.files.tokens.expiry_date',
};

const FILE: FieldLabels = {
  file: 'caredesk.files.upload.file',
  meta: `${P}.meta`,
  'meta.name': 'caredesk.files.upload.name',
  'meta.description': 'caredesk.files.upload.description',
  'meta.uploaded': `${P}.uploaded`,
  'meta.content_type': `${P}.content_type`,
  'meta.references': `${P}.references`,
  references: `${P}.references`,
  stored_binary: `${P}.stored_binary`,
};

/** A file's PATCH and the bulk delete. */
const FILE_CHANGE: FieldLabels = {
  name: 'caredesk.files.upload.name',
  description: 'caredesk.files.upload.description',
  references: `${P}.references`,
  uids: 'caredesk.files.delete.files',
};

const ROLE: FieldLabels = { role: 'caredesk.roles.role', permissions: 'caredesk.roles.permissions' };

const PAGED_LIST: FieldLabels = {
  filters: `${P}.filters`,
  query: `${P}.query`,
  page: `${P}.page`,
  page_size: `${P}.page_size`,
  sort_by: `${P}.sort`,
  ordering: `${P}.sort`,
};

/** A care request's workflow change. */
const CARE_WORK: FieldLabels = {
  status: 'caredesk.care_work.columns.status',
  assignee_uid: 'caredesk.care_work.columns.assignee',
  follow_up: 'caredesk.care_work.columns.follow_up',
};

/** Which labels name the fields of a request, by its path (the services' routes; the bases may be other hosts). */
const BY_PATH: [RegExp, FieldLabels][] = [
  [/\/administration\/(ban-users|unban-users|revoke-refresh-tokens)\/$/, USER_SELECTION],
  [/\/administration\/users\//, USER],
  [/\/administration\/roles\//, ROLE],
  [/\/update-password-authentication\/$/, OWN_PASSWORD],
  [/\/administration\/providers\//, PROVIDER],
  [/\/administration\/accounts\//, ACCOUNT],
  [/\/administration\/queue\/failed-permanently\/requeue\/$/, REQUEUE],
  [/\/send\/$/, MAIL],
  [/\/administration\/access-tokens\//, API_TOKEN],
  [/\/(upload|files\/[^/]+\/references)\/$/, FILE],
  [/\/(search|care-requests)\/$/, PAGED_LIST],
  [/\/care-requests\/[^/]+\/workflow\/$/, CARE_WORK],
  // after the search: a file's own path (`/files/{uid}/`, `/files/delete/`) ends like `/files/search/`
  [/\/files\/[^/]+\/$/, FILE_CHANGE],
];

/** The field labels for a request to `url`. */
export function fieldLabelsFor(url: string): FieldLabels {
  const path = new URL(url, 'http://panel.invalid').pathname;
  const match = BY_PATH.find(([pattern]) => pattern.test(path));
  return { ...COMMON, ...match?.[1] };
}

/** The label key of a dotted field, or of its nearest parent that has one (`roles.0` → roles, `provider.name` → provider). */
export function fieldLabelKey(field: string, labels: FieldLabels): string | undefined {
  const segments = field.split('.');
  for (let length = segments.length; length > 0; length--) {
    const key = labels[segments.slice(0, length).join('.')];
    if (key) return key;
  }
  return undefined;
}

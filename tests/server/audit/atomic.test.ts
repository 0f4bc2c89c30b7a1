import { eq, sql } from 'drizzle-orm';
import { apiTokens, files, mailProviders, mails, users } from '../../../server/db/schema';
import { FILES, createFilesTestApp, uploadForm, type StoredFile } from '../support/files-helpers';
import { AUTH, unique } from '../support/helpers';
import { MAIL, aMail } from '../support/mail-helpers';
import { lastEventId } from '../support/audit-helpers';

/**
 * An event is written in the transaction of its change: when the event cannot be written, the change is undone too.
 * A trigger of this test refuses the events of one action at a time.
 */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp();
  await t.adminToken();
  await t.db.execute(
    sql.raw(
      `create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
    ),
  );
});
afterAll(() => t?.cleanUp());

/** Runs `work` while events of `action` cannot be written. */
async function refusingEventsOf<T>(action: string, work: () => Promise<T>): Promise<T> {
  await t.db.execute(
    sql.raw(
      `create trigger refuse_audit before insert on audit_events for each row when (new.action = '${action}') execute function refuse_audit()`,
    ),
  );
  try {
    return await work();
  } finally {
    await t.db.execute(sql.raw('drop trigger refuse_audit on audit_events'));
  }
}

test.each([
  [
    'user.create',
    async () => {
      const publicName = unique('Name ');
      const response = await t.as({
        method: 'POST',
        url: `${AUTH}/administration/users/`,
        payload: { username: unique(), password: 'atomic-password', public_name: publicName, roles: [] },
      });
      return { status: response.statusCode, kept: await t.db.$count(users, eq(users.publicName, publicName)) };
    },
  ],
  [
    'user.ban',
    async () => {
      const anna = await t.createUser();
      const response = await t.as({
        method: 'POST',
        url: `${AUTH}/administration/ban-users/`,
        payload: { uids: [anna.domain_user.uid] },
      });
      const [row] = await t.db
        .select({ bannedAt: users.bannedAt })
        .from(users)
        .where(eq(users.uid, anna.domain_user.uid));
      return { status: response.statusCode, kept: row.bannedAt ? 1 : 0 };
    },
  ],
  [
    'mail-provider.create',
    async () => {
      const name = unique('Provider ');
      const response = await t.as({
        method: 'POST',
        url: `${MAIL}/administration/providers/`,
        payload: { name, host: 'smtp.example.org', port: 25, security: 'none' },
      });
      return { status: response.statusCode, kept: await t.db.$count(mailProviders, eq(mailProviders.name, name)) };
    },
  ],
  [
    'mail.send',
    async () => {
      const subject = unique('Subject ');
      const response = await t.as({ method: 'POST', url: `${MAIL}/send/`, payload: aMail({ subject }) });
      return { status: response.statusCode, kept: await t.db.$count(mails, eq(mails.subject, subject)) };
    },
  ],
  [
    'api-token.create',
    async () => {
      const service = unique('service-');
      const response = await t.as({
        method: 'POST',
        url: `${FILES}/administration/access-tokens/`,
        payload: { service, token: `value-${service}` },
      });
      return { status: response.statusCode, kept: await t.db.$count(apiTokens, eq(apiTokens.service, service)) };
    },
  ],
  [
    'file.references-update',
    async () => {
      const file = (await t.as({ method: 'POST', url: `${FILES}/upload/`, ...uploadForm() })).json<StoredFile>();
      const response = await t.as({
        method: 'PUT',
        url: `${FILES}/files/${file.uid}/references/`,
        payload: { references: [{ name: 'Customer', value: 'C-1' }] },
      });
      const [row] = await t.db.select({ references: files.references }).from(files).where(eq(files.uid, file.uid));
      return { status: response.statusCode, kept: row.references.length };
    },
  ],
])('%s: no event, no change', async (action, work) => {
  const before = await lastEventId(t.db);
  const { status, kept } = await refusingEventsOf(action, work);
  expect([status, kept]).toEqual([500, 0]);
  const written = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_events where id > ${before} and action = ${action}`,
  );
  expect(written.rows[0].n).toBe(0);
});

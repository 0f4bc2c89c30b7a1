import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { mails } from '../../../server/db/schema';
import { FILES, createFilesTestApp, uploadForm, type StoredFile } from '../support/files-helpers';
import { uniqueAddress, unique } from '../support/helpers';
import { MAIL, aMail, addProvider, sendMail } from '../support/mail-helpers';
import { adminActor, auditTableText, justNow, withEvents } from '../support/audit-helpers';

/** The audit events of the mail and file services, for users and for API tokens. */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
let admin: { uid: string; public_name: string };
const secrets: string[] = [];
beforeAll(async () => {
  t = await createFilesTestApp();
  admin = await adminActor(t);
});
afterAll(() => t?.cleanUp());

const send = (method: 'POST' | 'PUT', url: string, address: string, payload?: object) =>
  t.as({ method, url, payload, remoteAddress: address });

describe('mail', () => {
  test('mail-provider.create names every field; mail-provider.update only the changed ones', async () => {
    const address = uniqueAddress();
    const body = { name: unique('Provider '), host: 'smtp.example.org', port: 587, security: 'starttls' };
    const created = await withEvents(t, () => send('POST', `${MAIL}/administration/providers/`, address, body));
    expect(created.result.statusCode).toBe(201);
    const uid = created.result.json<{ uid: string }>().uid;
    const target = { type: 'mail-provider', id: uid, label: body.name };
    expect(created.events).toEqual([
      { ...justNow(), actor: admin, address, action: 'mail-provider.create', target, changes: body },
    ]);

    const updated = await withEvents(t, () =>
      send('PUT', `${MAIL}/administration/providers/${uid}/`, address, {
        ...body,
        uid,
        port: 465,
        security: 'ssl/tls',
      }),
    );
    expect(updated.result.statusCode).toBe(200);
    expect(updated.events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'mail-provider.update',
        target,
        changes: { port: 465, security: 'ssl/tls' },
      },
    ]);
  });

  test('mail-account.create and .update record the username and that the password changed, never the SMTP password', async () => {
    const provider = await addProvider(t, { port: 2525 });
    const address = uniqueAddress();
    secrets.push('smtp-secret-one', 'smtp-secret-two');
    const body = {
      expression: '^office@',
      provider: { uid: provider.uid },
      credentials: { username: 'office', password: 'smtp-secret-one' },
    };
    const created = await withEvents(t, () => send('POST', `${MAIL}/administration/accounts/`, address, body));
    expect(created.result.statusCode).toBe(201);
    const uid = created.result.json<{ uid: string }>().uid;
    const createChanges = { expression: '^office@', provider: provider.uid, username: 'office', password: 'changed' };
    expect(created.events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'mail-account.create',
        target: { type: 'mail-account', id: uid, label: '^office@' },
        changes: createChanges,
      },
    ]);

    const url = `${MAIL}/administration/accounts/${uid}/`;
    const target = { type: 'mail-account', id: uid, label: '^team@' };
    const renamed = await withEvents(t, () => send('PUT', url, address, { ...body, uid, expression: '^team@' }));
    expect(renamed.result.statusCode).toBe(200);
    expect(renamed.events).toEqual([
      { ...justNow(), actor: admin, address, action: 'mail-account.update', target, changes: { expression: '^team@' } },
    ]);

    const repassword = await withEvents(t, () =>
      send('PUT', url, address, {
        ...body,
        uid,
        expression: '^team@',
        credentials: { username: 'office', password: 'smtp-secret-two' },
        credentials_changed: true,
      }),
    );
    expect(repassword.events).toEqual([
      { ...justNow(), actor: admin, address, action: 'mail-account.update', target, changes: { password: 'changed' } },
    ]);

    const removed = await withEvents(t, () =>
      send('PUT', url, address, { ...body, uid, expression: '^team@', credentials: null, credentials_changed: true }),
    );
    expect(removed.events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'mail-account.update',
        target,
        changes: { username: null, password: 'changed' },
      },
    ]);
  });

  test('mail.send names the mail by its reference uid and counts the recipients; no address, subject or text is recorded', async () => {
    const address = uniqueAddress();
    const mail = aMail({
      sender: 'care@caredesk.example',
      to: ['anna@example.org', 'ben@example.org'],
      cc: ['office@example.org'],
      subject: 'Visit of Mrs Private-Subject',
      message: 'Private text body',
    });
    const { result, events } = await withEvents(t, () => send('POST', `${MAIL}/send/`, address, mail));
    expect(result.statusCode).toBe(202);
    const target = { type: 'mail', id: result.json<{ reference_uid: string }>().reference_uid, label: null };
    expect(events).toEqual([
      { ...justNow(), actor: admin, address, action: 'mail.send', target, changes: { recipients_count: 3 } },
    ]);
    const text = await auditTableText(t.db);
    for (const personal of ['Private-Subject', 'Private text body', 'anna@example.org', 'care@caredesk.example'])
      expect(text).not.toContain(personal);
  });

  test('mail.requeue: one event per mail; a refused requeue writes none', async () => {
    const uids = [
      await sendMail(t, aMail({ sender: 'one@caredesk.example' })),
      await sendMail(t, aMail({ sender: 'two@caredesk.example' })),
    ];
    await t.db
      .update(mails)
      .set({ state: 'failed', completedAt: sql`now()`, nextAttemptAt: null })
      .where(inArray(mails.referenceUid, uids));
    const url = `${MAIL}/administration/queue/failed-permanently/requeue/`;
    const refused = await withEvents(t, () => send('POST', url, uniqueAddress(), { uids: [uids[0], randomUUID()] }));
    expect([refused.result.statusCode, refused.events]).toEqual([404, []]);

    const address = uniqueAddress();
    const { result, events } = await withEvents(t, () => send('POST', url, address, { uids }));
    expect(result.statusCode).toBe(200);
    expect(events).toEqual(
      uids.map((uid) => ({
        ...justNow(),
        actor: admin,
        address,
        action: 'mail.requeue',
        target: { type: 'mail', id: uid, label: null },
        changes: { state: 'queued', recipients_count: 1 },
      })),
    );
  });
});

describe('files', () => {
  const references = [{ name: 'Customer', value: 'C-100' }];

  async function addFilesToken() {
    const value = `files-token-${unique()}-secret`;
    secrets.push(value);
    const response = await t.as({
      method: 'POST',
      url: `${FILES}/administration/access-tokens/`,
      payload: { service: 'archive', token: value },
    });
    return { value, uid: response.json<{ uid: string }>().uid };
  }

  test('file.upload by a user is labelled with the file name', async () => {
    const address = uniqueAddress();
    const { result, events } = await withEvents(t, () =>
      t.as({
        method: 'POST',
        url: `${FILES}/upload/`,
        remoteAddress: address,
        ...uploadForm({ name: 'contract.pdf', description: 'Signed', references, contentType: 'application/pdf' }),
      }),
    );
    expect(result.statusCode).toBe(201);
    const file = result.json<StoredFile>();
    const changes = {
      name: 'contract.pdf',
      description: 'Signed',
      references,
      content_type: 'application/pdf',
      size: file.stored_binary.size,
    };
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'file.upload',
        target: { type: 'file', id: file.uid, label: 'contract.pdf' },
        changes,
      },
    ]);
  });

  test('an API token caller is no actor: its token uid is in the changes', async () => {
    const token = await addFilesToken();
    const address = uniqueAddress();
    const headers = { authorization: `Bearer ${token.value}` };
    const form = uploadForm({ name: 'scan.png', contentType: 'image/png' });
    const uploaded = await withEvents(t, () =>
      t.inject({
        method: 'POST',
        url: `${FILES}/upload/`,
        remoteAddress: address,
        payload: form.payload,
        headers: { ...form.headers, ...headers },
      }),
    );
    expect(uploaded.result.statusCode).toBe(201);
    const file = uploaded.result.json<StoredFile>();
    const target = { type: 'file', id: file.uid, label: 'scan.png' };
    const uploadChanges = {
      name: 'scan.png',
      description: 'A test file',
      references: [],
      content_type: 'image/png',
      size: 1000,
      api_token: token.uid,
    };
    expect(uploaded.events).toEqual([
      { ...justNow(), actor: null, address, action: 'file.upload', target, changes: uploadChanges },
    ]);

    const url = `${FILES}/files/${file.uid}/references/`;
    const changed = await withEvents(t, () =>
      t.inject({ method: 'PUT', url, remoteAddress: address, headers, payload: { references } }),
    );
    expect(changed.result.statusCode).toBe(200);
    expect(changed.events).toEqual([
      {
        ...justNow(),
        actor: null,
        address,
        action: 'file.references-update',
        target,
        changes: { references, api_token: token.uid },
      },
    ]);
  });

  test('file.references-update by a user names the new references; a refused change writes none', async () => {
    const file = (
      await t.as({ method: 'POST', url: `${FILES}/upload/`, ...uploadForm({ name: 'letter.txt' }) })
    ).json<StoredFile>();
    const url = `${FILES}/files/${file.uid}/references/`;
    const refused = await withEvents(t, () =>
      send('PUT', url, uniqueAddress(), { ...file, meta: { ...file.meta, name: 'renamed.txt', references } }),
    );
    expect([refused.result.statusCode, refused.events]).toEqual([400, []]);

    const address = uniqueAddress();
    const { result, events } = await withEvents(t, () =>
      send('PUT', url, address, { ...file, meta: { ...file.meta, references } }),
    );
    expect(result.statusCode).toBe(200);
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'file.references-update',
        target: { type: 'file', id: file.uid, label: 'letter.txt' },
        changes: { references },
      },
    ]);
  });
});

test('no SMTP password or API token value is anywhere in the audit table', async () => {
  expect(secrets.length).toBeGreaterThanOrEqual(3);
  const text = await auditTableText(t.db);
  for (const secret of secrets) expect(text).not.toContain(secret);
});

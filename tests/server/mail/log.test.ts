import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { migrationsFolder } from '../../../server/db';
import { mailAttempts, mails } from '../../../server/db/schema';
import { mailRetentionJob } from '../../../server/mail';
import { adminActor, auditTableText, justNow, withEvents } from '../support/audit-helpers';
import { ADMIN, createTestApp, uniqueAddress, unique, type TestApp } from '../support/helpers';
import { addAccount, addProvider, aMail, deliverDue, MAIL, mailRow, makeDue, nowSeconds, sendMail } from '../support/mail-helpers';
import { startSmtpPeer, type SmtpPeer, type SmtpPeerOptions } from '../support/smtp-peer';

/** The mail log: search, filters, paging, details with every attempt from a real SMTP peer, resend and cancel. */

const LOG = `${MAIL}/administration/mails/`;

interface LogItem {
  reference_uid: string;
  state: string;
  mail: { sender: string; to: string[]; cc: string[]; subject: string };
  requested_time: number;
  attempts: number;
  message_id: string | null;
  last_error: string | null;
}
interface LogPage {
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
interface Detail extends Omit<LogItem, 'attempts' | 'mail'> {
  mail: LogItem['mail'] & { message: string };
  completed_time: number | null;
  cancelled: { time: number; by: string } | null;
  resent_from: string | null;
  resent_as: string[];
  attempts: Attempt[];
}

let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  await t?.close();
});

async function peer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const started = await startSmtpPeer(options);
  cleanups.push(() => started.close());
  return started;
}

let routes = 0;
/** A provider for the peer, and an account matching only this route's own sender domain. */
async function route(port: number) {
  const domain = `log${++routes}.example`;
  const provider = await addProvider(t, { port, name: `Peer ${routes}` });
  await addAccount(t, { expression: `@${domain.replace('.', '\\.')}$`, provider: { uid: provider.uid }, credentials: null });
  return { sender: `office@${domain}`, provider };
}

const query = (params: Record<string, string>) => t.as({ method: 'GET', url: `${LOG}?${new URLSearchParams(params)}` });

async function search(params: Record<string, string>): Promise<LogPage> {
  const response = await query(params);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const uidsOf = (page: LogPage) => page.items.map((item) => item.reference_uid);

async function detail(uid: string): Promise<Detail> {
  const response = await t.as({ method: 'GET', url: `${LOG}${uid}/` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const post = (uid: string, action: 'resend' | 'cancel', token?: string) => t.as({ method: 'POST', url: `${LOG}${uid}/${action}/`, token, remoteAddress: uniqueAddress() });

/** Mails of one test: each subject carries the tag, so a query for the tag finds exactly them. */
const tagged = (tag: string, overrides: Parameters<typeof aMail>[0] = {}) => aMail({ subject: `Visit ${tag}`, ...overrides });

describe('list', () => {
  test('an item is the mail without its body, with state, attempts, Message-ID, last error and the columns of the spec lists', async () => {
    const tag = unique('item');
    const uid = await sendMail(t, tagged(tag, { to: ['anna@example.org'], cc: ['carla@example.org'], message: 'Private body' }));
    const page = await search({ query: tag });
    expect(page).toEqual({
      items: [
        {
          reference_uid: uid,
          state: 'queued',
          mail: { sender: 'office@caredesk.example', to: ['anna@example.org'], cc: ['carla@example.org'], subject: `Visit ${tag}` },
          requested_time: expect.closeTo(nowSeconds(), -2),
          attempts: 0,
          message_id: `<${uid}@caredesk.example>`,
          last_error: null,
          completed_time: null,
          next_attempt: null,
          refused: [],
        },
      ],
      previous_page: null,
      next_page: null,
      total: 1,
      total_is_lower_bound: false,
    });
  });

  test('query matches sender, a to or cc recipient, subject and Message-ID, case-insensitively and literally', async () => {
    const tag = unique('field');
    const bySender = await sendMail(t, aMail({ sender: `${tag}-sender@caredesk.example`, subject: 'plain' }));
    const byTo = await sendMail(t, aMail({ to: ['someone@example.org', `${tag}-to@example.org`], subject: 'plain' }));
    const byCc = await sendMail(t, aMail({ cc: [`${tag}-cc@example.org`], subject: 'plain' }));
    const bySubject = await sendMail(t, aMail({ subject: `About ${tag}-subject` }));
    expect(uidsOf(await search({ query: `${tag}-sender` }))).toEqual([bySender]);
    expect(uidsOf(await search({ query: `${tag}-TO@EXAMPLE` }))).toEqual([byTo]);
    expect(uidsOf(await search({ query: `${tag}-cc` }))).toEqual([byCc]);
    expect(uidsOf(await search({ query: `${tag}-Subject` }))).toEqual([bySubject]);
    expect(uidsOf(await search({ query: `<${bySubject}@caredesk.example>` }))).toEqual([bySubject]);
    expect(uidsOf(await search({ query: tag }))).toEqual([bySubject, byCc, byTo, bySender]);
    expect((await search({ query: `${tag}%` })).total).toBe(0);
    expect((await search({ query: `${tag.slice(0, -1)}_` })).total).toBe(0);
  });

  test('a whole address or Message-ID matches whole addresses only: sender, to, cc or the Message-ID, bare or in brackets', async () => {
    const tag = unique('whole');
    const address = `${tag}@Example.org`;
    const asSender = await sendMail(t, aMail({ sender: `${tag}@example.org`, subject: 'plain' }));
    const asTo = await sendMail(t, aMail({ to: ['someone@example.org', address], subject: 'plain' }));
    const asCc = await sendMail(t, aMail({ cc: [address.toUpperCase()], subject: 'plain' }));
    const longer = await sendMail(t, aMail({ to: [`x${tag}@example.org.uk`], subject: 'plain' }));
    const inSubject = await sendMail(t, aMail({ subject: `Forwarded from ${address}` }));
    expect(uidsOf(await search({ query: address }))).toEqual([asCc, asTo, asSender]);
    expect(uidsOf(await search({ query: ` <${address.toUpperCase()}> ` }))).toEqual([asCc, asTo, asSender]);
    // a part of an address is a substring: it also finds the longer address and the subject
    expect(uidsOf(await search({ query: `${tag}@example.org.` }))).toEqual([longer]);
    expect(uidsOf(await search({ query: `${tag}@example` }))).toEqual([inSubject, longer, asCc, asTo, asSender]);
    expect(uidsOf(await search({ query: `from ${tag}@` }))).toEqual([inSubject]);
    const messageId = (await detail(inSubject)).message_id!;
    expect(uidsOf(await search({ query: messageId }))).toEqual([inSubject]);
    expect(uidsOf(await search({ query: messageId.slice(1, -1).toUpperCase() }))).toEqual([inSubject]);
    expect(uidsOf(await search({ query: messageId.slice(0, 20) }))).toEqual([inSubject]);
  });

  test('a substring holding whole words matches as a substring: the words at its ends may be parts of longer ones', async () => {
    const tag = unique('words');
    const match = await sendMail(t, aMail({ subject: `Revisit 12346 format ${tag}` }));
    const hyphen = await sendMail(t, aMail({ subject: `Frau Müller-Lüdenscheid ${tag}` }));
    await sendMail(t, aMail({ subject: `Revisit 123467 format ${tag}` }));
    await sendMail(t, aMail({ subject: `Revisit 12346 for ${tag}` }));
    expect(uidsOf(await search({ query: 'VISIT 12346 FORM' }))).toEqual([match]);
    expect(uidsOf(await search({ query: `12346 format ${tag}` }))).toEqual([match]);
    expect(uidsOf(await search({ query: 'frau müller-lüdenscheid' }))).toEqual([hyphen]);
    expect(uidsOf(await search({ query: 'u müller-l' }))).toEqual([hyphen]);
    expect((await search({ query: 'visit 12346_format' })).total).toBe(0);
  });

  test('search_tokens written at queue time are what migration 0009 computes for older mails', async () => {
    const uid = await sendMail(t, aMail({ sender: 'Office@CareDesk.example', to: ['Anna.Berg+care@Example.org'], cc: ['x@y.example'], subject: 'Rechnung Nr. 2024-17 für Frau Weiß' }));
    const migration = readFileSync(path.join(migrationsFolder, '0009_mail-log-tokens.sql'), 'utf8');
    const update = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE "mails" SET "search_tokens"'))!;
    const expression = update.slice(update.indexOf('= ') + 2).replace(/;\s*$/, '');
    const rows = (await t.db.execute(
      sql`select search_tokens as stored, ${sql.raw(expression)} as migrated from mails join mail_search on mail_uid = reference_uid where reference_uid = ${uid}`,
    )) as unknown as {
      rows: { stored: string[]; migrated: string[] }[];
    };
    const [{ stored, migrated }] = rows.rows as [{ stored: string[]; migrated: string[] }];
    expect([...stored].sort()).toEqual([...migrated].sort());
    expect(stored).toEqual(expect.arrayContaining(['office@caredesk.example', 'anna.berg+care@example.org', `${uid}@caredesk.example`, '2024', '17', 'wei']));
  });

  test('the search lives in mail_search (migration 0013), written once: delivery leaves it alone, and a mail is found before and after', async () => {
    const options = (await t.db.execute(
      sql`select relname, reloptions from pg_class where relname in ('mail_search_trgm_idx', 'mail_search_tokens_idx') order by relname`,
    )) as unknown as { rows: { relname: string; reloptions: string[] }[] };
    expect(options.rows).toEqual(
      ['mail_search_tokens_idx', 'mail_search_trgm_idx'].map((relname) => ({ relname, reloptions: ['fastupdate=true', 'gin_pending_list_limit=256'] })),
    );
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const tag = unique('written-once');
    const recipient = `${tag}@example.org`;
    const uid = await sendMail(t, tagged(tag, { sender, to: [recipient] }));
    const searchRowVersion = async () =>
      ((await t.db.execute(sql`select xmin::text as version from mail_search where mail_uid = ${uid}`)) as unknown as { rows: { version: string }[] }).rows;
    const written = await searchRowVersion();
    expect(written).toHaveLength(1);
    const found = async () => [uidsOf(await search({ query: tag.slice(2) })), uidsOf(await search({ query: recipient.toUpperCase() }))];
    expect(await found()).toEqual([[uid], [uid]]);
    await deliverDue(t);
    expect((await mailRow(t, uid)).state).toBe('delivered');
    expect(await searchRowVersion()).toEqual(written);
    expect(await found()).toEqual([[uid], [uid]]);
    await t.db.execute(sql`vacuum mail_search`);
    expect(await found()).toEqual([[uid], [uid]]);
    await t.db.delete(mails).where(eq(mails.referenceUid, uid));
    expect(await searchRowVersion()).toEqual([]);
  });

  test('the unfiltered total is the kept count of every mail: exact, however mails come and go', async () => {
    const countAll = async () => ((await t.db.execute(sql`select count(*)::int as count from mails`)) as unknown as { rows: { count: number }[] }).rows[0]!.count;
    await sendMail(t, aMail());
    await t.db.execute(sql`insert into mails (sender, recipients, cc, subject, message) select 'a@b.example', array['c@d.example'], '{}', 'bulk', 'm' from generate_series(1, 30)`);
    const doomed = await sendMail(t, aMail());
    await t.db.delete(mails).where(eq(mails.referenceUid, doomed));
    const all = await countAll();
    expect(all).toBeGreaterThan(30);
    expect(await search({ page_size: '10' })).toMatchObject({ total: all, total_is_lower_bound: false });
    expect(await search({ page_size: '10', exact_total: 'true' })).toMatchObject({ total: all, total_is_lower_bound: false });
    expect((await search({ page: String(Math.ceil(all / 10) + 1), page_size: '10' })).total).toBe(all);
  });

  test('filters by states and by the requested time, combined with a query', async () => {
    const tag = unique('filter');
    const [queued, delivered, failed, cancelled] = [
      await sendMail(t, tagged(tag)),
      await sendMail(t, tagged(tag)),
      await sendMail(t, tagged(tag)),
      await sendMail(t, tagged(tag)),
    ];
    await t.db.update(mails).set({ state: 'delivered', completedAt: new Date() }).where(eq(mails.referenceUid, delivered));
    await t.db.update(mails).set({ state: 'failed', errorMessage: 'boom', completedAt: new Date() }).where(eq(mails.referenceUid, failed));
    await t.db.update(mails).set({ state: 'cancelled', cancelledAt: new Date(), cancelledBy: 'admin' }).where(eq(mails.referenceUid, cancelled));
    const old = new Date('2024-03-01T10:00:00Z');
    await t.db.update(mails).set({ requestedAt: old }).where(eq(mails.referenceUid, queued));

    const filtered = (filters: object) => search({ query: tag, filters: JSON.stringify(filters) });
    expect(uidsOf(await filtered({ state: ['failed'] }))).toEqual([failed]);
    expect(new Set(uidsOf(await filtered({ state: ['delivered', 'cancelled'] })))).toEqual(new Set([delivered, cancelled]));
    expect((await filtered({ state: ['failed'] })).items[0]).toMatchObject({ state: 'failed', last_error: 'boom' });
    expect((await filtered({ state: [] })).total).toBe(4);
    const oldSecond = old.getTime() / 1000;
    expect(uidsOf(await filtered({ requested: { from: oldSecond - 60, to: oldSecond } }))).toEqual([queued]);
    expect(uidsOf(await filtered({ requested: { to: oldSecond - 1 } }))).toEqual([]);
    expect((await filtered({ requested: { from: oldSecond + 1, to: null } })).total).toBe(3);
    expect(uidsOf(await filtered({ state: ['queued'], requested: { from: oldSecond } }))).toEqual([queued]);
  });

  test('sorts by requested time (default, newest first), state, sender and subject, either way', async () => {
    const tag = unique('sort');
    const times = ['2025-01-01T00:00:00Z', '2025-01-03T00:00:00Z', '2025-01-02T00:00:00Z'];
    const specs = [
      { sender: 'b@caredesk.example', subject: `C ${tag}`, state: 'failed' as const },
      { sender: 'c@caredesk.example', subject: `A ${tag}`, state: 'delivered' as const },
      { sender: 'a@caredesk.example', subject: `B ${tag}`, state: 'queued' as const },
    ];
    const uids: string[] = [];
    for (const [index, spec] of specs.entries()) {
      const uid = await sendMail(t, aMail({ sender: spec.sender, subject: spec.subject }));
      await t.db.update(mails).set({ state: spec.state, requestedAt: new Date(times[index]!) }).where(eq(mails.referenceUid, uid));
      uids.push(uid);
    }
    const [first, second, third] = uids as [string, string, string];
    const sorted = async (params: Record<string, string>) => uidsOf(await search({ query: tag, ...params }));
    expect(await sorted({})).toEqual([second, third, first]);
    expect(await sorted({ sort_by: 'requested_time', ordering: 'asc' })).toEqual([first, third, second]);
    expect(await sorted({ sort_by: 'sender', ordering: 'asc' })).toEqual([third, first, second]);
    expect(await sorted({ sort_by: 'sender', ordering: 'des' })).toEqual([second, first, third]);
    expect(await sorted({ sort_by: 'subject', ordering: 'asc' })).toEqual([second, third, first]);
    expect(await sorted({ sort_by: 'state', ordering: 'asc' })).toEqual([second, first, third]);
    expect(await sorted({ sort_by: 'state', ordering: 'des' })).toEqual([third, first, second]);
  });

  test('pages; totals above 1000 are lower bounds unless exact_total=true', async () => {
    const tag = unique('bulk');
    const sender = `${tag}@caredesk.example`;
    await t.db.execute(sql`
      with bulk as (
        insert into mails (sender, recipients, cc, subject, message, state, requested_at)
        select ${sender}, array['p' || i || '@example.org'], '{}', 'Bulk ' || ${tag}, 'text', 'delivered', now() - make_interval(secs => i)
          from generate_series(1, 1100) as i
        returning reference_uid, recipients[1] as recipient)
      insert into mail_search (mail_uid, search_text, search_tokens)
      select reference_uid, lower(${sender} || E'\n' || recipient || E'\n' || 'Bulk ' || ${tag}),
             array[lower(${sender}), recipient, lower(${tag}), 'caredesk', 'example', split_part(recipient, '@', 1), 'org', 'bulk']
        from bulk`);

    const second = await search({ query: tag, page: '2', page_size: '100' });
    expect(second).toMatchObject({ previous_page: 1, next_page: 3, total: 1001, total_is_lower_bound: true });
    expect(second.items.map((item) => item.mail.to[0])).toEqual(Array.from({ length: 100 }, (_, index) => `p${101 + index}@example.org`));
    expect(await search({ query: tag, page: '2', page_size: '100', exact_total: 'true' })).toMatchObject({ next_page: 3, total: 1100, total_is_lower_bound: false });
    const last = await search({ query: tag, page: '11', page_size: '100' });
    expect(last).toMatchObject({ previous_page: 10, next_page: null, total: 1100, total_is_lower_bound: false });
    expect(last.items).toHaveLength(100);
    expect(await search({ query: 'p77@example.org' })).toMatchObject({ total: 1, total_is_lower_bound: false });
    // a whole address that many mails hold: counted up to the cap, the page read in the same order
    const bySender = await search({ query: sender, page: '2', page_size: '100' });
    expect(bySender).toMatchObject({ previous_page: 1, next_page: 3, total: 1001, total_is_lower_bound: true });
    expect(uidsOf(bySender)).toEqual(uidsOf(second));
    expect(await search({ query: sender, exact_total: 'true' })).toMatchObject({ total: 1100, total_is_lower_bound: false });
    expect(uidsOf(await search({ query: sender, sort_by: 'subject', page: '110', page_size: '10', exact_total: 'true' }))).toHaveLength(10);
    const beyond = await search({ query: tag, page: '20', page_size: '100', exact_total: 'true' });
    expect(beyond).toMatchObject({ items: [], previous_page: 11, next_page: null, total: 1100 });
  });

  test.each([
    [{ sort_by: 'recipients' }, 'sort_by', '/problems/validation-error'],
    [{ ordering: 'up' }, 'ordering', '/problems/validation-error'],
    [{ page: '0' }, 'page', '/problems/validation-error'],
    [{ page_size: '101' }, 'page_size', '/problems/validation-error'],
    [{ query: 'a\u0001b' }, 'query', '/problems/validation-error'],
    [{ query: 'x'.repeat(257) }, 'query', '/problems/validation-error'],
    [{ exact_total: 'maybe' }, 'exact_total', '/problems/validation-error'],
    [{ colour: 'red' }, 'colour', '/problems/validation-error'],
    [{ filters: '{state' }, 'filters', '/problems/invalid-filters'],
    [{ filters: '{"state": ["lost"]}' }, 'filters', '/problems/invalid-filters'],
    [{ filters: '{"state": "queued"}' }, 'filters', '/problems/invalid-filters'],
    [{ filters: '{"state": ["queued", "queued"]}' }, 'filters', '/problems/invalid-filters'],
    [{ filters: '{"sender": "a"}' }, 'filters', '/problems/invalid-filters'],
    [{ filters: '{"requested": {"from": -1}}' }, 'filters', '/problems/invalid-filters'],
  ])('refuses %j with 400 naming %s', async (params, field, type) => {
    const response = await query(params as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, type, field });
  });
});

describe('details', () => {
  test('every attempt from a real SMTP peer: provider, DATA reply, each recipient accepted or refused with its reply', async () => {
    const smtp = await peer({ refuseRecipient: (address) => (address === 'gone@example.org' ? { code: 550, message: 'Mailbox unavailable' } : undefined) });
    const { sender, provider } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'gone@example.org'], cc: ['carla@example.org'], subject: 'Partly refused', message: 'Dear Anna' }));
    await deliverDue(t);

    const read = await detail(uid);
    expect(read).toEqual({
      reference_uid: uid,
      state: 'delivered',
      mail: { sender, to: ['anna@example.org', 'gone@example.org'], cc: ['carla@example.org'], subject: 'Partly refused', message: 'Dear Anna' },
      requested_time: expect.closeTo(nowSeconds(), -2),
      completed_time: expect.closeTo(nowSeconds(), -2),
      message_id: smtp.received[0]!.messageId,
      last_error: null,
      cancelled: null,
      resent_from: null,
      resent_as: [],
      attempts: [
        {
          time: expect.closeTo(nowSeconds(), -2),
          provider: { uid: provider.uid, name: provider.name, host: '127.0.0.1' },
          outcome: 'delivered',
          reply_code: 250,
          reply_text: expect.stringMatching(/^250 /),
          recipients: [
            { address: 'anna@example.org', accepted: true, reply: expect.stringMatching(/^250 /) },
            { address: 'carla@example.org', accepted: true, reply: expect.stringMatching(/^250 /) },
            { address: 'gone@example.org', accepted: false, reply: expect.stringMatching(/^550 Mailbox unavailable/) },
          ],
        },
      ],
    });
    expect(read.message_id).toBe(`<${uid}@${sender.split('@')[1]}>`);
    expect(uidsOf(await search({ query: read.message_id! }))).toEqual([uid]);
    // the list item carries what the Delivered Mails list shows: delivered time and the refused recipient with its reply
    const [item] = (await search({ query: read.message_id! })).items;
    expect(item).toMatchObject({ completed_time: read.completed_time, next_attempt: null, refused: [{ address: 'gone@example.org', reply: expect.stringMatching(/^550 /) }] });

    // the provider as it was at the attempt, not as it is now
    const renamed = await t.as({ method: 'PUT', url: `${MAIL}/administration/providers/${provider.uid}/`, payload: { ...provider, name: 'Renamed peer', host: 'localhost' } });
    expect(renamed.statusCode).toBe(200);
    expect((await detail(uid)).attempts[0]!.provider).toEqual({ uid: provider.uid, name: provider.name, host: '127.0.0.1' });
  });

  test('a temporary then a permanent DATA refusal: two attempts in order, their replies, the last error', async () => {
    let code = 451;
    const smtp = await peer({ reply: () => ({ code, message: code === 451 ? 'Greylisted, try again later' : 'Message rejected' }) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    expect((await detail(uid)).state).toBe('retrying');
    // the list item carries what the Delivery Retries list shows: when the mail is due again
    const [retrying] = (await search({ query: uid })).items;
    expect(retrying).toMatchObject({ state: 'retrying', completed_time: null, next_attempt: expect.closeTo(nowSeconds() + 60, -3), refused: [] });
    code = 554;
    await makeDue(t, uid);
    await deliverDue(t);

    const read = await detail(uid);
    expect(read.state).toBe('failed');
    expect(read.last_error).toMatch(/554 Message rejected/);
    expect(read.completed_time).toEqual(expect.closeTo(nowSeconds(), -2));
    expect(read.attempts.map(({ outcome, reply_code, recipients }) => ({ outcome, reply_code, recipients }))).toEqual([
      { outcome: 'retrying', reply_code: 451, recipients: [] },
      { outcome: 'failed', reply_code: 554, recipients: [] },
    ]);
    expect(read.attempts[0]!.reply_text).toMatch(/^451 Greylisted/);
    expect(read.attempts[1]!.reply_text).toMatch(/^554 Message rejected/);
  });

  test('every recipient refused: each named with its reply; no matching account: an attempt without provider', async () => {
    const smtp = await peer({ refuseRecipient: (address) => (address === 'anna@example.org' ? { code: 550, message: 'No such user' } : { code: 450, message: 'Mailbox busy' }) });
    const { sender } = await route(smtp.port);
    const refused = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'ben@example.org'] }));
    const unrouted = await sendMail(t, aMail({ sender: `office@${unique('nowhere')}.example` }));
    await deliverDue(t);

    const [attempt] = (await detail(refused)).attempts;
    expect(attempt).toMatchObject({ outcome: 'retrying', reply_code: 450 });
    expect(attempt!.recipients).toEqual([
      { address: 'anna@example.org', accepted: false, reply: expect.stringMatching(/^550 No such user/) },
      { address: 'ben@example.org', accepted: false, reply: expect.stringMatching(/^450 Mailbox busy/) },
    ]);
    expect((await detail(unrouted)).attempts).toEqual([
      { time: expect.closeTo(nowSeconds(), -2), provider: null, outcome: 'failed', reply_code: null, reply_text: null, recipients: [] },
    ]);
  });

  test('404 for an unknown uid, 400 for a malformed one', async () => {
    const unknown = await t.as({ method: 'GET', url: `${LOG}00000000-0000-4000-8000-000000000000/` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ type: '/problems/mail-not-found', field: 'uid' });
    const malformed = await t.as({ method: 'GET', url: `${LOG}not-a-uid/` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ type: '/problems/validation-error' });
  });
});

describe('resend', () => {
  test('queues a new mail with the same content, linked both ways; audited on the original without subject or recipients', async () => {
    const admin = await adminActor(t);
    const original = await sendMail(t, aMail({ to: ['anna@example.org'], cc: ['carla@example.org'], subject: 'Private-Subject', message: 'Private body' }));
    await t.db.update(mails).set({ state: 'failed', errorMessage: 'gone', completedAt: new Date() }).where(eq(mails.referenceUid, original));

    const { result, events } = await withEvents(t, () => post(original, 'resend'));
    expect(result.statusCode, result.body).toBe(201);
    const resend = result.json<Detail>();
    expect(resend).toMatchObject({
      state: 'queued',
      mail: { sender: 'office@caredesk.example', to: ['anna@example.org'], cc: ['carla@example.org'], subject: 'Private-Subject', message: 'Private body' },
      resent_from: original,
      resent_as: [],
      attempts: [],
      message_id: `<${resend.reference_uid}@caredesk.example>`,
    });
    expect(resend.reference_uid).not.toBe(original);
    expect(await detail(original)).toMatchObject({ state: 'failed', resent_as: [resend.reference_uid] });
    expect(events).toEqual([
      { ...justNow(), actor: admin, address: expect.any(String), action: 'mail.resend', target: { type: 'mail', id: original, label: null }, changes: { resent_as: resend.reference_uid, recipients_count: 2 } },
    ]);
    const second = (await post(original, 'resend')).json<Detail>();
    expect((await detail(original)).resent_as).toEqual([resend.reference_uid, second.reference_uid]);
    const text = await auditTableText(t.db);
    for (const personal of ['Private-Subject', 'Private body', 'carla@example.org']) expect(text).not.toContain(personal);
  });

  test('404 for an unknown mail', async () => {
    const response = await post('00000000-0000-4000-8000-000000000001', 'resend');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/mail-not-found' });
  });
});

describe('cancel', () => {
  test('a queued mail: cancelled with who and when, audited, and the worker never delivers it', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const admin = await adminActor(t);
    const uid = await sendMail(t, aMail({ sender }));
    const { result, events } = await withEvents(t, () => post(uid, 'cancel'));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json<Detail>()).toMatchObject({ state: 'cancelled', cancelled: { time: expect.closeTo(nowSeconds(), -2), by: ADMIN.username }, attempts: [] });
    expect(events).toEqual([
      { ...justNow(), actor: admin, address: expect.any(String), action: 'mail.cancel', target: { type: 'mail', id: uid, label: null }, changes: { state: 'cancelled', previous_state: 'queued', recipients_count: 1 } },
    ]);
    await deliverDue(t);
    expect(smtp.received).toEqual([]);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'cancelled', attempts: 0, nextAttemptAt: null });
    expect(uidsOf(await search({ query: uid, filters: JSON.stringify({ state: ['cancelled'] }) }))).toEqual([uid]);
  });

  test('a retrying mail: cancelled, and not delivered once due', async () => {
    let refuse = true;
    const smtp = await peer({ reply: () => (refuse ? { code: 451, message: 'Try later' } : undefined) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    expect((await mailRow(t, uid)).state).toBe('retrying');
    const cancelled = await post(uid, 'cancel');
    expect(cancelled.json<Detail>()).toMatchObject({ state: 'cancelled', last_error: expect.stringContaining('451'), attempts: [{ outcome: 'retrying' }] });
    refuse = false;
    await makeDue(t, uid);
    await deliverDue(t);
    expect(smtp.received).toEqual([]);
    expect((await mailRow(t, uid)).state).toBe('cancelled');
  });

  test('409 for a mail delivered, failed, cancelled or being delivered right now; 404 unknown', async () => {
    const [delivered, failed, cancelled, leased] = [await sendMail(t), await sendMail(t), await sendMail(t), await sendMail(t)];
    await t.db.update(mails).set({ state: 'delivered' }).where(eq(mails.referenceUid, delivered));
    await t.db.update(mails).set({ state: 'failed' }).where(eq(mails.referenceUid, failed));
    expect((await post(cancelled, 'cancel')).statusCode).toBe(200);
    await t.db.update(mails).set({ leaseUntil: sql`now() + interval '2 minutes'`, leaseOwner: sql`gen_random_uuid()` }).where(eq(mails.referenceUid, leased));
    for (const uid of [delivered, failed, cancelled, leased]) {
      const response = await post(uid, 'cancel');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, type: '/problems/not-cancellable', field: 'uid' });
    }
    expect((await mailRow(t, leased)).state).toBe('queued');
    // a lease that ran out (its process died) no longer protects the mail
    await t.db.update(mails).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(mails.referenceUid, leased));
    expect((await post(leased, 'cancel')).statusCode).toBe(200);
    expect((await post('00000000-0000-4000-8000-000000000002', 'cancel')).statusCode).toBe(404);
  });

  test('mail:read may read the log but not resend or cancel', async () => {
    const policy = await t.as({ method: 'PUT', url: '/api/auth/administration/roles/log-reader/', payload: { permissions: ['mail:read'] } });
    expect(policy.statusCode).toBe(200);
    const user = await t.createUser({ roles: ['log-reader'] });
    const token = (await t.signIn(user.username, user.password)).access_token;
    const uid = await sendMail(t);
    expect((await t.as({ method: 'GET', url: `${LOG}?query=${uid}`, token })).statusCode).toBe(200);
    expect((await t.as({ method: 'GET', url: `${LOG}${uid}/`, token })).statusCode).toBe(200);
    for (const action of ['resend', 'cancel'] as const) expect((await post(uid, action, token)).json()).toMatchObject({ status: 403, permission: 'mail:manage' });
  });
});

test('retention removes cancelled mails like delivered ones, with their attempts', async () => {
  const [oldCancelled, newCancelled, oldQueued] = [await sendMail(t), await sendMail(t), await sendMail(t)];
  const longAgo = new Date(Date.now() - 400 * 86_400_000);
  await t.db.update(mails).set({ state: 'cancelled', cancelledAt: longAgo }).where(eq(mails.referenceUid, oldCancelled));
  await t.db.update(mails).set({ state: 'cancelled', cancelledAt: new Date() }).where(eq(mails.referenceUid, newCancelled));
  await t.db.update(mails).set({ requestedAt: longAgo }).where(eq(mails.referenceUid, oldQueued));
  await t.db.insert(mailAttempts).values({ mailUid: oldCancelled, outcome: 'retrying', replyCode: 451 });

  await mailRetentionJob({ mailRetentionDays: 90 }).run(t.db, new Date());

  const left = await t.db.select({ uid: mails.referenceUid }).from(mails).where(inArray(mails.referenceUid, [oldCancelled, newCancelled, oldQueued]));
  expect(left.map((row) => row.uid).sort()).toEqual([newCancelled, oldQueued].sort());
  expect(await t.db.select().from(mailAttempts).where(eq(mailAttempts.mailUid, oldCancelled))).toEqual([]);
});

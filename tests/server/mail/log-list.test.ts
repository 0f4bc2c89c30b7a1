import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder } from '../../../server/db';
import { mails } from '../../../server/db/schema';
import { createTestApp, unique, type TestApp } from '../support/helpers';
import { aMail, deliverDue, mailRow, nowSeconds, sendMail } from '../support/mail-helpers';
import { mailLog, tagged, uidsOf } from './log-helpers';
import { smtpPeers } from './peers';

/** The mail log's list: what an item holds, the search, filters, sorting, paging and capped totals, and refused parameters. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, route } = smtpPeers(() => t);
const { query, search, detail } = mailLog(() => t);

describe('list', () => {
  test('an item is the mail without its body, with state, attempts, Message-ID, last error and the columns of the spec lists', async () => {
    const tag = unique('item');
    const uid = await sendMail(
      t,
      tagged(tag, { to: ['anna@example.org'], cc: ['carla@example.org'], message: 'Private body' }),
    );
    const page = await search({ query: tag });
    expect(page).toEqual({
      items: [
        {
          reference_uid: uid,
          state: 'queued',
          mail: {
            sender: 'office@caredesk.example',
            to: ['anna@example.org'],
            cc: ['carla@example.org'],
            subject: `Visit ${tag}`,
          },
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
    const uid = await sendMail(
      t,
      aMail({
        sender: 'Office@CareDesk.example',
        to: ['Anna.Berg+care@Example.org'],
        cc: ['x@y.example'],
        subject: 'Rechnung Nr. 2024-17 für Frau Weiß',
      }),
    );
    const migration = readFileSync(path.join(migrationsFolder, '0009_mail-log-tokens.sql'), 'utf8');
    const update = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "mails" SET "search_tokens"'))!;
    const expression = update.slice(update.indexOf('= ') + 2).replace(/;\s*$/, '');
    const rows = (await t.db.execute(
      sql`select search_tokens as stored, ${sql.raw(expression)} as migrated from mails join mail_search on mail_uid = reference_uid where reference_uid = ${uid}`,
    )) as {
      rows: { stored: string[]; migrated: string[] }[];
    };
    const [{ stored, migrated }] = rows.rows as [{ stored: string[]; migrated: string[] }];
    expect([...stored].sort()).toEqual([...migrated].sort());
    expect(stored).toEqual(
      expect.arrayContaining([
        'office@caredesk.example',
        'anna.berg+care@example.org',
        `${uid}@caredesk.example`,
        '2024',
        '17',
        'wei',
      ]),
    );
  });

  test('the search lives in mail_search (migration 0013), written once: delivery leaves it alone, and a mail is found before and after', async () => {
    const options = (await t.db.execute(
      sql`select relname, reloptions from pg_class where relname in ('mail_search_trgm_idx', 'mail_search_tokens_idx') order by relname`,
    )) as { rows: { relname: string; reloptions: string[] }[] };
    expect(options.rows).toEqual(
      ['mail_search_tokens_idx', 'mail_search_trgm_idx'].map((relname) => ({
        relname,
        reloptions: ['fastupdate=true', 'gin_pending_list_limit=256'],
      })),
    );
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const tag = unique('written-once');
    const recipient = `${tag}@example.org`;
    const uid = await sendMail(t, tagged(tag, { sender, to: [recipient] }));
    const searchRowVersion = async () =>
      (
        (await t.db.execute(sql`select xmin::text as version from mail_search where mail_uid = ${uid}`)) as {
          rows: { version: string }[];
        }
      ).rows;
    const written = await searchRowVersion();
    expect(written).toHaveLength(1);
    const found = async () => [
      uidsOf(await search({ query: tag.slice(2) })),
      uidsOf(await search({ query: recipient.toUpperCase() })),
    ];
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
    const countAll = async () =>
      ((await t.db.execute(sql`select count(*)::int as count from mails`)) as { rows: { count: number }[] }).rows[0]
        .count;
    await sendMail(t, aMail());
    await t.db.execute(
      sql`insert into mails (sender, recipients, cc, subject, message) select 'a@b.example', array['c@d.example'], '{}', 'bulk', 'm' from generate_series(1, 30)`,
    );
    const doomed = await sendMail(t, aMail());
    await t.db.delete(mails).where(eq(mails.referenceUid, doomed));
    const all = await countAll();
    expect(all).toBeGreaterThan(30);
    expect(await search({ page_size: '10' })).toMatchObject({ total: all, total_is_lower_bound: false });
    expect(await search({ page_size: '10', exact_total: 'true' })).toMatchObject({
      total: all,
      total_is_lower_bound: false,
    });
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
    await t.db
      .update(mails)
      .set({ state: 'delivered', completedAt: new Date() })
      .where(eq(mails.referenceUid, delivered));
    await t.db
      .update(mails)
      .set({ state: 'failed', errorMessage: 'boom', completedAt: new Date() })
      .where(eq(mails.referenceUid, failed));
    await t.db
      .update(mails)
      .set({ state: 'cancelled', cancelledAt: new Date(), cancelledBy: 'admin' })
      .where(eq(mails.referenceUid, cancelled));
    const old = new Date('2024-03-01T10:00:00Z');
    await t.db.update(mails).set({ requestedAt: old }).where(eq(mails.referenceUid, queued));

    const filtered = (filters: object) => search({ query: tag, filters: JSON.stringify(filters) });
    expect(uidsOf(await filtered({ state: ['failed'] }))).toEqual([failed]);
    expect(new Set(uidsOf(await filtered({ state: ['delivered', 'cancelled'] })))).toEqual(
      new Set([delivered, cancelled]),
    );
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
      await t.db
        .update(mails)
        .set({ state: spec.state, requestedAt: new Date(times[index]) })
        .where(eq(mails.referenceUid, uid));
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
    expect(second.items.map((item) => item.mail.to[0])).toEqual(
      Array.from({ length: 100 }, (_, index) => `p${101 + index}@example.org`),
    );
    expect(await search({ query: tag, page: '2', page_size: '100', exact_total: 'true' })).toMatchObject({
      next_page: 3,
      total: 1100,
      total_is_lower_bound: false,
    });
    const last = await search({ query: tag, page: '11', page_size: '100' });
    expect(last).toMatchObject({ previous_page: 10, next_page: null, total: 1100, total_is_lower_bound: false });
    expect(last.items).toHaveLength(100);
    expect(await search({ query: 'p77@example.org' })).toMatchObject({ total: 1, total_is_lower_bound: false });
    // a whole address that many mails hold: counted up to the cap, the page read in the same order
    const bySender = await search({ query: sender, page: '2', page_size: '100' });
    expect(bySender).toMatchObject({ previous_page: 1, next_page: 3, total: 1001, total_is_lower_bound: true });
    expect(uidsOf(bySender)).toEqual(uidsOf(second));
    expect(await search({ query: sender, exact_total: 'true' })).toMatchObject({
      total: 1100,
      total_is_lower_bound: false,
    });
    expect(
      uidsOf(await search({ query: sender, sort_by: 'subject', page: '110', page_size: '10', exact_total: 'true' })),
    ).toHaveLength(10);
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
    const response = await query(params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, type, field });
  });
});

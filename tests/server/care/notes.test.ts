import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { careContactRetentionJob } from '../../../server/care';
import { auditEvents, careRequestNotes, careRequests, mails } from '../../../server/db/schema';
import { CARE, validForm } from '../../fixtures/care-form';
import type { ActivityEntryOutput, NoteOutput } from '../../../contracts/care-workflow';
import { activityUrl, notesUrl, staff, submitted, worked, type Staff } from './workflow-helpers';

/** Notes on care requests (the 24-hour window, erasure with the contact data) and the request's activity timeline. */

let t: TestApp;
let author: Staff;
let other: Staff;
const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';
const PRIVATE_TEXT = 'Frau Quast ruft nur vormittags zurück, Tochter Ute: 0170 1234567';

beforeAll(async () => {
  t = await createTestApp({ config: { care: { ...testConfig().care, notifyRecipients: ['office@agency.example'] } } });
  author = await staff(t, ['dispatcher']);
  other = await staff(t, ['dispatcher']);
});
afterAll(async () => t?.close());

const addNote = (uid: string, text: string, token = author.token) =>
  t.as({ method: 'POST', url: notesUrl(uid), payload: { text }, token });
const editNote = (uid: string, note: string, text: string, token = author.token) =>
  t.as({ method: 'PATCH', url: `${notesUrl(uid)}${note}/`, payload: { text }, token });
const removeNote = (uid: string, note: string, token = author.token) =>
  t.as({ method: 'DELETE', url: `${notesUrl(uid)}${note}/`, token });
const notesOf = async (uid: string) => (await t.as({ method: 'GET', url: notesUrl(uid) })).json<NoteOutput[]>();
/** Moves a note's writing time back, instead of waiting a day. */
const age = (note: string, hours: number) =>
  t.db
    .update(careRequestNotes)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(careRequestNotes.uid, note));

async function added(uid: string, text = PRIVATE_TEXT, token = author.token): Promise<NoteOutput> {
  const response = await addNote(uid, text, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NoteOutput>();
}

describe('notes', () => {
  it('are added by care:work holders and listed newest first with their author and times', async () => {
    const uid = await submitted(t);
    const first = await added(uid, 'first');
    const second = await added(uid, 'second', other.token);
    expect(first).toEqual({
      uid: expect.any(String),
      author: { uid: author.uid, public_name: author.publicName },
      created: expect.any(Number),
      edited: null,
      editable_until: first.created + 86_400,
      text: 'first',
    });
    expect((await notesOf(uid)).map((note) => note.uid)).toEqual([second.uid, first.uid]);
  });

  it('may be changed and deleted by their author only, within 24 hours', async () => {
    const uid = await submitted(t);
    const note = await added(uid);
    const edited = await editNote(uid, note.uid, 'changed');
    expect(edited.json()).toMatchObject({ text: 'changed', edited: expect.any(Number) });
    expect((await editNote(uid, note.uid, 'mine now', other.token)).json()).toMatchObject({
      status: 409,
      type: '/problems/note-locked',
      field: 'note_uid',
    });
    expect((await removeNote(uid, note.uid, other.token)).statusCode).toBe(409);

    await age(note.uid, 23);
    expect((await editNote(uid, note.uid, 'still in time')).statusCode).toBe(200);
    await age(note.uid, 25);
    expect((await editNote(uid, note.uid, 'too late')).json()).toMatchObject({
      status: 409,
      type: '/problems/note-locked',
    });
    expect((await removeNote(uid, note.uid)).statusCode).toBe(409);

    const fresh = await added(uid, 'to go');
    expect((await removeNote(uid, fresh.uid)).statusCode).toBe(204);
    expect((await notesOf(uid)).map((one) => one.text)).toEqual(['still in time']);
  });

  it('answer 404 for an unknown request or note, 403 without care:work, 400 for an empty text', async () => {
    const uid = await submitted(t);
    expect((await addNote(UNKNOWN, 'x')).json()).toMatchObject({
      status: 404,
      type: '/problems/care-request-not-found',
    });
    expect((await editNote(uid, UNKNOWN, 'x')).json()).toMatchObject({
      status: 404,
      type: '/problems/note-not-found',
      field: 'note_uid',
    });
    const recruiter = await staff(t, ['recruiter']);
    expect((await addNote(uid, 'x', recruiter.token)).json()).toMatchObject({ status: 403, permission: 'care:work' });
    for (const text of ['', '   ', 'x'.repeat(10_001)])
      expect((await addNote(uid, text)).json()).toMatchObject({ status: 400, field: 'text' });
  });

  it('are audited by uid, never with their text', async () => {
    const uid = await submitted(t);
    const note = await added(uid);
    await editNote(uid, note.uid, `${PRIVATE_TEXT}!`);
    await removeNote(uid, note.uid);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, uid)).orderBy(auditEvents.id);
    expect(events.map((event) => [event.action, event.actorUid, event.changes])).toEqual([
      ['care-request.note-create', author.uid, { note_uid: note.uid }],
      ['care-request.note-update', author.uid, { note_uid: note.uid }],
      ['care-request.note-delete', author.uid, { note_uid: note.uid }],
    ]);
    expect(JSON.stringify(events)).not.toContain('Quast');
  });

  it('are erased with the contact data, and none can be added afterwards', async () => {
    const uid = await submitted(t);
    await added(uid);
    expect((await t.as({ method: 'DELETE', url: `${CARE}/archived/care-requests/${uid}/contact/` })).statusCode).toBe(
      204,
    );
    expect(await notesOf(uid)).toEqual([]);
    expect((await addNote(uid, 'again')).json()).toMatchObject({ status: 410, type: '/problems/contact-erased' });
  });

  it('are erased by retention with the contact data', async () => {
    const [old, recent] = [await submitted(t), await submitted(t)];
    await added(old);
    await added(recent);
    await t.db
      .update(careRequests)
      .set({ submitted: new Date(Date.now() - 800 * 86_400_000) })
      .where(eq(careRequests.uid, old));
    await careContactRetentionJob({ careContactRetentionDays: 730 }).run(t.db, new Date());
    const left = await t.db
      .select({ request: careRequestNotes.requestUid })
      .from(careRequestNotes)
      .where(inArray(careRequestNotes.requestUid, [old, recent]));
    expect(left).toEqual([{ request: recent }]);
  });
});

describe('the activity timeline', () => {
  const activityOf = async (uid: string, query = '') => {
    const response = await t.as({ method: 'GET', url: `${activityUrl(uid)}${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: ActivityEntryOutput[]; total: number; next_page: number | null }>();
  };

  it('tells the story newest first: received, mails, workflow, notes, contact read and erased, with actor and time', async () => {
    const uid = await submitted(t, validForm({ Vorname: 'Adelheid' }));
    await worked(
      t,
      uid,
      { version: 1, status: 'contacting', assignee_uid: other.uid, follow_up: '2031-02-01' },
      author.token,
    );
    await worked(t, uid, { version: 2, status: 'declined', reason: 'price' }, author.token);
    const note = await added(uid);
    await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/contact/` });
    await t.as({ method: 'DELETE', url: `${CARE}/archived/care-requests/${uid}/contact/` });
    const { items, total } = await activityOf(uid);
    expect(items.map((item) => item.kind)).toEqual([
      'contact-erased',
      'contact-read',
      'note-added',
      'workflow',
      'mail',
      'workflow',
      'mail',
      'received',
    ]);
    expect(total).toBe(8);
    const [, , noted, declined, assignmentMail, taken, notice, received] = items;
    expect(noted).toMatchObject({ note_uid: note.uid, actor: { uid: author.uid, public_name: author.publicName } });
    expect(declined).toMatchObject({ status: { from: 'contacting', to: 'declined' }, reason: 'price' });
    expect(taken).toMatchObject({
      status: { from: 'new', to: 'contacting' },
      assignee: { from: null, to: { uid: other.uid, public_name: other.publicName } },
      follow_up: { from: null, to: '2031-02-01' },
    });
    expect(assignmentMail).toMatchObject({ actor: null, mail: { kind: 'assignment', status: 'queued' } });
    expect(notice).toMatchObject({ mail: { kind: 'new-request', status: 'queued' } });
    expect(received).toMatchObject({ actor: null, at: expect.any(Number) });
    expect(JSON.stringify(items)).not.toMatch(/Adelheid|Quast/);
  });

  it('pages, shows an erasure by retention and a deleted mail', async () => {
    const uid = await submitted(t);
    for (let version = 1; version <= 3; version += 1)
      await worked(t, uid, { version, follow_up: `2031-03-0${version}` }, author.token);
    await t.db.delete(mails).where(sql`${mails.message} like ${`%${uid}%`}`);
    await t.db.update(careRequests).set({ contactErasedAt: new Date() }).where(eq(careRequests.uid, uid));
    const first = await activityOf(uid, '?page_size=2');
    expect(first).toMatchObject({ total: 6, next_page: 2 });
    expect(first.items.map((item) => item.kind)).toEqual(['contact-erased', 'workflow']);
    expect(first.items[0].actor).toBeNull();
    const last = await activityOf(uid, '?page=3&page_size=2');
    expect(last.items).toEqual([
      expect.objectContaining({ kind: 'mail', mail: { kind: 'new-request', status: 'deleted' } }),
      expect.objectContaining({ kind: 'received' }),
    ]);
  });

  it('answers 404 for an unknown request and 400 for bad paging', async () => {
    expect((await t.as({ method: 'GET', url: activityUrl(UNKNOWN) })).json()).toMatchObject({
      status: 404,
      type: '/problems/care-request-not-found',
    });
    const uid = await submitted(t);
    expect((await t.as({ method: 'GET', url: `${activityUrl(uid)}?page_size=101` })).json()).toMatchObject({
      status: 400,
      field: 'page_size',
    });
    expect((await t.as({ method: 'GET', url: `${activityUrl(uid)}?sort_by=at` })).json()).toMatchObject({
      status: 400,
      field: 'sort_by',
    });
  });
});

describe('audit of contact reads in the timeline', () => {
  it('names who read', async () => {
    const uid = await submitted(t);
    await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/contact/`, token: author.token });
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, uid), eq(auditEvents.action, 'care-request.contact-read')));
    expect(reads).toHaveLength(1);
    const [entry] = (await t.as({ method: 'GET', url: activityUrl(uid) })).json<{ items: ActivityEntryOutput[] }>()
      .items;
    expect(entry).toMatchObject({ kind: 'contact-read', actor: { uid: author.uid } });
  });
});

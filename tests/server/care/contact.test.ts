import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/helpers';
import { importCareRequests } from '../../../server/care/import';
import { auditEvents, careRequestContacts, careRequests } from '../../../server/db/schema';
import { CARE, CARE_REQUESTS_JSONL, submit, validForm, without, type Form } from '../../fixtures/care-form';
import { rowCounts } from '../../fixtures/care-records';

/** Contact data of care customers: read and erased through the care service, each audited without the data itself. */

let t: TestApp;
let adminUid: string;
const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';

const PERSONAL: Form = {
  Anrede: '0',
  Titel: '2',
  Vorname: 'Wolfram',
  Nachname: 'Kesselring',
  Telefon: '030 4445566',
  EMail: 'w.kesselring@example.org',
  Bemerkungen: 'Nur abends erreichbar',
  EinsatzPLZ: '10437',
  EinsatzOrt: 'Berlin-Prenzlauer Berg',
};
const PERSONAL_VALUES = [
  'Wolfram',
  'Kesselring',
  '4445566',
  'w.kesselring@example.org',
  'abends',
  '10437',
  'Prenzlauer',
];

beforeAll(async () => {
  t = await createTestApp();
  adminUid = (await t.as({ method: 'GET', url: '/api/auth/info/' })).json<{ uid: string }>().uid;
});
afterAll(async () => t?.close());

async function submitted(form: Form = validForm(PERSONAL)): Promise<string> {
  const response = await submit(t.inject, form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ uid: string }>().uid;
}

const contactUrl = (uid: string) => `${CARE}/archived/care-requests/${uid}/contact/`;
const readContact = (uid: string) => t.as({ method: 'GET', url: contactUrl(uid) });
const eraseContact = (uid: string) => t.as({ method: 'DELETE', url: contactUrl(uid) });
const detail = async (uid: string) =>
  (await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/` })).json();

const eventsOf = (uid: string, action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, uid), eq(auditEvents.action, action)));

describe('reading the contact data', () => {
  it('answers the contact data and records who read it, without the data', async () => {
    const uid = await submitted();
    const response = await readContact(uid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      salutation: 'mr',
      academic_title: 'prof_dr',
      first_name: 'Wolfram',
      last_name: 'Kesselring',
      phone: '030 4445566',
      email: 'w.kesselring@example.org',
      notes: 'Nur abends erreichbar',
      mission_zip_code: '10437',
      mission_city: 'Berlin-Prenzlauer Berg',
    });

    const [event, ...more] = await eventsOf(uid, 'care-request.contact-read');
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      actorUid: adminUid,
      targetType: 'care-request',
      targetId: uid,
      targetLabel: '10xxx',
      outcome: 'success',
      changes: {},
    });
    const stored = JSON.stringify(event);
    for (const value of PERSONAL_VALUES) expect(stored).not.toContain(value);
  });

  it('records every read', async () => {
    const uid = await submitted();
    await readContact(uid);
    await readContact(uid);
    expect(await eventsOf(uid, 'care-request.contact-read')).toHaveLength(2);
  });

  it('answers null for what the request did not carry', async () => {
    const uid = await submitted(without(validForm(PERSONAL), 'Bemerkungen'));
    expect((await readContact(uid)).json()).toMatchObject({ notes: null, last_name: 'Kesselring' });
  });

  it('is 404 for an unknown request, and nothing is recorded', async () => {
    const response = await readContact(UNKNOWN);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/care-request-not-found', field: 'uid' });
    expect(await eventsOf(UNKNOWN, 'care-request.contact-read')).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const uid = await submitted();
    expect((await t.inject({ method: 'GET', url: contactUrl(uid) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: contactUrl(uid) })).statusCode).toBe(401);
  });
});

describe('erasing the contact data', () => {
  it('removes it, marks the request erased, records the erasure, and a later read is 410', async () => {
    const uid = await submitted();
    expect((await detail(uid)).contact_erased).toBeNull();
    const before = Math.floor(Date.now() / 1000);

    const response = await eraseContact(uid);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');

    expect(await t.db.select().from(careRequestContacts).where(eq(careRequestContacts.uid, uid))).toHaveLength(0);
    const erased = (await detail(uid)).contact_erased;
    expect(erased).toBeGreaterThanOrEqual(before);
    expect(erased).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const listed = (await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/?page_size=100` })).json<{
      items: { uid: string; contact_erased: number | null }[];
    }>();
    expect(listed.items.find((item) => item.uid === uid)?.contact_erased).toBe(erased);

    const [event, ...more] = await eventsOf(uid, 'care-request.contact-erase');
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      actorUid: adminUid,
      targetType: 'care-request',
      targetId: uid,
      targetLabel: '10xxx',
      changes: { contact_erased: erased },
    });
    for (const value of PERSONAL_VALUES) expect(JSON.stringify(event)).not.toContain(value);

    const gone = await readContact(uid);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(gone.json()).toMatchObject({ type: '/problems/contact-erased', status: 410, title: 'Gone' });
    for (const value of PERSONAL_VALUES) expect(gone.body).not.toContain(value);
    expect(await eventsOf(uid, 'care-request.contact-read')).toHaveLength(0);
  });

  it('a second erasure changes and records nothing', async () => {
    const uid = await submitted();
    expect((await eraseContact(uid)).statusCode).toBe(204);
    const erased = (await detail(uid)).contact_erased;
    expect((await eraseContact(uid)).statusCode).toBe(204);
    expect((await detail(uid)).contact_erased).toBe(erased);
    expect(await eventsOf(uid, 'care-request.contact-erase')).toHaveLength(1);
  });

  it('leaves the other requests alone', async () => {
    const [erased, kept] = [await submitted(), await submitted()];
    await eraseContact(erased);
    expect((await readContact(kept)).json()).toMatchObject({ last_name: 'Kesselring' });
    expect((await detail(kept)).contact_erased).toBeNull();
  });

  it('is 404 for an unknown request', async () => {
    const response = await eraseContact(UNKNOWN);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/care-request-not-found' });
  });

  it('a uid that is not a UUID is 400', async () => {
    expect((await eraseContact('not-a-uid')).statusCode).toBe(400);
    expect((await readContact('not-a-uid')).statusCode).toBe(400);
  });
});

describe('care requests created in the panel', () => {
  it('are recorded with their creator and the partial zip code only', async () => {
    const response = await submit(t.inject, validForm(PERSONAL), {
      headers: { authorization: `Bearer ${await t.adminToken()}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const uid = response.json<{ uid: string }>().uid;
    const [event, ...more] = await eventsOf(uid, 'care-request.create');
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      actorUid: adminUid,
      targetType: 'care-request',
      targetId: uid,
      targetLabel: '10xxx',
      changes: {},
      outcome: 'success',
    });
    expect(event.actorName).toBeTruthy();
    for (const value of PERSONAL_VALUES) expect(JSON.stringify(event)).not.toContain(value);
  });

  it('a web-form submission without sign-in still works and records no event', async () => {
    const uid = await submitted();
    expect(await eventsOf(uid, 'care-request.create')).toHaveLength(0);
  });

  it('an invalid Bearer is refused and stores nothing', async () => {
    const before = await rowCounts(t.db);
    const response = await submit(t.inject, validForm(PERSONAL), { headers: { authorization: 'Bearer not-a-token' } });
    expect(response.statusCode).toBe(401);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('legacy requests', () => {
  const uidOf = async (legacyId: string) =>
    (await t.db.select().from(careRequests).where(eq(careRequests.legacyId, legacyId)))[0].uid;

  beforeAll(async () => {
    expect((await importCareRequests(t.db, CARE_REQUESTS_JSONL)).errors).toEqual([]);
  });

  it('one imported without contact data answers every field null', async () => {
    const response = await readContact(await uidOf('L2016P-0001'));
    expect(response.statusCode).toBe(200);
    expect(Object.values(response.json())).toEqual(Array(9).fill(null));
  });

  it('an erasure survives a re-import of the legacy file', async () => {
    const uid = await uidOf('L2012-0001');
    expect((await readContact(uid)).json()).toMatchObject({ last_name: 'Musterfrau' });
    await eraseContact(uid);
    const erased = (await detail(uid)).contact_erased;
    expect((await importCareRequests(t.db, CARE_REQUESTS_JSONL)).errors).toEqual([]);
    expect(await t.db.select().from(careRequestContacts).where(eq(careRequestContacts.uid, uid))).toHaveLength(0);
    expect((await detail(uid)).contact_erased).toBe(erased);
    expect((await readContact(uid)).statusCode).toBe(410);
    expect((await readContact(await uidOf('L2016-0001'))).json()).toMatchObject({ last_name: 'Mustermann' });
  });
});

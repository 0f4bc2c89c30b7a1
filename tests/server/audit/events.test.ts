import { randomUUID } from 'node:crypto';
import { auditEvents } from '../../../server/db/schema';
import { recordAudit, type AuditEvent } from '../../../server/shared/audit';
import { createTestApp, unique, type TestApp } from '../support/helpers';
import { AUDIT, lastEventId, type AuditEventWire } from '../support/audit-helpers';

/** GET /api/audit/events/ (the paged dialect of the file search) and GET /api/audit/events/{id}/. */
let t: TestApp;
const marker = unique('zq');
const alma = { uid: randomUUID(), publicName: `Alma ${marker}` };
const bruno = { uid: randomUUID(), publicName: `Bruno ${marker}` };
const seeded: AuditEvent[] = [
  {
    actor: alma,
    address: '10.1.0.1',
    action: 'user.ban',
    target: { type: 'user', id: randomUUID(), label: 'Target One' },
    changes: { banned: true },
  },
  {
    actor: bruno,
    address: '10.1.0.2',
    action: 'mail.send',
    target: { type: 'mail', id: randomUUID(), label: 'office@caredesk.example' },
    changes: { recipients_count: 2 },
  },
  {
    actor: alma,
    address: '10.1.0.1',
    action: 'file.upload',
    target: { type: 'file', id: randomUUID(), label: `Report ${marker}.pdf` },
    changes: { size: 3 },
  },
  {
    actor: null,
    action: 'care-request.contact-retention',
    target: { type: 'care-request', id: randomUUID(), label: `Request ${marker}` },
    changes: {},
  },
  {
    actor: bruno,
    address: '10.1.0.2',
    action: 'user.create',
    target: { type: 'user', id: randomUUID(), label: 'New Person' },
    changes: { roles: [] },
  },
  {
    actor: alma,
    address: '10.1.0.3',
    action: 'user.update',
    target: { type: 'user', id: randomUUID(), label: 'Target One' },
    changes: { roles: ['ceo'] },
    outcome: 'refused',
  },
];
/** The ids of the seeded events, in order. */
let ids: string[];
let oldEventId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.adminToken();
  const before = await lastEventId(t.db);
  for (const event of seeded) await recordAudit(t.db, event);
  ids = seeded.map((_event, index) => String(before + index + 1));
  const [old] = await t.db
    .insert(auditEvents)
    .values({
      action: 'user.unban',
      time: new Date('2001-06-01T12:00:00Z'),
      actorUid: alma.uid,
      actorName: alma.publicName,
    })
    .returning();
  oldEventId = String(old.id);
});
afterAll(() => t?.close());

interface Page {
  items: AuditEventWire[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
}

async function list(query: Record<string, string | number | object>): Promise<Page> {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [
      key,
      typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]),
  );
  const response = await t.as({ method: 'GET', url: `${AUDIT}/events/?${params}` });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
}
const idsOf = (page: Page) => page.items.map((event) => event.id);
/** Seeded ids by their index in `seeded`. */
const seededIds = (...indexes: number[]) => indexes.map((index) => ids[index]);

describe('GET /api/audit/events/', () => {
  test('newest first by default; one page of events in the wire shape', async () => {
    const page = await list({ filters: { actor: alma.uid } });
    expect(idsOf(page)).toEqual([...seededIds(5, 2, 0), oldEventId]);
    expect(page).toMatchObject({ previous_page: null, next_page: null, total: 4 });
    expect(page.items[0]).toEqual({
      id: ids[5],
      time: expect.closeTo(Date.now() / 1000, -2),
      actor: { uid: alma.uid, public_name: alma.publicName },
      address: '10.1.0.3',
      action: 'user.update',
      target: { ...seeded[5].target, label: 'Target One' },
      changes: { roles: ['ceo'] },
      outcome: 'refused',
    });
    expect(page.items[3]).toMatchObject({
      address: null,
      target: null,
      changes: {},
      outcome: 'success',
      time: Date.parse('2001-06-01T12:00:00Z') / 1000,
    });
  });

  test('without filters: every event, newest first', async () => {
    const page = await list({ page_size: 100 });
    expect(page.total).toBe(await t.db.$count(auditEvents));
    const times = page.items.map((event) => event.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items.at(-1)!.id).toBe(oldEventId);
  });

  test('pages: page and page_size, with the neighbouring pages', async () => {
    const filters = { actor: alma.uid };
    const first = await list({ filters, page_size: 3 });
    expect([idsOf(first), first.previous_page, first.next_page, first.total]).toEqual([seededIds(5, 2, 0), null, 2, 4]);
    const second = await list({ filters, page_size: 3, page: 2 });
    expect([idsOf(second), second.previous_page, second.next_page, second.total]).toEqual([[oldEventId], 1, null, 4]);
    const beyond = await list({ filters, page_size: 3, page: 7 });
    expect([idsOf(beyond), beyond.previous_page, beyond.next_page]).toEqual([[], 2, null]);
  });

  test('sorts by time, action or actor, either way', async () => {
    const filters = { time: { from: Math.floor(Date.now() / 1000) - 600 } };
    expect(idsOf(await list({ query: marker, filters, ordering: 'asc' }))).toEqual(seededIds(0, 1, 2, 3, 4, 5));
    expect(idsOf(await list({ filters: { actor: alma.uid }, sort_by: 'action', ordering: 'asc' }))).toEqual([
      ids[2],
      ids[0],
      oldEventId,
      ids[5],
    ]);
    expect(idsOf(await list({ filters: { actor: alma.uid }, sort_by: 'action' }))).toEqual([
      ids[5],
      oldEventId,
      ids[0],
      ids[2],
    ]);
    // by actor name, then time: Alma before Bruno, no actor last
    expect(idsOf(await list({ query: marker, filters, sort_by: 'actor', ordering: 'asc' }))).toEqual(
      seededIds(0, 2, 5, 1, 4, 3),
    );
  });

  test('query matches the actor name, the target label and the action, in any case, literally', async () => {
    expect(idsOf(await list({ query: `bruno ${marker.toUpperCase()}` }))).toEqual(seededIds(4, 1));
    expect(idsOf(await list({ query: `report ${marker}` }))).toEqual(seededIds(2));
    expect(idsOf(await list({ query: 'contact-retention', filters: { target_type: 'care-request' } }))).toContain(
      ids[3],
    );
    expect((await list({ query: `${marker}%` })).total).toBe(0);
    expect((await list({ query: `_lma ${marker}` })).total).toBe(0);
  });

  test('filters: action, actor, target_type and time, together', async () => {
    expect(idsOf(await list({ filters: { actor: alma.uid, action: 'user.ban' } }))).toEqual(seededIds(0));
    expect(idsOf(await list({ filters: { actor: bruno.uid.toUpperCase() } }))).toEqual(seededIds(4, 1));
    expect(idsOf(await list({ query: marker, filters: { target_type: 'user' } }))).toEqual(seededIds(5, 4, 0));
    expect(
      idsOf(
        await list({ filters: { actor: alma.uid, action: null, target_type: null, time: { from: null, to: null } } }),
      ),
    ).toHaveLength(4);
    const year2001 = { from: Date.parse('2001-01-01T00:00:00Z') / 1000, to: Date.parse('2001-06-01T12:00:00Z') / 1000 };
    expect(idsOf(await list({ filters: { time: year2001 } }))).toEqual([oldEventId]);
    expect(idsOf(await list({ filters: { time: { ...year2001, to: year2001.to - 1 } } }))).toEqual([]);
    expect(
      (await list({ filters: { actor: alma.uid, time: { from: Math.floor(Date.now() / 1000) + 600 } } })).total,
    ).toBe(0);
    expect(idsOf(await list({ filters: '' }))).not.toEqual([]);
  });

  test.each([
    ['filters that are not JSON', { filters: '{nope' }, 'filters', 'invalid-filters'],
    ['an unknown filter', { filters: '{"target": "user"}' }, 'filters', 'invalid-filters'],
    ['an actor that is no uid', { filters: '{"actor": "alma"}' }, 'filters', 'invalid-filters'],
    ['an action of the wrong type', { filters: '{"action": 5}' }, 'filters', 'invalid-filters'],
    ['a negative time', { filters: '{"time": {"from": -1}}' }, 'filters', 'invalid-filters'],
    ['filters that are an array', { filters: '[]' }, 'filters', 'invalid-filters'],
    ['an unknown sort key', { sort_by: 'address' }, 'sort_by', 'validation-error'],
    ['an unknown ordering', { ordering: 'up' }, 'ordering', 'validation-error'],
    ['page 0', { page: '0' }, 'page', 'validation-error'],
    ['a page size over 100', { page_size: '101' }, 'page_size', 'validation-error'],
    ['an unknown parameter', { limit: '5' }, 'limit', 'validation-error'],
  ])('400 for %s', async (_name, query, field, slug) => {
    const response = await t.as({ method: 'GET', url: `${AUDIT}/events/?${new URLSearchParams(query)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: `/problems/${slug}`, status: 400, field });
  });

  test('401 without a signed-in user', async () => {
    expect((await t.inject({ method: 'GET', url: `${AUDIT}/events/` })).statusCode).toBe(401);
  });
});

describe('GET /api/audit/events/{id}/', () => {
  test('one event, as the list shows it', async () => {
    const response = await t.as({ method: 'GET', url: `${AUDIT}/events/${ids[1]}/` });
    expect(response.statusCode).toBe(200);
    const [listed] = (await list({ filters: { actor: bruno.uid, action: 'mail.send' } })).items;
    expect(response.json()).toEqual(listed);
    expect(listed).toMatchObject({
      id: ids[1],
      actor: { uid: bruno.uid, public_name: bruno.publicName },
      target: seeded[1].target,
      changes: { recipients_count: 2 },
    });
  });

  test('404 for an unknown id, 400 for one that is no number', async () => {
    const unknown = await t.as({ method: 'GET', url: `${AUDIT}/events/999999999/` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ type: '/problems/event-not-found', status: 404, field: 'id' });
    for (const id of ['abc', '-1', '1.5', '9'.repeat(16)]) {
      const response = await t.as({ method: 'GET', url: `${AUDIT}/events/${id}/` });
      expect([id, response.statusCode, response.json().field]).toEqual([id, 400, 'id']);
    }
    expect((await t.inject({ method: 'GET', url: `${AUDIT}/events/${ids[0]}/` })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { auditEvents, mails, users } from '../../../server/db/schema';
import { CARE, validForm } from '../../fixtures/care-form';
import {
  incomingItem,
  listUids,
  patchWorkflow,
  staff,
  submitted,
  workflowUrl,
  worked,
  type Staff,
} from './workflow-helpers';

/** The workflow of a care request: status, assignee, follow-up and version, their rules, the audit and the assignment mail. */

let t: TestApp;
let dispatcher: Staff;
let colleague: Staff;
let recruiter: Staff;
const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';

beforeAll(async () => {
  t = await createTestApp({ config: { care: { ...testConfig().care, panelUrl: 'https://panel.example' } } });
  dispatcher = await staff(t, ['dispatcher']);
  colleague = await staff(t, ['dispatcher']);
  recruiter = await staff(t, ['recruiter']);
});
afterAll(async () => t?.close());

describe('a new request', () => {
  it('starts new, unassigned, without follow-up, at version 1, and the list says so', async () => {
    const uid = await submitted(t);
    expect(await incomingItem(t, uid)).toMatchObject({ status: 'new', assignee: null, follow_up: null, version: 1 });
  });
});

describe('changing the workflow', () => {
  it('moves through the statuses, one version per change, and answers the new state', async () => {
    const uid = await submitted(t);
    expect(await worked(t, uid, { version: 1, status: 'contacting' }, dispatcher.token)).toEqual({
      uid,
      status: 'contacting',
      assignee: null,
      follow_up: null,
      version: 2,
    });
    const state = await worked(
      t,
      uid,
      { version: 2, status: 'offer_sent', follow_up: '2026-12-01', assignee_uid: dispatcher.uid },
      dispatcher.token,
    );
    expect(state).toEqual({
      uid,
      status: 'offer_sent',
      assignee: { uid: dispatcher.uid, public_name: dispatcher.publicName },
      follow_up: '2026-12-01',
      version: 3,
    });
    expect(await worked(t, uid, { version: 3, status: 'placed', follow_up: null }, dispatcher.token)).toMatchObject({
      status: 'placed',
      follow_up: null,
      version: 4,
    });
    // a closed request may be reopened
    expect(await worked(t, uid, { version: 4, status: 'contacting' }, dispatcher.token)).toMatchObject({
      status: 'contacting',
      version: 5,
    });
    expect(await incomingItem(t, uid)).toMatchObject({
      status: 'contacting',
      assignee: { uid: dispatcher.uid },
      version: 5,
    });
  });

  it('answers a change that changes nothing with the state as it is, without a new version or event', async () => {
    const uid = await submitted(t);
    expect(await worked(t, uid, { version: 1, status: 'new', follow_up: null })).toMatchObject({ version: 1 });
    expect(await auditOf(uid)).toHaveLength(0);
  });

  it('refuses a stale version with 409 edit-conflict carrying the current state', async () => {
    const uid = await submitted(t);
    await worked(t, uid, { version: 1, status: 'contacting', assignee_uid: colleague.uid }, dispatcher.token);
    const stale = await patchWorkflow(t, uid, { version: 1, status: 'offer_sent' }, dispatcher.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      type: '/problems/edit-conflict',
      field: 'version',
      current: {
        uid,
        status: 'contacting',
        assignee: { uid: colleague.uid, public_name: colleague.publicName },
        follow_up: null,
        version: 2,
      },
    });
  });

  it('lets exactly one of two concurrent changes on the same version through', async () => {
    const uid = await submitted(t);
    const answers = await Promise.all([
      patchWorkflow(t, uid, { version: 1, status: 'contacting' }, dispatcher.token),
      patchWorkflow(t, uid, { version: 1, status: 'offer_sent' }, colleague.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs a reason to decline or withdraw, and takes one only then', async () => {
    const uid = await submitted(t);
    for (const status of ['declined', 'withdrawn'] as const) {
      const without = await patchWorkflow(t, uid, { version: 1, status });
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({ type: '/problems/reason-required', field: 'reason' });
    }
    const misplaced = await patchWorkflow(t, uid, { version: 1, status: 'contacting', reason: 'price' });
    expect(misplaced.json()).toMatchObject({ status: 400, field: 'reason' });
    const free = await patchWorkflow(t, uid, { version: 1, status: 'declined', reason: 'Frau Müller will nicht' });
    expect(free.json()).toMatchObject({ status: 400, type: '/problems/validation-error', field: 'reason' });
    expect(await worked(t, uid, { version: 1, status: 'declined', reason: 'found_other_provider' })).toMatchObject({
      status: 'declined',
      version: 2,
    });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const uid = await submitted(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'new' }, 'version'],
      [{ version: 0 }, 'version'],
      [{ version: 1, status: 'closed' }, 'status'],
      [{ version: 1, follow_up: '2026-02-31' }, 'follow_up'],
      [{ version: 1, follow_up: '31.12.2026' }, 'follow_up'],
      [{ version: 1, assignee_uid: 'me' }, 'assignee_uid'],
      [{ version: 1, extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await patchWorkflow(t, uid, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
  });

  it('answers 404 for an unknown request', async () => {
    const response = await patchWorkflow(t, UNKNOWN, { version: 1, status: 'contacting' });
    expect(response.json()).toMatchObject({ status: 404, type: '/problems/care-request-not-found' });
    expect((await t.as({ method: 'GET', url: workflowUrl(UNKNOWN) })).json()).toMatchObject({
      status: 404,
      type: '/problems/care-request-not-found',
    });
  });

  it('reads the state on its own, for care:read', async () => {
    const uid = await submitted(t);
    const state = await worked(t, uid, {
      version: 1,
      status: 'contacting',
      assignee_uid: dispatcher.uid,
      follow_up: '2031-04-01',
    });
    const read = await t.as({ method: 'GET', url: workflowUrl(uid), token: recruiter.token });
    expect(read.json()).toEqual(state);
  });
});

describe('who may work and be assigned', () => {
  it('needs care:work, which administrator, ceo and dispatcher hold by default', async () => {
    const uid = await submitted(t);
    const refused = await patchWorkflow(t, uid, { version: 1, status: 'contacting' }, recruiter.token);
    expect(refused.json()).toMatchObject({ status: 403, permission: 'care:work' });
    const ceo = await staff(t, ['ceo']);
    expect(await worked(t, uid, { version: 1, status: 'contacting' }, ceo.token)).toMatchObject({ version: 2 });
    // a recruiter may read the list and the notes, not change them
    expect(
      (await t.as({ method: 'GET', url: `${CARE}/care-requests/${uid}/notes/`, token: recruiter.token })).statusCode,
    ).toBe(200);
  });

  it('assigns only unbanned users holding care:work', async () => {
    const uid = await submitted(t);
    const banned = await staff(t, ['dispatcher']);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.uid, banned.uid));
    for (const assignee of [recruiter.uid, banned.uid, UNKNOWN]) {
      const response = await patchWorkflow(t, uid, { version: 1, assignee_uid: assignee });
      expect(response.json()).toMatchObject({ status: 400, type: '/problems/invalid-assignee', field: 'assignee_uid' });
    }
    expect(await worked(t, uid, { version: 1, assignee_uid: colleague.uid })).toMatchObject({
      assignee: { uid: colleague.uid },
    });
    expect(await worked(t, uid, { version: 2, assignee_uid: null })).toMatchObject({ assignee: null, version: 3 });
  });

  it('lists who may be assigned, by public name, to care:work holders only', async () => {
    const banned = await staff(t, ['dispatcher']);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.uid, banned.uid));
    const listed = (await t.as({ method: 'GET', url: `${CARE}/assignees/`, token: dispatcher.token })).json<
      { uid: string; public_name: string }[]
    >();
    const uids = listed.map((member) => member.uid);
    expect(uids).toEqual(expect.arrayContaining([dispatcher.uid, colleague.uid]));
    expect(uids).not.toContain(recruiter.uid);
    expect(uids).not.toContain(banned.uid);
    const names = listed.map((member) => member.public_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(listed[0]).sort()).toEqual(['public_name', 'uid']);
    expect((await t.as({ method: 'GET', url: `${CARE}/assignees/`, token: recruiter.token })).json()).toMatchObject({
      status: 403,
      permission: 'care:work',
    });
  });
});

const auditOf = (uid: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, uid), eq(auditEvents.action, 'care-request.workflow')))
    .orderBy(auditEvents.id);

describe('the audit trail', () => {
  it('records each change with its actor, version and the changed parts, never personal data', async () => {
    const uid = await submitted(t, validForm({ Vorname: 'Adelheid', Nachname: 'Quast' }));
    await worked(t, uid, { version: 1, status: 'contacting', assignee_uid: dispatcher.uid }, dispatcher.token);
    await worked(
      t,
      uid,
      { version: 2, status: 'withdrawn', reason: 'no_longer_needed', follow_up: '2026-12-24' },
      dispatcher.token,
    );
    const [first, second] = await auditOf(uid);
    expect(first).toMatchObject({
      actorUid: dispatcher.uid,
      targetType: 'care-request',
      targetLabel: '10xxx',
      changes: {
        version: 2,
        status: { from: 'new', to: 'contacting' },
        reason: null,
        assignee: { from: null, to: { uid: dispatcher.uid, public_name: dispatcher.publicName } },
      },
    });
    expect(second.changes).toEqual({
      version: 3,
      status: { from: 'contacting', to: 'withdrawn' },
      reason: 'no_longer_needed',
      follow_up: { from: null, to: '2026-12-24' },
    });
    expect(JSON.stringify([first, second])).not.toMatch(/Adelheid|Quast/);
  });
});

describe('the assignment mail', () => {
  const mailsTo = (address: string) =>
    t.db
      .select()
      .from(mails)
      .where(sql`${address} = any(${mails.recipients})`);

  it('mails someone else assigned a link and the partial zip code, nothing personal', async () => {
    const uid = await submitted(t, validForm({ Vorname: 'Adelheid', Nachname: 'Quast', EinsatzPLZ: '10115' }));
    await worked(t, uid, { version: 1, assignee_uid: colleague.uid }, dispatcher.token);
    const [mail, ...more] = (await mailsTo(colleague.username)).filter((candidate) => candidate.message.includes(uid));
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe('Care request 10xxx assigned to you');
    expect(mail.message).toBe(
      [
        `${dispatcher.publicName} assigned a care request to you.`,
        '',
        `Open it in Caredesk: https://panel.example/archive/incoming-care-requests/?archived=${uid}`,
        'Mission zip code: 10xxx',
      ].join('\n'),
    );
    expect(JSON.stringify(mail)).not.toMatch(/Adelheid|Quast|10115/);
  });

  it('sends nothing to someone assigning themselves, to one who turned it off, and uses an address of their own', async () => {
    const me = await staff(t, ['dispatcher']);
    const first = await submitted(t);
    await worked(t, first, { version: 1, assignee_uid: me.uid }, me.token);
    expect(await mailsTo(me.username)).toHaveLength(0);

    const off = await t.as({
      method: 'PUT',
      url: `${CARE}/my-settings/`,
      payload: { assignment_mails: false, mail_address: null },
      token: me.token,
    });
    expect(off.json()).toEqual({ assignment_mails: false, mail_address: null });
    await worked(t, first, { version: 2, assignee_uid: null }, dispatcher.token);
    await worked(t, first, { version: 3, assignee_uid: me.uid }, dispatcher.token);
    expect(await mailsTo(me.username)).toHaveLength(0);

    await t.as({
      method: 'PUT',
      url: `${CARE}/my-settings/`,
      payload: { assignment_mails: true, mail_address: 'elsewhere@agency.example' },
      token: me.token,
    });
    expect((await t.as({ method: 'GET', url: `${CARE}/my-settings/`, token: me.token })).json()).toEqual({
      assignment_mails: true,
      mail_address: 'elsewhere@agency.example',
    });
    const second = await submitted(t);
    await worked(t, second, { version: 1, assignee_uid: me.uid }, dispatcher.token);
    expect(await mailsTo('elsewhere@agency.example')).toHaveLength(1);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'care-settings.update'), eq(auditEvents.actorUid, me.uid)))
      .orderBy(sql`${auditEvents.id} desc`);
    expect(event.changes).toEqual({ assignment_mails: true, mail_address: 'changed' });
  });

  it('refuses a settings address that is none', async () => {
    const response = await t.as({
      method: 'PUT',
      url: `${CARE}/my-settings/`,
      payload: { assignment_mails: true, mail_address: 'no address' },
      token: dispatcher.token,
    });
    expect(response.json()).toMatchObject({ status: 400, field: 'mail_address' });
  });
});

describe('the list filters and sort', () => {
  it('filters by status, assignee (me, none, a uid) and follow-up, and sorts by follow-up', async () => {
    const [a, b, c] = [await submitted(t), await submitted(t), await submitted(t)];
    await worked(
      t,
      a,
      { version: 1, status: 'contacting', assignee_uid: dispatcher.uid, follow_up: '2031-01-10' },
      dispatcher.token,
    );
    await worked(
      t,
      b,
      { version: 1, status: 'offer_sent', assignee_uid: colleague.uid, follow_up: '2031-01-05' },
      dispatcher.token,
    );
    await worked(t, c, { version: 1, status: 'declined', reason: 'price', follow_up: '2031-01-20' }, dispatcher.token);
    const ours = (uids: string[]) => uids.filter((uid) => [a, b, c].includes(uid));

    expect(ours(await listUids(t, { status: ['contacting', 'declined'] }))).toEqual(expect.arrayContaining([a, c]));
    expect(ours(await listUids(t, { status: ['contacting', 'declined'] }))).toHaveLength(2);
    expect(ours(await listUids(t, { assignee: 'me' }, '', dispatcher.token))).toEqual([a]);
    expect(ours(await listUids(t, { assignee: colleague.uid }))).toEqual([b]);
    expect(ours(await listUids(t, { assignee: 'none', status: ['declined'] }))).toEqual([c]);
    expect(ours(await listUids(t, { follow_up: { from: '2031-01-05', to: '2031-01-10' } }))).toEqual(
      expect.arrayContaining([a, b]),
    );
    expect(ours(await listUids(t, { follow_up: { to: '2031-01-09' } }))).toEqual([b]);
    expect(ours(await listUids(t, { follow_up: { from: '2031-01-01' } }, '&sort_by=follow_up&ordering=asc'))).toEqual([
      b,
      a,
      c,
    ]);
    expect(ours(await listUids(t, { follow_up: { from: '2031-01-01' } }, '&sort_by=follow_up&ordering=des'))).toEqual([
      c,
      a,
      b,
    ]);
  });

  it('refuses malformed workflow filters with 400 invalid-filters', async () => {
    for (const filters of [
      { status: ['open'] },
      { status: [] },
      { assignee: 'everyone' },
      { follow_up: { from: '2026-13-01' } },
      { follow_up: { to: '2026-02-30' } },
    ]) {
      const response = await t.as({
        method: 'GET',
        url: `${CARE}/incoming/care-requests/?filters=${encodeURIComponent(JSON.stringify(filters))}`,
      });
      expect(response.json(), JSON.stringify(filters)).toMatchObject({
        status: 400,
        type: '/problems/invalid-filters',
        field: 'filters',
      });
    }
  });
});

import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type {
  ActivityEntryOutput,
  ActivityPage,
  CareEventData,
  CareEventName,
  EditConflict,
  MyCareSettingsBody,
  NoteInputBody,
  NoteOutput,
  StaffMemberOutput,
  WorkflowChangeInput,
  WorkflowStateOutput,
} from '../../../contracts/care-workflow';
import type { ProblemResponse } from '../../../contracts/common';
import type { ProblemSlug } from '../../../contracts/problem-types';
import { ADMIN_UID, testConfig } from './fakeAuthService';

/** Another dispatcher, the one who changes requests "elsewhere". */
export const DORA_UID = '44444444-4444-4444-8444-444444444444';
const STAFF: Record<string, string> = { [ADMIN_UID]: 'Alice Admin', [DORA_UID]: 'Dora Dispatcher' };
const CARE = testConfig.careUrl;

const problem = (status: number, slug: ProblemSlug, field?: string) =>
  HttpResponse.json(
    {
      type: `/problems/${slug}`,
      title: 'Refused',
      status,
      detail: slug,
      ...(field ? { field } : {}),
    } satisfies ProblemResponse,
    { status },
  );

/**
 * The care service's workflow routes as contracts/care-workflow.ts says (server/care/workflow-routes.ts, note-routes.ts,
 * event-routes.ts): the assignable users, PATCH workflow with versions and 409 edit-conflict, notes, activity, own settings, and an event stream
 * whose events a test sends with `emit`.
 */
export function createFakeCareWork(items: () => WorkflowStateOutput[]) {
  const encoder = new TextEncoder();
  const ownSettings: MyCareSettingsBody = { assignment_mails: true, mail_address: null };
  const state = {
    notes: new Map<string, NoteOutput[]>(),
    activity: new Map<string, ActivityEntryOutput[]>(),
    settings: ownSettings,
    changes: [] as { uid: string; body: WorkflowChangeInput }[],
    streams: new Set<ReadableStreamDefaultController<Uint8Array>>(),
    streamRequests: [] as { authorization: string | null; lastEventId: string | null; url: string }[],
    eventId: 0,
    assigneeReads: 0,
  };
  /** A received or changed event carries a request's uid and version, a resync event nothing. */
  const emit = (name: CareEventName, data: CareEventData | Record<string, never> = {}) => {
    state.eventId += 1;
    const chunk = encoder.encode(`id: ${state.eventId}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    for (const controller of state.streams) {
      try {
        controller.enqueue(chunk);
      } catch {
        state.streams.delete(controller); // a stream the panel has closed
      }
    }
  };
  /** Someone else changes a request: its state moves on and every stream hears of it. */
  const changeElsewhere = (uid: string, change: Partial<WorkflowStateOutput>) => {
    const item = items().find((candidate) => candidate.uid === uid)!;
    Object.assign(item, change, { version: item.version + 1 });
    emit('care-request.changed', { uid, version: item.version });
  };
  const stateOf = (item: WorkflowStateOutput): WorkflowStateOutput => ({
    uid: item.uid,
    status: item.status,
    assignee: item.assignee,
    follow_up: item.follow_up,
    version: item.version,
  });

  const editConflict = (item: WorkflowStateOutput) =>
    HttpResponse.json(
      {
        type: '/problems/edit-conflict',
        title: 'Refused',
        status: 409,
        detail: 'edit-conflict',
        current: stateOf(item),
      } satisfies Static<typeof EditConflict>,
      { status: 409 },
    );

  const patchWorkflow = http.patch(`${CARE}/care-requests/:uid/workflow/`, async ({ request, params }) => {
    const body = (await request.json()) as WorkflowChangeInput;
    const uid = String(params.uid);
    state.changes.push({ uid, body });
    const item = items().find((candidate) => candidate.uid === uid);
    if (!item) return problem(404, 'care-request-not-found');
    if (body.version !== item.version) return editConflict(item);
    if ((body.status === 'declined' || body.status === 'withdrawn') && !body.reason)
      return problem(400, 'reason-required', 'reason');
    const before = stateOf(item);
    if (body.status) item.status = body.status;
    if (body.assignee_uid !== undefined)
      item.assignee =
        body.assignee_uid === null
          ? null
          : { uid: body.assignee_uid, public_name: STAFF[body.assignee_uid] ?? 'Someone' };
    if (body.follow_up !== undefined) item.follow_up = body.follow_up;
    item.version += 1;
    const entries = state.activity.get(uid) ?? [];
    entries.unshift({
      id: `a${item.version}`,
      at: 1_772_400_000,
      kind: 'workflow',
      actor: { uid: ADMIN_UID, public_name: 'Alice Admin' },
      ...(body.status && { status: { from: before.status, to: item.status }, reason: body.reason ?? null }),
    });
    state.activity.set(uid, entries);
    emit('care-request.changed', { uid, version: item.version });
    return HttpResponse.json(stateOf(item));
  });

  const getWorkflow = http.get(`${CARE}/care-requests/:uid/workflow/`, ({ params }) => {
    const item = items().find((candidate) => candidate.uid === params.uid);
    return item ? HttpResponse.json(stateOf(item)) : problem(404, 'care-request-not-found');
  });

  const assignees = http.get(`${CARE}/assignees/`, () => {
    state.assigneeReads += 1;
    const staff = Object.entries(STAFF).map(([uid, public_name]): StaffMemberOutput => ({ uid, public_name }));
    return HttpResponse.json(staff.sort((a, b) => a.public_name.localeCompare(b.public_name)));
  });

  const notes = [
    http.get(`${CARE}/care-requests/:uid/notes/`, ({ params }) =>
      HttpResponse.json(state.notes.get(String(params.uid)) ?? []),
    ),
    http.post(`${CARE}/care-requests/:uid/notes/`, async ({ request, params }) => {
      const { text } = (await request.json()) as NoteInputBody;
      const now = Math.floor(Date.now() / 1000);
      const note: NoteOutput = {
        uid: `5555555${state.eventId}-0000-4000-8000-00000000000${(state.notes.get(String(params.uid)) ?? []).length}`,
        author: { uid: ADMIN_UID, public_name: 'Alice Admin' },
        created: now,
        edited: null,
        editable_until: now + 86_400,
        text,
      };
      state.notes.set(String(params.uid), [note, ...(state.notes.get(String(params.uid)) ?? [])]);
      return HttpResponse.json(note, { status: 201 });
    }),
    http.patch(`${CARE}/care-requests/:uid/notes/:note/`, async ({ request, params }) => {
      const { text } = (await request.json()) as NoteInputBody;
      const note = (state.notes.get(String(params.uid)) ?? []).find((candidate) => candidate.uid === params.note);
      if (!note) return problem(404, 'note-not-found');
      Object.assign(note, { text, edited: Math.floor(Date.now() / 1000) });
      return HttpResponse.json(note);
    }),
    http.delete(`${CARE}/care-requests/:uid/notes/:note/`, ({ params }) => {
      state.notes.set(
        String(params.uid),
        (state.notes.get(String(params.uid)) ?? []).filter((note) => note.uid !== params.note),
      );
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  const activity = http.get(`${CARE}/care-requests/:uid/activity/`, ({ params }) => {
    const items = state.activity.get(String(params.uid)) ?? [];
    return HttpResponse.json({
      items,
      previous_page: null,
      next_page: null,
      total: items.length,
    } satisfies Static<typeof ActivityPage>);
  });

  const settings = [
    http.get(`${CARE}/my-settings/`, () => HttpResponse.json(state.settings)),
    http.put(`${CARE}/my-settings/`, async ({ request }) => {
      state.settings = (await request.json()) as MyCareSettingsBody;
      return HttpResponse.json(state.settings);
    }),
  ];

  const events = http.get(`${CARE}/events/`, ({ request }) => {
    state.streamRequests.push({
      authorization: request.headers.get('authorization'),
      lastEventId: request.headers.get('last-event-id'),
      url: request.url,
    });
    let own: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        own = controller;
        state.streams.add(controller);
        controller.enqueue(encoder.encode('retry: 50\n\n'));
      },
      cancel: () => void state.streams.delete(own),
    });
    request.signal.addEventListener('abort', () => state.streams.delete(own));
    return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
  });

  return {
    state,
    emit,
    changeElsewhere,
    handlers: [patchWorkflow, getWorkflow, assignees, ...notes, activity, ...settings, events],
  };
}

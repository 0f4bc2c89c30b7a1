import type { Static } from '@sinclair/typebox';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { HttpError, type Identifier } from 'react-admin';
import type {
  ActivityEntryOutput,
  ActivityPage,
  CareEventName,
  MyCareSettingsBody,
  NoteOutput,
  StaffMemberOutput,
  WorkflowChangeInput,
  WorkflowStateOutput,
} from '../../../contracts/care-workflow';
import { CARE_EVENTS_RECONNECT_MS } from '../../../contracts/care-workflow';
import type { HttpClient } from '../httpClient';

export type WorkflowState = WorkflowStateOutput;
export type WorkflowChange = WorkflowChangeInput;
export type CareNote = NoteOutput;
export type ActivityEntry = ActivityEntryOutput;
export type CareSettings = MyCareSettingsBody;
export type Assignee = StaffMemberOutput;

/** One event of GET /events/: its name and, for received and changed, {uid, version}. */
export interface CareEvent {
  name: CareEventName;
  uid?: string;
  version?: number;
}

export interface CareEventStreamParams {
  onEvent: (event: CareEvent) => void;
  signal: AbortSignal;
}

/** The state of a 409 /problems/edit-conflict, or undefined for any other error. */
export function conflictStateOf(error: unknown): WorkflowState | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const body = error.body as { current?: WorkflowState } | null;
  return body?.current;
}

class StreamStopped extends Error {}

/**
 * Reads the event stream over fetch with the session's bearer (no token in a URL); it reconnects with Last-Event-ID after a
 * drop (with a fresh token from the session) and stops for good on abort, on 403, or when the session is gone (the HTTP client
 * refuses with a 401 before sending).
 */
function streamEvents(url: string, httpClient: HttpClient, { onEvent, signal }: CareEventStreamParams): Promise<void> {
  return fetchEventSource(url, {
    signal,
    openWhenHidden: true,
    headers: { Accept: 'text/event-stream' },
    fetch: (input, init) => httpClient.fetch(input instanceof Request ? input.url : input.toString(), init),
    onopen: (response) => {
      if (response.status === 403) return Promise.reject(new StreamStopped());
      // a 401 (a token that ended meanwhile) retries: the next attempt asks the session for a fresh one
      if (!response.ok) return Promise.reject(new Error(`care events: HTTP ${response.status}`));
      return Promise.resolve();
    },
    onmessage: (message) => {
      if (!message.event) return;
      const data = message.data ? (JSON.parse(message.data) as { uid?: string; version?: number }) : {};
      onEvent({ name: message.event as CareEventName, uid: data.uid, version: data.version });
    },
    onerror: (error) => {
      if (error instanceof StreamStopped || (error instanceof HttpError && error.status === 401)) throw error;
      return CARE_EVENTS_RECONNECT_MS;
    },
  }).catch((error) => {
    if (!(error instanceof StreamStopped)) console.warn('The care event stream stopped', error);
  });
}

const id = (value: Identifier) => encodeURIComponent(String(value));

/** The provider methods of working a request, under the care service's base URL. */
export function workflowMethods(careUrl: string, httpClient: HttpClient) {
  const requestUrl = (uid: Identifier) => `${careUrl}/care-requests/${id(uid)}`;
  const send = (url: string, method: string, body?: unknown) =>
    httpClient(url, {
      method,
      ...(body !== undefined && {
        body: JSON.stringify(body),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      }),
    });
  return {
    /** dataProvider.changeWorkflow(resource, {id, data}): the new state; a 409 edit-conflict's current state: conflictStateOf(error). */
    changeWorkflow: async (_resource: string, { id: uid, data }: { id: Identifier; data: WorkflowChange }) => ({
      data: (await send(`${requestUrl(uid)}/workflow/`, 'PATCH', data)).json as WorkflowState,
    }),
    /** dataProvider.getWorkflow(resource, {id}): one request's workflow state (care:read). */
    getWorkflow: async (_resource: string, { id: uid }: { id: Identifier }) => ({
      data: (await httpClient(`${requestUrl(uid)}/workflow/`)).json as WorkflowState,
    }),
    getNotes: async (_resource: string, { id: uid }: { id: Identifier }) => ({
      data: (await httpClient(`${requestUrl(uid)}/notes/`)).json as CareNote[],
    }),
    addNote: async (_resource: string, { id: uid, text }: { id: Identifier; text: string }) => ({
      data: (await send(`${requestUrl(uid)}/notes/`, 'POST', { text })).json as CareNote,
    }),
    editNote: async (
      _resource: string,
      { id: uid, noteUid, text }: { id: Identifier; noteUid: string; text: string },
    ) => ({
      data: (await send(`${requestUrl(uid)}/notes/${id(noteUid)}/`, 'PATCH', { text })).json as CareNote,
    }),
    deleteNote: async (_resource: string, { id: uid, noteUid }: { id: Identifier; noteUid: string }) => {
      await send(`${requestUrl(uid)}/notes/${id(noteUid)}/`, 'DELETE');
      return { data: { id: noteUid } };
    },
    /** The timeline, newest first: page n of `perPage`. */
    getActivity: async (
      _resource: string,
      { id: uid, page = 1, perPage = 20 }: { id: Identifier; page?: number; perPage?: number },
    ) => {
      const activity = (await httpClient(`${requestUrl(uid)}/activity/?page=${page}&page_size=${perPage}`))
        .json as Static<typeof ActivityPage>;
      return { data: activity.items, hasNextPage: activity.next_page !== null, total: activity.total };
    },
    /** dataProvider.getAssignees(resource): who a request may be assigned to, by public name (care:work). */
    getAssignees: async (_resource: string) => ({
      data: (await httpClient(`${careUrl}/assignees/`)).json as Assignee[],
    }),
    getCareSettings: async (_resource: string) => ({
      data: (await httpClient(`${careUrl}/my-settings/`)).json as CareSettings,
    }),
    saveCareSettings: async (_resource: string, { data }: { data: CareSettings }) => ({
      data: (await send(`${careUrl}/my-settings/`, 'PUT', data)).json as CareSettings,
    }),
    /** dataProvider.streamCareEvents(resource, {onEvent, signal}): runs until the signal aborts or the session ends. */
    streamCareEvents: (_resource: string, params: CareEventStreamParams) =>
      streamEvents(`${careUrl}/events/`, httpClient, params),
  };
}

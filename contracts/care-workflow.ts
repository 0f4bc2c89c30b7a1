import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Uid } from './common';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address';
import { AnsweredDay, CalendarDay, DayRange, EpochSeconds } from './dates';
import { Page } from './paging';
import { closed, nullable, oneOf } from './schema-kit';

/**
 * Working a care request: its workflow state (status, assignee, follow-up, version), notes, activity timeline, the
 * live event stream and the own assignment-mail setting. Routes: server/care/workflow-routes.ts. No shape here carries a care
 * customer's personal data except a note's `text`, which only the notes routes answer.
 */

export const CARE_STATUSES = ['new', 'contacting', 'offer_sent', 'placed', 'declined', 'withdrawn'] as const;
export type CareStatus = (typeof CARE_STATUSES)[number];
/** A request in one of these is done with; the board shows them behind a toggle. */
export const CLOSED_CARE_STATUSES = ['placed', 'declined', 'withdrawn'] as const satisfies readonly CareStatus[];
export const OPEN_CARE_STATUSES = ['new', 'contacting', 'offer_sent'] as const satisfies readonly CareStatus[];
/** These need a `reason` when a request is moved into them. */
export const STATUSES_NEEDING_A_REASON = ['declined', 'withdrawn'] as const satisfies readonly CareStatus[];

/**
 * Why a request was declined or withdrawn: a word from this list, never free text, so that no customer's personal data can enter
 * the audit trail, the activity or the events through it (what was said belongs in a note).
 */
export const CARE_STATUS_REASONS = [
  'no_caregiver_available',
  'outside_territory',
  'customer_unreachable',
  'price',
  'found_other_provider',
  'no_longer_needed',
  'duplicate',
  'other',
] as const;
export type CareStatusReason = (typeof CARE_STATUS_REASONS)[number];

export const CareStatusSchema = oneOf(CARE_STATUSES);
export const CareStatusReasonSchema = oneOf(CARE_STATUS_REASONS);

/** A staff member as lists show them: never more than the uid and the public name. */
export const StaffMember = Type.Object({ uid: Uid, public_name: Type.String() }, closed);
export const Assignees = Type.Array(StaffMember, { description: 'unbanned users holding care:work, by public name' });
export type StaffMemberOutput = Static<typeof StaffMember>;

/** The workflow fields every incoming list item and the workflow route carry. */
export const WorkflowFields = {
  status: CareStatusSchema,
  assignee: nullable(StaffMember, { description: 'who handles the request, or null' }),
  follow_up: nullable(AnsweredDay, {
    description: 'when to act on it next (YYYY-MM-DD, Europe/Berlin), or null',
  }),
  version: Type.Integer({
    minimum: 1,
    description: 'starts at 1 and grows by 1 with every workflow change; send it back to change the request',
  }),
};

/** PATCH /api/care/care-requests/{uid}/workflow/ answers it; the 409 edit-conflict carries it as `current`. */
export const WorkflowState = Type.Object({ uid: Uid, ...WorkflowFields }, closed);
export type WorkflowStateOutput = Static<typeof WorkflowState>;

export const WorkflowChange = Type.Object(
  {
    version: Type.Integer({
      minimum: 1,
      description: 'the version the change was made on; another one is 409 /problems/edit-conflict',
    }),
    status: Type.Optional(CareStatusSchema),
    assignee_uid: Type.Optional(
      nullable(Uid, { description: 'an unbanned user holding care:work, or null to unassign' }),
    ),
    follow_up: Type.Optional(nullable(CalendarDay, { description: `${CalendarDay.description}, or null to clear it` })),
    reason: Type.Optional(
      nullable(CareStatusReasonSchema, {
        description: `required with status declined or withdrawn: one of ${CARE_STATUS_REASONS.join(', ')}`,
      }),
    ),
  },
  closed,
);
export type WorkflowChangeInput = Static<typeof WorkflowChange>;

/** The 409 /problems/edit-conflict body: a problem with the request's current state. */
export const EditConflict = Type.Object(
  {
    type: Type.Literal('/problems/edit-conflict'),
    title: Type.String(),
    status: Type.Literal(409),
    detail: Type.String(),
    field: Type.Optional(Type.String()),
    current: WorkflowState,
  },
  {
    additionalProperties: true,
    description: 'the change was made on an older version; `current` is the state to start again from',
  },
);

// --- the incoming list's filters and sort (contracts/care.ts builds CareRequestList from these) ---

export const AssigneeFilter = Type.Union([Type.Literal('me'), Type.Literal('none'), Uid], {
  description: '"me", "none" or a user\'s uid',
});

export const WorkflowFilters = {
  status: Type.Optional(
    Type.Array(CareStatusSchema, {
      minItems: 1,
      maxItems: CARE_STATUSES.length,
      uniqueItems: true,
      description: 'any of these statuses',
    }),
  ),
  assignee: Type.Optional(AssigneeFilter),
  follow_up: Type.Optional(DayRange),
};
export const WORKFLOW_SORT_KEYS = ['follow_up'] as const;
export const WORKFLOW_FILTERS_DESCRIPTION =
  '"status": ["new", …] (any of them), "assignee": "me" | "none" | a uid, "follow_up": {"from"?: YYYY-MM-DD, "to"?: YYYY-MM-DD}';

// --- notes ---

export const NOTE_EDIT_WINDOW_SECONDS = 24 * 60 * 60;
const NoteText = Type.String({
  minLength: 1,
  maxLength: 10_000,
  pattern: '\\S',
  description: 'the note, 1 to 10,000 characters, not only blanks',
});

export const Note = Type.Object(
  {
    uid: Uid,
    author: StaffMember,
    created: EpochSeconds,
    edited: nullable(EpochSeconds, { description: 'when the text last changed, or null' }),
    editable_until: EpochSeconds,
    text: NoteText,
  },
  closed,
);
export type NoteOutput = Static<typeof Note>;
export const Notes = Type.Array(Note, { description: 'newest first' });
export const NoteInput = Type.Object({ text: NoteText }, closed);
export type NoteInputBody = Static<typeof NoteInput>;
export const NoteParams = Type.Object({ uid: Uid, note_uid: Uid }, closed);

// --- activity ---

export const ACTIVITY_KINDS = [
  'received',
  'created',
  'workflow',
  'note-added',
  'note-edited',
  'note-deleted',
  'contact-read',
  'contact-erased',
  'mail',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const fromTo = <T extends TSchema>(value: T) => Type.Object({ from: nullable(value), to: nullable(value) }, closed);

export const ActivityEntry = Type.Object(
  {
    id: Type.String({ description: 'stable within the timeline' }),
    at: EpochSeconds,
    kind: oneOf(ACTIVITY_KINDS),
    actor: nullable(StaffMember, {
      description: 'who did it; null for the web form, retention and the mail service',
    }),
    status: Type.Optional(fromTo(CareStatusSchema)),
    reason: Type.Optional(nullable(CareStatusReasonSchema)),
    assignee: Type.Optional(fromTo(StaffMember)),
    follow_up: Type.Optional(fromTo(AnsweredDay)),
    note_uid: Type.Optional(Uid),
    mail: Type.Optional(
      Type.Object(
        {
          kind: oneOf(['new-request', 'assignment'] as const),
          status: Type.String({ description: "the mail's delivery status" }),
        },
        closed,
      ),
    ),
  },
  { ...closed, description: 'one step of the timeline; the optional parts belong to its kind' },
);
export type ActivityEntryOutput = Static<typeof ActivityEntry>;
export const ActivityPage = Page(ActivityEntry);
/** The timeline pages newest first; it has no sort, query or filters. */
export const ActivityQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  closed,
);

// --- live events (GET /api/care/events/, text/event-stream) ---

/** Event names of the stream; `care-requests.resync`: events were missed (Last-Event-ID too old), reload what is shown. */
export const CARE_EVENT_NAMES = ['care-request.received', 'care-request.changed', 'care-requests.resync'] as const;
export type CareEventName = (typeof CARE_EVENT_NAMES)[number];
/** The data of received and changed events (JSON). A resync event's data is {}. */
export const CareEvent = Type.Object({ uid: Uid, version: Type.Integer({ minimum: 1 }) }, closed);
export type CareEventData = Static<typeof CareEvent>;
/** Seconds between heartbeats (SSE comments) on an idle stream. */
export const CARE_EVENTS_HEARTBEAT_SECONDS = 20;
/** What a client waits before reconnecting after the stream drops: the stream's `retry:`, and the panel's wait when none came. */
export const CARE_EVENTS_RECONNECT_MS = 3_000;

// --- the own settings ---

export const MyCareSettings = Type.Object(
  {
    assignment_mails: Type.Boolean({
      description: 'mail me when someone else assigns a care request to me (default true)',
    }),
    mail_address: nullable(
      Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH, description: 'an e-mail address' }),
      {
        description:
          'where assignment mails go; null: to the username when it is an e-mail address, else none is sent (default null)',
      },
    ),
  },
  closed,
);
export type MyCareSettingsBody = Static<typeof MyCareSettings>;

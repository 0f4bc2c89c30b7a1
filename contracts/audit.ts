import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Page, pagedList, SecondsRange } from './paging';
import { Uid } from './common';

const closed = { additionalProperties: false } as const;
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** PostgreSQL text cannot hold NUL; every other character is matched as sent. */
const WITHOUT_NUL = '^[^\\u0000]*$';
const Word = Type.String({ minLength: 1, maxLength: 128, pattern: WITHOUT_NUL, description: 'free of NUL characters' });

const SORT_KEYS = ['time', 'action', 'actor'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const EventSearch = pagedList({
  sortKeys: SORT_KEYS,
  defaultSortBy: 'time',
  query: { pattern: WITHOUT_NUL, description: "matches the actor's name, the target's label and the action; free of NUL characters" },
  filters: Type.Object(
    {
      time: Type.Optional(SecondsRange),
      action: Type.Optional(nullable(Word)),
      actor: Type.Optional(nullable(Uid)),
      target_type: Type.Optional(nullable(Word)),
    },
    closed,
  ),
  filtersDescription: 'a JSON object: {"time"?: {"from"?: seconds, "to"?: seconds}, "action"?: action, "actor"?: user uid, "target_type"?: type}',
});

export const EventIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$', description: 'an event id (digits)' }) }, closed);

export const AuditEvent = Type.Object({
  id: Type.String({ description: 'the event number, as a string' }),
  time: Type.Integer({ description: 'epoch seconds' }),
  actor: nullable(Type.Object({ uid: Type.String(), public_name: Type.String({ description: 'as it was at the time' }) })),
  address: nullable(Type.String({ description: "the client's address" })),
  action: Type.String({ description: '<target type>.<verb>, e.g. user.ban' }),
  target: nullable(Type.Object({ type: Type.String(), id: Type.String(), label: nullable(Type.String({ description: 'as it was at the time' })) })),
  changes: Type.Record(Type.String(), Type.Unknown(), { description: 'the changed fields with their new values; never a secret or personal data' }),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('refused')]),
});
export type AuditEventResponse = Static<typeof AuditEvent>;

export const EventPage = Page(AuditEvent);

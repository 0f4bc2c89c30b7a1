import { Type, type Static } from '@sinclair/typebox';
import { Page, pagedList, SecondsRange } from './paging';
import { Uid } from './common';
import { closed, nullable } from './schema-kit';

/** PostgreSQL text cannot hold NUL; every other character is matched as sent. */
const WITHOUT_NUL = '^[^\\u0000]*$';
const Word = Type.String({ minLength: 1, maxLength: 128, pattern: WITHOUT_NUL, description: 'free of NUL characters' });

const SORT_KEYS = ['time', 'action', 'actor'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const EventSearch = pagedList({
  sortKeys: SORT_KEYS,
  defaultSortBy: 'time',
  query: {
    pattern: WITHOUT_NUL,
    description: "matches the actor's name, the target's label and the action; free of NUL characters",
  },
  filters: Type.Object(
    {
      time: Type.Optional(SecondsRange),
      action: Type.Optional(nullable(Word)),
      actor: Type.Optional(nullable(Uid)),
      target_type: Type.Optional(nullable(Word)),
    },
    closed,
  ),
  filtersDescription:
    'a JSON object: {"time"?: {"from"?: seconds, "to"?: seconds}, "action"?: action, "actor"?: user uid, "target_type"?: type}',
});

/** What an event's `changes` holds, by the kind of its target. */
const CHANGES_DESCRIPTION =
  'the changed fields with their new values; never a secret (a password appears at most as "changed") or personal data. Users: ' +
  'username, public_name, roles (create), the changed fields (update), username when it changed and password "changed" (password set), ' +
  'banned. Providers: name, host, port, security (all on create, the changed ones on update). Accounts: expression, provider (its uid), ' +
  'username and password "changed" when credentials are set or replaced (username null when removed). Providers and accounts: disabled ' +
  '(disable, enable). Mails, named by their reference uid without a label (addresses and subjects may name people): recipients_count, ' +
  'plus state "queued" (requeue), next_attempt "now" (retry now), resent_as (resend; its target is the original), state "cancelled" and ' +
  'previous_state (cancel). API tokens: scope, service, expires or revoked. Files, labelled with the file name: name, description, ' +
  'references, content_type, size (upload), references (reference change), the changed ones of name, description and references ' +
  "(update), name, content_type, size (delete). A call made with an API token has no actor and names the token's uid as api_token.";

export const EventIdParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9]{1,15}$', description: 'an event id (digits)' }) },
  closed,
);

export const AuditEvent = Type.Object({
  id: Type.String({ description: 'the event number, as a string' }),
  time: Type.Integer({ description: 'epoch seconds' }),
  actor: nullable(
    Type.Object({ uid: Type.String(), public_name: Type.String({ description: 'as it was at the time' }) }),
    {
      description: 'the signed-in user who acted; null for the server itself, an API token or someone not signed in',
    },
  ),
  address: nullable(
    Type.String({
      description: "the client's address (behind a reverse proxy only with TRUST_PROXY set, else the proxy's)",
    }),
  ),
  action: Type.String({ description: '<target type>.<verb>, e.g. user.ban' }),
  target: nullable(
    Type.Object({
      type: Type.String(),
      id: Type.String(),
      label: nullable(Type.String({ description: 'as it was at the time' })),
    }),
    {
      description: 'what was acted on; its type is the part of the action before the dot',
    },
  ),
  changes: Type.Record(Type.String(), Type.Unknown(), { description: CHANGES_DESCRIPTION }),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('refused')], {
    description: 'refused: turned away before trying, as a throttled sign-in',
  }),
});
export type AuditEventResponse = Static<typeof AuditEvent>;

export const EventPage = Page(AuditEvent);

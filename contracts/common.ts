import { Type, type Static } from '@sinclair/typebox';
import { closed } from './schema-kit';

/** Schemas every service shares; their `description`s are also the wording of validation errors. */

export const Uid = Type.String({
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  description: 'a UUID',
});

/** Uids as the database compares them (a uuid matches in any case), each once: what a bulk action acts on and answers. */
export const distinctUids = (uids: readonly string[]): string[] => [...new Set(uids.map((uid) => uid.toLowerCase()))];

const Problem = Type.Object(
  {
    type: Type.String({
      description: 'stable: names the problem (docs/api.md lists every type); about:blank only for a 500',
    }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String({ description: 'English for developers; may change' }),
    field: Type.Optional(Type.String({ description: 'the request field the problem is about, as a dotted path' })),
  },
  { additionalProperties: true, description: 'RFC 9457 problem details' },
);
/** A problem body; a problem may carry more members (`ProblemResponse & {…}`). */
export type ProblemResponse = Static<typeof Problem>;

/** For routes without query parameters: an unknown one is refused like an unknown body field (server/app.ts gives it to every such route). */
export const NoQuery = Type.Object({}, closed);

/** The problem responses a route documents, by status code. */
export const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, Problem]));

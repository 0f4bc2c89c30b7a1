import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Db } from '../db';
import { createAuthenticator } from '../auth';
import { badRequest, notFound } from '../shared/problem';
import { findArchived, listArchived, listIncoming, SORT_KEYS, type ListQuery } from './queries';
import { Uid } from '../shared/schemas';
import { Archived, Incoming, page } from './schemas';

export interface CareServiceOptions {
  db: Db;
  masterSecret: Buffer;
}

const ListParameters = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    page_size: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    sort_by: Type.Union(
      SORT_KEYS.map((key) => Type.Literal(key)),
      { default: 'submitted', description: `one of ${SORT_KEYS.join(', ')}` },
    ),
    ordering: Type.Union([Type.Literal('asc'), Type.Literal('des')], { default: 'des', description: 'asc or des' }),
    query: Type.String({ maxLength: 256, default: '', description: 'matches host, affiliate, partial zip code, legacy id and form version' }),
    filters: Type.String({ maxLength: 1024, default: '', description: 'a JSON object {"submitted": {"from"?: epoch seconds, "to"?: epoch seconds}}' }),
  },
  { additionalProperties: false },
);
type ListParametersInput = Static<typeof ListParameters>;

const EpochSeconds = Type.Integer({ minimum: 0, maximum: 253_402_300_799 });
const Filters = Type.Object(
  {
    submitted: Type.Optional(
      Type.Object({ from: Type.Optional(Type.Union([EpochSeconds, Type.Null()])), to: Type.Optional(Type.Union([EpochSeconds, Type.Null()])) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
const filtersChecker = TypeCompiler.Compile(Filters);

function submittedRange(filters: string): { from?: number | null; to?: number | null } {
  if (filters.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(filters);
  } catch {
    throw badRequest('filters must be a JSON object', 'filters', 'invalid-filters');
  }
  if (!filtersChecker.Check(parsed)) throw badRequest('filters must be {"submitted": {"from"?: epoch seconds, "to"?: epoch seconds}}', 'filters', 'invalid-filters');
  return parsed.submitted ?? {};
}

function listQueryOf(parameters: ListParametersInput): ListQuery {
  const range = submittedRange(parameters.filters);
  return {
    page: parameters.page,
    pageSize: parameters.page_size,
    sortBy: parameters.sort_by,
    ordering: parameters.ordering,
    query: parameters.query.replace(/[\u0000-\u001f]/g, ' '),
    submittedFrom: range.from ?? undefined,
    submittedTo: range.to ?? undefined,
  };
}

const security = [{ bearer: [] }];

/** Incoming and archived care requests for the panel (mounted at /api/care); every route needs a panel access token. */
export const careService: FastifyPluginAsyncTypebox<CareServiceOptions> = async (app, { db, masterSecret }) => {
  app.addHook('preHandler', createAuthenticator(db, masterSecret));

  app.get(
    '/incoming/care-requests/',
    { schema: { tags: ['care'], summary: 'Incoming care requests, server-paged', security, querystring: ListParameters, response: { 200: page(Incoming) } } },
    async (request) => listIncoming(db, listQueryOf(request.query)),
  );

  app.get(
    '/archived/care-requests/',
    { schema: { tags: ['care'], summary: 'Archived care requests, server-paged', security, querystring: ListParameters, response: { 200: page(Archived) } } },
    async (request) => listArchived(db, listQueryOf(request.query)),
  );

  app.get(
    '/archived/care-requests/:uid/',
    { schema: { tags: ['care'], summary: 'One archived care request', security, params: Type.Object({ uid: Uid }), response: { 200: Archived } } },
    async (request) => {
      const archived = await findArchived(db, request.params.uid);
      if (!archived) throw notFound('No archived care request has this uid.', 'uid', 'care-request-not-found');
      return archived;
    },
  );
};

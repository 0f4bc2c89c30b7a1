import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { routeDocs } from '../shared/route-docs';
import type { ServiceApp } from '../shared/service';
import { eraseContact, readContact } from './contact';
import { findArchived, incomingLister, listArchived } from './queries';
import {
  Archived,
  ArchivedPage,
  CareRequestList,
  CareRequestUidParams,
  CareStatistics,
  Contact,
  IncomingPage,
} from '../../contracts/care';
import { readCareList } from './schemas';
import { careStatistics } from './statistics';

const describe = routeDocs(['care']);
const LIST =
  'The paged dialect: sort_by `submitted` (the default), `host`, `affiliate`, `partial_mission_zip_code`, `mission_start_date`, ' +
  '`form_version`, `numberOfPatients` or `follow_up` (requests without one last when ascending), ordering `des` by default, ties by ' +
  'uid. `query` matches host, affiliate, partial zip code, legacy id and form version. `filters` is {"submitted": {"from", "to"}, ' +
  '"status": [statuses, any of them], "assignee": "me" | "none" | a uid, "follow_up": {"from", "to"} (YYYY-MM-DD, both included)}; ' +
  'anything else is 400 `/problems/invalid-filters`. A filtered total above 1000 is a lower bound unless exact_total=true.';

/**
 * The lists' items are built field by field from typed rows (queries.ts), so fast-json-stringify's filtering adds nothing here,
 * while its choice between the detail layouts' branches (anyOf: a validation per branch and patient) cost about 0.2 ms an item,
 * 10 ms for a board column of 50; the schemas still document the answer.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export function careRoutes(app: ServiceApp, { db }: { db: Db }) {
  const listIncoming = incomingLister(db);
  app.get(
    '/incoming/care-requests/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          'Incoming care requests, server-paged',
          `Requests as they came in, with their workflow (status, assignee, follow-up, version). ${LIST} Items carry the partial zip code (10xxx) and never the customer's contact data.`,
        ),
        querystring: CareRequestList.querystring,
        response: { 200: IncomingPage, ...problems(400, 401) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => listIncoming(readCareList(request.query), request.user.uid),
  );

  app.get(
    '/archived/care-requests/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          'Archived care requests, server-paged',
          `The archived version of each request (same uid as its incoming request): every field of the specification's section 3 plus ` +
            `the read-only \`contact_erased\`. ${LIST}`,
        ),
        querystring: CareRequestList.querystring,
        response: { 200: ArchivedPage, ...problems(400, 401) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => listArchived(db, readCareList(request.query), request.user.uid),
  );

  app.get(
    '/archived/care-requests/:uid/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          'One archived care request',
          'The same uid as its incoming request. 404 `/problems/care-request-not-found` when no archived request has it.',
        ),
        params: CareRequestUidParams,
        response: { 200: Archived, ...problems(400, 401, 404) },
      },
    },
    async (request) => findArchived(db, request.params.uid),
  );

  app.get(
    '/archived/care-requests/:uid/contact/',
    {
      config: { permission: 'care:contact' },
      schema: {
        ...describe(
          "The customer's contact data (audited; 410 once erased)",
          'The name, phone, e-mail, notes and full address of the customer, which leave the server only here, one request at a time. Each ' +
            'field is null when the request did not carry it (all are for a request that never carried contact data). Each read is audited ' +
            'as `care-request.contact-read` in its own transaction; a read whose event cannot be written returns nothing. 404 ' +
            '`/problems/care-request-not-found` when no archived request has the uid; 410 `/problems/contact-erased` once erased.',
        ),
        params: CareRequestUidParams,
        response: { 200: Contact, ...problems(400, 401, 403, 404, 410) },
      },
    },
    async (request) => readContact(db, request.params.uid, auditContextOf(request)),
  );

  app.delete(
    '/archived/care-requests/:uid/contact/',
    {
      config: { permission: 'care:contact' },
      schema: {
        ...describe(
          "Erase the customer's contact data (audited)",
          "An erasure request: deletes the contact data (tracking data included) and sets the request's `contact_erased`; its " +
            'non-identifying fields stay for the statistics, and a re-import of the legacy file does not bring the data back. Answers 204; ' +
            'erasing an erased request again is 204 and records nothing. 404 `/problems/care-request-not-found` when unknown. Audited as ' +
            '`care-request.contact-erase` with {contact_erased}.',
        ),
        params: CareRequestUidParams,
        response: { 204: Type.Null(), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await eraseContact(db, request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/statistics/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          'The dashboard figures: care requests per week of the last twelve weeks, by territory',
          'The current ISO week and the eleven before it, oldest first, as weeks in `time_zone` (Europe/Berlin). `requests` counts all ' +
            'requests submitted in the week, of them `core_territory` and `optional_territory` (a request is at most one of them, so the ' +
            'rest lies in neither). Weeks without requests are there with zeros.',
        ),
        response: { 200: CareStatistics, ...problems(401, 403) },
      },
    },
    async () => careStatistics(db),
  );
}

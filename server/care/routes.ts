import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { BEARER, type ServiceApp } from '../shared/service';
import { eraseContact, readContact } from './contact';
import { findArchived, incomingLister, listArchived } from './queries';
import { Archived, ArchivedPage, CareRequestList, CareRequestUidParams, CareStatistics, Contact, IncomingPage } from '../../contracts/care';
import { readCareList } from './schemas';
import { careStatistics } from './statistics';

const describe = (summary: string) => ({ tags: ['care'], summary, security: BEARER });

export function careRoutes(app: ServiceApp, { db }: { db: Db }) {
  const listIncoming = incomingLister(db);
  app.get(
    '/incoming/care-requests/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe('Incoming care requests, server-paged'),
        querystring: CareRequestList.querystring,
        response: { 200: IncomingPage, ...problems(400, 401) },
      },
    },
    async (request) => listIncoming(readCareList(request.query)),
  );

  app.get(
    '/archived/care-requests/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe('Archived care requests, server-paged'),
        querystring: CareRequestList.querystring,
        response: { 200: ArchivedPage, ...problems(400, 401) },
      },
    },
    async (request) => listArchived(db, readCareList(request.query)),
  );

  app.get(
    '/archived/care-requests/:uid/',
    { config: { permission: 'care:read' }, schema: { ...describe('One archived care request'), params: CareRequestUidParams, response: { 200: Archived, ...problems(400, 401, 404) } } },
    async (request) => findArchived(db, request.params.uid),
  );

  app.get(
    '/archived/care-requests/:uid/contact/',
    {
      config: { permission: 'care:contact' },
      schema: {
        ...describe("The customer's contact data (audited; 410 once erased)"),
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
        ...describe("Erase the customer's contact data (audited)"),
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
      schema: { ...describe('The dashboard figures: care requests per week of the last twelve weeks, by territory'), response: { 200: CareStatistics, ...problems(401, 403) } },
    },
    async () => careStatistics(db),
  );
}

import { problems } from '../../contracts/common';
import { BEARER, type ServiceApp } from '../shared/service';
import type { Db } from '../db';
import { AuditEvent, EventIdParams, EventPage, EventSearch } from '../../contracts/audit';
import { readEventSearch } from './schemas';
import { findEvent, searchEvents } from './store';

const describe = (summary: string, description?: string) => ({ tags: ['audit'], summary, security: BEARER, ...(description ? { description } : {}) });

/** Only reading: no route changes or deletes an event (the table refuses updates; retention is the server's). */
export function auditRoutes(app: ServiceApp, { db }: { db: Db }) {
  app.get(
    '/events/',
    {
      config: { permission: 'audit:read' },
      schema: {
        ...describe('Search the audit trail', 'Paged and sorted like the file search; newest first by default.'),
        querystring: EventSearch.querystring,
        response: { 200: EventPage, ...problems(400, 401, 403) },
      },
    },
    async (request) => searchEvents(db, readEventSearch(request.query)),
  );

  app.get(
    '/events/:id/',
    {
      config: { permission: 'audit:read' },
      schema: { ...describe('One audit event'), params: EventIdParams, response: { 200: AuditEvent, ...problems(400, 401, 403, 404) } },
    },
    async (request) => findEvent(db, request.params.id),
  );
}

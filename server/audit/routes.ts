import { problems } from '../../contracts/common';
import { routeDocs } from '../shared/route-docs';
import type { ServiceApp } from '../shared/service';
import type { Db } from '../db';
import { AuditEvent, EventIdParams, EventPage, EventSearch } from '../../contracts/audit';
import { readEventSearch } from './schemas';
import { findEvent, searchEvents } from './store';

const describe = routeDocs(['audit']);

/** Only reading: no route changes or deletes an event (the table refuses updates; retention is the server's). */
export function auditRoutes(app: ServiceApp, { db }: { db: Db }) {
  app.get(
    '/events/',
    {
      config: { permission: 'audit:read' },
      schema: {
        ...describe(
          'Search the audit trail',
          "The paged dialect: sort_by `time` (the default, newest first), `action` or `actor` (the actor's name), ties by time and then id. " +
            "`query` is a case-insensitive substring of the actor's name, the target's label or the action (`%` and `_` literal). `filters` " +
            'is {"time": {"from", "to"}, "action": "user.ban", "actor": user uid, "target_type": "user"}, every key optional or null; ' +
            'anything else is 400 `/problems/invalid-filters`. A total above 1000 is a lower bound unless exact_total=true. No route changes ' +
            'or deletes an event.',
        ),
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
      schema: {
        ...describe(
          'One audit event',
          '404 `/problems/event-not-found` when no event has the id; 400 naming `id` when it is not a number.',
        ),
        params: EventIdParams,
        response: { 200: AuditEvent, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => findEvent(db, request.params.id),
  );
}

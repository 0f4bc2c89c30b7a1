import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import type { AuditEventResponse, EventPage, EventSearch } from '../../../contracts/audit';
import type { ProblemResponse } from '../../../contracts/common';
import { withFakeBackend } from './backend';
import { ADMIN_UID, RECRUITER_UID, testConfig } from './fakeAuthService';

export const EVENTS_URL = `${testConfig.auditUrl}/events/`;

/** 2026-03-01 10:30 UTC. */
export const BAN_TIME = 1_772_361_000;

/** Three recorded events, newest first: a ban by Alice, a server retention run, and an action the panel does not know. */
export const initialEvents = (): AuditEventResponse[] => [
  {
    id: '3',
    time: BAN_TIME,
    actor: { uid: ADMIN_UID, public_name: 'Alice Admin' },
    address: '203.0.113.7',
    action: 'user.ban',
    target: { type: 'user', id: RECRUITER_UID, label: 'Bob Recruiter' },
    changes: { banned: true, roles: ['recruiter', 'trainer'] },
    outcome: 'success',
  },
  {
    id: '2',
    time: BAN_TIME - 3600,
    actor: null,
    address: null,
    action: 'care-request.contact-retention',
    target: { type: 'care-request', id: 'c1', label: '=HYPERLINK("x")' },
    changes: {},
    outcome: 'success',
  },
  {
    id: '1',
    time: BAN_TIME - 7200,
    actor: { uid: RECRUITER_UID, public_name: 'Bob "the" Recruiter' },
    address: '198.51.100.2',
    action: 'widget.frobnicate',
    target: null,
    changes: { note: 'line one,\nline two' },
    outcome: 'refused',
  },
];

/** An in-memory audit service: GET /events/ (paged dialect; filters action, actor, target_type; query) and GET /events/{id}/. */
export function createFakeAuditService() {
  const events = initialEvents();
  const requests: URL[] = [];

  const matching = (query: URLSearchParams) => {
    const filters = JSON.parse(query.get('filters') ?? '{}') as Static<typeof EventSearch.filters>;
    const text = (query.get('query') ?? '').toLowerCase();
    return events.filter(
      (event) =>
        (!filters.action || event.action === filters.action) &&
        (!filters.actor || event.actor?.uid === filters.actor) &&
        (!filters.target_type || event.target?.type === filters.target_type) &&
        (filters.time?.from == null || event.time >= filters.time.from) &&
        (filters.time?.to == null || event.time <= filters.time.to) &&
        (!text ||
          [event.actor?.public_name, event.target?.label, event.action].some((part) =>
            part?.toLowerCase().includes(text),
          )),
    );
  };

  const handlers = [
    http.get(EVENTS_URL, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 10);
      if (size > 100)
        return HttpResponse.json(
          {
            type: '/problems/validation-error',
            title: 'Bad Request',
            status: 400,
            detail: 'page_size',
            field: 'page_size',
          } satisfies ProblemResponse,
          { status: 400 },
        );
      const selected = matching(url.searchParams);
      return HttpResponse.json({
        items: selected.slice((page - 1) * size, page * size),
        previous_page: page > 1 ? page - 1 : null,
        next_page: page * size < selected.length ? page + 1 : null,
        total: selected.length,
      } satisfies Static<typeof EventPage>);
    }),
    http.get(`${EVENTS_URL}:id/`, ({ request, params }) => {
      requests.push(new URL(request.url));
      const event = events.find((candidate) => candidate.id === params.id);
      if (!event)
        return HttpResponse.json(
          {
            type: '/problems/event-not-found',
            title: 'Not Found',
            status: 404,
            detail: 'No such event.',
          } satisfies ProblemResponse,
          { status: 404 },
        );
      return HttpResponse.json(event);
    }),
  ];

  /** The list requests' query parameters, in order. */
  const listQueries = () =>
    requests
      .filter((url) => url.pathname === new URL(EVENTS_URL).pathname)
      .map((url) => Object.fromEntries(url.searchParams));
  return { events, requests, handlers, listQueries };
}

/** The fake auth backend plus a fresh fake audit service per test. */
export function withFakeAuditBackend() {
  const backend = withFakeBackend();
  let audit = createFakeAuditService();
  beforeEach(() => {
    audit = createFakeAuditService();
    backend.server.use(...audit.handlers);
  });
  return {
    backend,
    get audit() {
      return audit;
    },
  };
}

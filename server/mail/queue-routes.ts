import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import type { ServiceApp } from '../shared/service';
import { listDelivered, listFailed, listQueued, listRetrying, requeueFailed, retryNow } from './queue';
import {
  Delivered,
  Failed,
  ListQuery,
  QueueEntry,
  Requeued,
  RetriedNow,
  Retrying,
  UidsBody,
} from '../../contracts/mail';
import { administration } from './route-docs';

const DEFAULT_LIST_LIMIT = 1000;

/** The spec's four mail lists (queue, delivered, retrying, failed) and what acts on them: requeue, retry now. */
export function queueRoutes(app: ServiceApp, db: Db) {
  const list = (summary: string, description: string) => ({
    ...administration(summary, `${description} At most \`limit\` mails (default ${DEFAULT_LIST_LIMIT}).`),
    querystring: ListQuery,
  });
  app.get(
    '/administration/queue/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Queued mails, including those being sent; newest request first',
          'Mails waiting for their first delivery attempt or being delivered, newest request first.',
        ),
        response: { 200: Type.Array(QueueEntry), ...problems(400, 401) },
      },
    },
    async (request) => listQueued(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/delivered/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Delivered mails, newest delivery first',
          'Mails the provider accepted for at least one recipient, newest delivery first; `refused` lists the recipients it refused meanwhile ' +
            'with its reply (empty when it accepted every one). Refused recipients of a delivered mail are not retried.',
        ),
        response: { 200: Type.Array(Delivered), ...problems(400, 401) },
      },
    },
    async (request) => listDelivered(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/failed-temporarily/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Mails waiting for another attempt, next attempt first',
          'Mails that failed temporarily, soonest attempt first, with the error and the time of the next attempt.',
        ),
        response: { 200: Type.Array(Retrying), ...problems(400, 401) },
      },
    },
    async (request) => listRetrying(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.get(
    '/administration/queue/failed-permanently/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...list(
          'Permanently failed mails, latest failure first',
          'Mails that failed permanently (until requeued or removed by retention), latest failure first, with the error.',
        ),
        response: { 200: Type.Array(Failed), ...problems(400, 401) },
      },
    },
    async (request) => listFailed(db, request.query.limit ?? DEFAULT_LIST_LIMIT),
  );
  app.post(
    '/administration/queue/failed-permanently/requeue/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Queue permanently failed mails again, attempts reset',
          'Takes reference uids. Each mail goes back in the queue with its retry budget reset (MAIL_MAX_ATTEMPTS and the backoff count ' +
            'from the requeue; its attempts so far stay in the log). All or nothing: a uid that is unknown or not permanently failed is 404 ' +
            '`/problems/mail-not-failed` naming `uids`. One `mail.requeue` event per mail.',
        ),
        body: UidsBody,
        response: { 200: Requeued, ...problems(400, 401, 404) },
      },
    },
    async (request) => ({ requeued: await requeueFailed(db, request.body.uids, auditContextOf(request)) }),
  );
  app.post(
    '/administration/queue/failed-temporarily/retry-now/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Make retrying mails due now instead of at their next attempt; answers how many moved',
          'Takes reference uids. The retrying mails among them are due now, their retry budget unchanged; the others are skipped, not ' +
            'refused. One `mail.retry-now` event per mail moved.',
        ),
        body: UidsBody,
        response: { 200: RetriedNow, ...problems(400, 401) },
      },
    },
    async (request) => ({ moved: await retryNow(db, request.body.uids, auditContextOf(request)) }),
  );
}

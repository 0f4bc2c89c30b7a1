import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { createOnce } from '../shared/idempotency';
import { BEARER, type ServiceApp } from '../shared/service';
import { mailStatistics } from './statistics';
import { enqueueMail } from './queue';
import { Mail, MailStatistics, Sent } from '../../contracts/mail';
import { administration } from './route-docs';

/** Sending, and the dashboard figures. */
export function mailRoutes(app: ServiceApp, db: Db) {
  app.post(
    '/send/',
    {
      config: { permission: 'mail:send', idempotent: true },
      schema: {
        tags: ['mail'],
        summary: 'Queue a mail for delivery',
        description:
          'Answers 202 with the reference uid; the delivery worker sends the mail through the first account whose expression matches the ' +
          'sender. Its Message-ID, <reference_uid@sender-domain>, is fixed at queue time. A permanent SMTP refusal (a 5xx reply but 503) ' +
          'fails the mail; connection errors, time-outs, TLS errors and 4xx replies are retried with a growing wait (MAIL_MIN_BACKOFF doubled ' +
          'up to MAIL_MAX_BACKOFF) until MAIL_MAX_ATTEMPTS. A sender no account matches fails at once; one that only disabled accounts or ' +
          'providers match waits, retried with the same backoff. A mail the provider accepts for at least one recipient is delivered, with ' +
          'the refused recipients listed; one refused for every recipient fails when every refusal is permanent and is retried otherwise. ' +
          'Audited as `mail.send`.',
        security: BEARER,
        body: Mail,
        response: { 202: Sent, ...problems(400, 401) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => enqueueMail(keyed, request.body, auditContextOf(request)),
        answer: (referenceUid) => ({ status: 202, body: { reference_uid: referenceUid } }),
      }),
  );

  app.get(
    '/administration/statistics/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration(
          'The dashboard figures: mails queued, retrying and failed, and delivered today',
          '`queued`, `retrying` and `failed` count the mails in that state; `delivered_today` those delivered since 00:00 of `today` in ' +
            '`time_zone` (Europe/Berlin). Cancelled mails count nowhere.',
        ),
        response: { 200: MailStatistics, ...problems(401, 403) },
      },
    },
    async () => mailStatistics(db),
  );
}

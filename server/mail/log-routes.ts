import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { createOnce } from '../shared/idempotency';
import { problems } from '../../contracts/common';
import type { ServiceApp } from '../shared/service';
import { cancelMail, mailDetail, resendMail, searchMailLog } from './mail-log';
import { MailLogDetail, MailLogPage, MailLogQuery, UidParams } from '../../contracts/mail';
import { readMailLogSearch } from './schemas';
import { administration } from './route-docs';

/** The mail log: every mail, searched and paged, one mail with its attempts, cancel and resend. */
export function mailLogRoutes(app: ServiceApp, db: Db) {
  app.get(
    '/administration/mails/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration(
          'The mail log: every mail in any state, searched, filtered, sorted and paged',
          'Mails queued, retrying, delivered, failed or cancelled, in the paged dialect: sort_by `requested_time` (the default, newest ' +
            'first), `state`, `sender` or `subject`, ties by reference uid. `query` (trimmed, case-insensitive): a whole address (with a ' +
            'dotted domain, bare or in angle brackets) matches the mails that have exactly that address as sender, to or cc recipient, or as ' +
            'Message-ID, so a Message-ID pasted whole finds its mail; it does not find the address inside a longer one or in a subject (type ' +
            'part of it for that). Anything else is a substring of the sender, any recipient, the subject or the Message-ID (`%` and `_` ' +
            'literal). `filters` is {"state": [...], "requested": {"from", "to"}} (an empty state list filters nothing); anything else is ' +
            "400 `/problems/invalid-filters`. Totals above 1000 are lower bounds unless exact_total=true; the whole log's total is always exact.",
        ),
        querystring: MailLogQuery,
        response: { 200: MailLogPage, ...problems(400, 401) },
      },
    },
    async (request) => searchMailLog(db, readMailLogSearch(request.query), request.query.exact_total),
  );
  app.get(
    '/administration/mails/:uid/',
    {
      config: { permission: 'mail:read' },
      schema: {
        ...administration(
          'A mail with its body, every delivery attempt and its resend links',
          '`{uid}` is the reference uid; 404 `/problems/mail-not-found` when no mail has it. Each attempt names the provider as it was, the ' +
            "outcome, the final SMTP reply and each recipient's verdict; `cancelled` says when and by whom; `resent_from` and `resent_as` link resends.",
        ),
        params: UidParams,
        response: { 200: MailLogDetail, ...problems(400, 401, 404) },
      },
    },
    async (request) => mailDetail(db, request.params.uid.toLowerCase()),
  );
  app.post(
    '/administration/mails/:uid/resend/',
    {
      config: { permission: 'mail:manage', idempotent: true },
      schema: {
        ...administration(
          'Queue a new mail with the same content, linked to this one',
          'Works in any state of the original, which stays as it is and lists the new mail in `resent_as`. Answers 201 with the new mail; ' +
            '404 `/problems/mail-not-found` when unknown. Audited as `mail.resend` (`resent_as`), its target the original.',
        ),
        params: UidParams,
        response: { 201: MailLogDetail, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => resendMail(keyed, request.params.uid.toLowerCase(), auditContextOf(request)),
        answer: (resent) => ({ status: 201, body: resent }),
      }),
  );
  app.post(
    '/administration/mails/:uid/cancel/',
    {
      config: { permission: 'mail:manage' },
      schema: {
        ...administration(
          'Cancel a queued or retrying mail that is not being delivered right now',
          "The mail becomes cancelled, with the time and the canceller's username, and no worker claims it. 409 `/problems/not-cancellable` " +
            'for a mail in any other state or under a live lease (being delivered right now: the provider may already have it); a lease that ' +
            'ran out does not protect it. 404 `/problems/mail-not-found` when unknown. Audited as `mail.cancel`.',
        ),
        params: UidParams,
        response: { 200: MailLogDetail, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const uid = request.params.uid.toLowerCase();
      await cancelMail(db, uid, request.user, auditContextOf(request));
      return mailDetail(db, uid);
    },
  );
}

import type { CareConfig } from '../config';
import type { Db } from '../db';
import { problems } from '../../contracts/common';
import { createOnce } from '../shared/idempotency';
import { BEARER, type ServiceApp } from '../shared/service';
import { multipartFields } from './body';
import { IntakeForm, intakeValidatorCompiler } from './form';
import { Accepted, ValidationProblem } from '../../contracts/intake';
import { assertValidSubmission, storeSubmission } from './submission';

export function intakeRoutes(app: ServiceApp, { db, care }: { db: Db; care: CareConfig }) {
  app.post(
    '/care-request/',
    {
      // web forms post without sign-in; the panel sends its Bearer and is then audited (and needs care:create)
      config: { auth: 'publicOrUser', permission: 'care:create', idempotent: true },
      schema: {
        tags: ['intake'],
        summary: 'Submit a care request (multipart/form-data or application/x-www-form-urlencoded, German field names)',
        description:
          "The agency's web forms post here without sign-in. A request with `Authorization: Bearer <access token>` (the panel's) is " +
          'admitted as that user and audited as `care-request.create`; an invalid token is 401. At most 64 KiB and ' +
          '100 fields (413 `/problems/content-too-large`), no files (400 `/problems/files-not-allowed`), other content types 415. ' +
          'Rate-limited per client address, INTAKE_RATE_LIMIT a minute across processes: 429 `/problems/rate-limited` with Retry-After. ' +
          'Values are trimmed first, and an empty value counts as not sent. A second patient (P1…) is all or nothing; Anreisedatum is ' +
          'required with BetreuungBeginn 1 and not before today in Europe/Berlin; WWW is an http(s) address with a host, or a bare host ' +
          'read as https://. A refused submission stores nothing and is 400 `/problems/validation-error` whose `errors: [{field, detail}]` ' +
          'names every offending field (`field` is the first). An accepted one is stored as an incoming request of form version 2016 and ' +
          "its archived copy (customer version 2.0, same uid), with the personal data kept apart (only the care service's contact route " +
          'returns it); answers 201 {uid, submitted}. The notification mail (CARE_REQUEST_NOTIFY) carries only the panel link, the partial ' +
          'zip code and the number of patients. How the codes map onto the stored fields: docs/api.md, Decisions the specification leaves open.',
        security: [{}, ...BEARER],
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        body: IntakeForm,
        response: { 201: Accepted, 400: ValidationProblem, ...problems(401, 403, 413, 415, 429) },
      },
      validatorCompiler: intakeValidatorCompiler,
      attachValidation: true,
      preValidation: async (request) => {
        if (request.isMultipart()) request.body = (await multipartFields(request)) as never;
      },
    },
    async (request, reply) => {
      const now = new Date();
      return createOnce(request, reply, db, {
        // checked in the effect: a replay answers the first answer even after a rule of the day (the start date) has changed
        effect: async (keyed) => {
          assertValidSubmission(request, now);
          return storeSubmission(keyed, care, request, now);
        },
        answer: (uid) => ({ status: 201, body: { uid, submitted: Math.floor(now.getTime() / 1000) } }),
      });
    },
  );
}

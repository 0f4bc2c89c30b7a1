import type { CareConfig } from '../config';
import type { Db } from '../db';
import { problems } from '../../contracts/common';
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
      config: { auth: 'publicOrUser', permission: 'care:create' },
      schema: {
        tags: ['intake'],
        summary: 'Submit a care request (multipart/form-data or application/x-www-form-urlencoded, German field names)',
        security: [{}, ...BEARER],
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        body: IntakeForm,
        response: { 201: Accepted, 400: ValidationProblem, ...problems(401, 403) },
      },
      validatorCompiler: intakeValidatorCompiler,
      attachValidation: true,
      preValidation: async (request) => {
        if (request.isMultipart()) request.body = (await multipartFields(request)) as never;
      },
    },
    async (request, reply) => {
      const now = new Date();
      assertValidSubmission(request, now);
      const uid = await storeSubmission(db, care, request, now);
      reply.code(201);
      return { uid, submitted: Math.floor(now.getTime() / 1000) };
    },
  );
}

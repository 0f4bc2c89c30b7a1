import type { CareConfig } from '../config';
import type { Db } from '../db';
import type { ServiceApp } from '../shared/service';
import { multipartFields } from './body';
import { IntakeForm, intakeValidatorCompiler } from './form';
import { Accepted, ValidationProblem } from './schemas';
import { assertValidSubmission, storeSubmission } from './submission';

export function intakeRoutes(app: ServiceApp, { db, care }: { db: Db; care: CareConfig }) {
  app.post(
    '/care-request/',
    {
      // web forms post without signing in; the panel sends its Bearer and must then hold care:create
      config: { auth: 'publicOrUser', permission: 'care:create' },
      schema: {
        tags: ['intake'],
        summary: 'Submit a care request (multipart/form-data or application/x-www-form-urlencoded, German field names)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        body: IntakeForm,
        response: { 201: Accepted, 400: ValidationProblem },
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

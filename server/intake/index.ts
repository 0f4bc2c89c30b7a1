import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { Type } from '@sinclair/typebox';
import type { CareConfig } from '../config';
import type { Db } from '../db';
import { checkMail } from '../mail/queue';
import { insertCareRequests } from '../care/store';
import { HttpProblem, problemType } from '../shared/problem';
import { formFieldsOf, MAX_BODY_BYTES, multipartFields, rejectOversizedRequest } from './body';
import { checkFormRules, IntakeForm, IntakeFormError, intakeValidatorCompiler, hostOf, type FieldError } from './form';
import { recordOfForm } from './mapping';
import { notifyOffice } from './notify';

export interface IntakeServiceOptions {
  care: CareConfig;
  db: Db;
}

const Accepted = Type.Object({ uid: Type.String(), submitted: Type.Integer({ description: 'epoch seconds' }) });
const FieldProblem = Type.Object({ field: Type.String(), detail: Type.String() });
const ValidationProblem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  field: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldProblem)),
});

function invalidForm(errors: FieldError[]) {
  const fields = errors.map((error) => error.field).join(', ');
  return new HttpProblem(400, 'Bad Request', `The care request has invalid fields: ${fields}.`, {
    type: problemType('validation-error'),
    field: errors[0]!.field,
    errors,
  });
}

/** Where the request came from when the form names no WWW origin: its Origin, else its Referer, else unknown (""). */
function fallbackHost(request: FastifyRequest): string {
  const candidates = [request.headers.origin, request.headers.referer].filter((value): value is string => typeof value === 'string');
  return candidates.map(hostOf).find((host) => host !== null) ?? '';
}

/** Addresses that would make every accepted request fail in its transaction are refused at start-up instead. */
function checkNotificationSettings(care: CareConfig) {
  if (care.notifyRecipients.length === 0) return;
  checkMail({ sender: care.notifySender, to: care.notifyRecipients, subject: 'New care request', message: '' });
}

/**
 * The public intake of care requests (mounted at /api/intake): the agency's web forms and the panel's stepper post here,
 * without sign-in, so it is rate-limited per client address and bounded in size.
 */
export const intakeService: FastifyPluginAsyncTypebox<IntakeServiceOptions> = async (app, { care, db }) => {
  checkNotificationSettings(care);
  await app.register(fastifyRateLimit, { max: care.intakeRateLimit, timeWindow: 60_000, keyGenerator: (request) => request.ip });
  app.addHook('onRequest', async (request) => rejectOversizedRequest(request));

  // Only form bodies: JSON and the rest get 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => {
    done(null, formFieldsOf(new URLSearchParams(body as string)));
  });
  await app.register(fastifyMultipart, {
    limits: { fieldNameSize: 100, fieldSize: MAX_BODY_BYTES, fields: 100, files: 0, parts: 100, headerPairs: 100 },
  });

  app.post(
    '/care-request/',
    {
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
      const form = (request.body ?? {}) as Record<string, unknown>;
      const now = new Date();
      const schemaErrors = request.validationError instanceof IntakeFormError ? request.validationError.errors : [];
      const errors = [...schemaErrors, ...checkFormRules(form, new Set(schemaErrors.map((error) => error.field)), now)];
      if (errors.length) throw invalidForm(errors);

      const record = recordOfForm(request.body as never, { fallbackHost: fallbackHost(request), submitted: now, config: care });
      const uid = await db.transaction(async (tx) => {
        const [stored] = await insertCareRequests(tx, [record]);
        await notifyOffice(tx, record, stored!, care);
        return stored!;
      });
      reply.code(201);
      return { uid, submitted: Math.floor(now.getTime() / 1000) };
    },
  );
};

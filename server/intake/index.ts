import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import type { CareConfig } from '../config';
import type { ServiceOptions } from '../shared/service';
import { formFieldsOf, MAX_BODY_BYTES, rejectOversizedRequest } from './body';
import { databaseRateLimitStore } from './rate-limit-store';
import { intakeRoutes } from './routes';
import { checkNotificationSettings } from './submission';

interface IntakeServiceOptions extends ServiceOptions {
  care: CareConfig;
}

/**
 * The public intake of care requests (mounted at /api/intake): the agency's web forms and the panel's stepper post here,
 * without sign-in, so it is rate-limited per client address (across processes) and bounded in size. Its form is checked by its own
 * validator (form.ts), which names every offending field at once.
 */
export const intakeService: FastifyPluginAsyncTypebox<IntakeServiceOptions> = async (app, { db, care }) => {
  checkNotificationSettings(care);
  // counted in the database, so the limit holds across every process sharing it
  await app.register(fastifyRateLimit, {
    max: care.intakeRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    store: databaseRateLimitStore(db),
  });
  app.addHook('onRequest', (request, _reply, done) => {
    rejectOversizedRequest(request);
    done();
  });

  // Only form bodies: JSON and the rest get 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => {
      done(null, formFieldsOf(new URLSearchParams(body as string)));
    },
  );
  await app.register(fastifyMultipart, {
    limits: { fieldNameSize: 100, fieldSize: MAX_BODY_BYTES, fields: 100, files: 0, parts: 100, headerPairs: 100 },
  });
  intakeRoutes(app, { db, care });
};

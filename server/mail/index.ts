import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { ServiceOptions } from '../shared/service';
import { createPasswordCipher } from './credentials';
import { mailRoutes } from './routes';

export { checkMail, enqueueMail } from './queue';
export { createMailWorker, type DeliveryOutcome, type MailWorker } from './worker';
export { mailRetentionJob } from './retention';

interface MailServiceOptions extends ServiceOptions {
  masterSecret: Buffer;
}

/** The mail service (mounted at /api/mail): sending, provider and account configuration, and the delivery lists. */
export const mailService: FastifyPluginCallbackTypebox<MailServiceOptions> = (app, { db, masterSecret }, done) => {
  mailRoutes(app, { db, cipher: createPasswordCipher(masterSecret) });
  done();
};

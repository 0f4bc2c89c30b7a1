import { synchronousPlugin, type ServiceOptions } from '../shared/service';
import { createPasswordCipher } from './credentials';
import { mailLogRoutes } from './log-routes';
import { queueRoutes } from './queue-routes';
import { mailRoutes } from './routes';
import { setupRoutes } from './setup-routes';

export { checkMail, enqueueMail } from './queue';
export { createMailWorker, type DeliveryOutcome, type MailWorker } from './worker';
export { mailRetentionJob } from './retention';

interface MailServiceOptions extends ServiceOptions {
  masterSecret: Buffer;
}

/** The mail service (mounted at /api/mail): sending, provider and account configuration, and the delivery lists. */
export const mailService = synchronousPlugin<MailServiceOptions>((app, { db, masterSecret }) => {
  mailRoutes(app, db);
  setupRoutes(app, { db, cipher: createPasswordCipher(masterSecret) });
  queueRoutes(app, db);
  mailLogRoutes(app, db);
});

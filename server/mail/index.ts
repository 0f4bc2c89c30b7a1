export { mailService, type MailServiceOptions } from './service';
export { enqueueMail } from './queue';
export { createMailWorker, type MailWorker, type MailWorkerOptions } from './worker';
export type { MailInput } from './schemas';

import fastifySSE from '@fastify/sse';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Database } from '../db';
import type { ServiceOptions } from '../shared/service';
import { careEventRoutes } from './event-routes';
import { createCareEventHub } from './events';
import { careNoteRoutes } from './note-routes';
import { careRoutes } from './routes';
import { careWorkflowRoutes } from './workflow-routes';

export { careContactRetentionJob } from './contact';
export { insertCareRequests, type CareRequestRecord } from './store';
export { partialZipCode, territoryOf } from './territory';
export { announceCareEvent } from './events';
export { careRequestLink, linkCareMail } from './assignment-mail';

interface CareServiceOptions extends ServiceOptions {
  /** Where the live events come from: LISTEN on PostgreSQL, in-process on PGlite. */
  database: Pick<Database, 'listen' | 'listenInProcess'>;
  config: Pick<Config, 'care' | 'trust'>;
}

/** Incoming and archived care requests for the panel and their workflow (mounted at /api/care); every route needs a panel user. */
export const careService: FastifyPluginAsyncTypebox<CareServiceOptions> = async (app, { db, database, config }) => {
  const hub = createCareEventHub(database, config.care.eventStreams);
  // streams end before the server waits for its connections to close
  app.addHook('preClose', async () => hub.stop());
  await hub.started;
  await app.register(fastifySSE, { heartbeatInterval: config.care.eventHeartbeatMs });
  careRoutes(app, { db });
  const mail = { panelUrl: config.care.panelUrl, sender: config.care.notifySender, language: config.care.mailLanguage };
  careWorkflowRoutes(app, db, { ...mail, accessPolicy: config.trust.accessPolicy });
  careNoteRoutes(app, db);
  careEventRoutes(app, hub);
};

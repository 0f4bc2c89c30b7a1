import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAuthenticator } from '../auth';
import { strictValidatorCompiler } from '../shared/validator';
import type { Config } from '../config';
import type { Db } from '../db';
import { createBlobStorage, type BlobStorage } from '../storage';
import { accessTokenAdministration, createServiceAuthenticator } from '../tokens';
import { fileRoutes } from './routes';
import { META_MAX_BYTES } from './upload';

export interface FilesServiceOptions {
  config: Config;
  db: Db;
  masterSecret: Buffer;
  /** Defaults to the storage the config selects (local disk or S3). */
  storage?: BlobStorage;
}

const TAGS = ['files'];

/** The file service (mounted at /api/files): search, upload, download and references of stored files, and its API access tokens. */
export const filesService: FastifyPluginAsyncTypebox<FilesServiceOptions> = async (app, { config, db, masterSecret, storage = createBlobStorage(config) }) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const maxUploadBytes = config.files.maxUploadBytes;
  await app.register(fastifyMultipart, {
    // one byte over the limit reaches the meter, which then refuses the upload (busboy alone would silently truncate)
    limits: { fileSize: maxUploadBytes + 1, files: 2, fields: 2, parts: 4, fieldSize: META_MAX_BYTES, fieldNameSize: 100, headerPairs: 100 },
  });
  const authenticateUser = createAuthenticator(db, masterSecret);
  await app.register(accessTokenAdministration, { db, scope: 'files', authenticateUser, tags: TAGS });
  fileRoutes(app, { db, storage, maxUploadBytes, authenticate: createServiceAuthenticator(db, 'files', authenticateUser), tags: TAGS });
};

export { recountFiles } from './counts';
export { insertFile } from './repository';
export { searchQueries, type SearchParams } from './search';

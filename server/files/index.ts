import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { ServiceOptions } from '../shared/service';
import { createBlobStorage, type BlobStorage } from '../storage';
import { fileChangeRoutes, fileReadRoutes } from './routes';
import { META_MAX_BYTES } from './upload';

export { recountFiles } from './counts';
export { searchQueries } from './search';
export { insertFile } from './store';
export type { FileSearchRequest } from './schemas';

interface FilesServiceOptions extends ServiceOptions {
  config: Config;
  /** Defaults to the storage the config selects (local disk or S3). */
  storage?: BlobStorage;
}

/**
 * The file service (mounted at /api/files): search, upload, download and references of stored files, for panel users and
 * for outside services with an API token of the file service. server/app.ts mounts the administration of those tokens
 * under the same prefix.
 */
export const filesService: FastifyPluginAsyncTypebox<FilesServiceOptions> = async (
  app,
  { config, db, storage = createBlobStorage(config) },
) => {
  const maxUploadBytes = config.files.maxUploadBytes;
  await app.register(fastifyMultipart, {
    // one byte over the limit reaches the meter, which then refuses the upload (busboy alone would silently truncate)
    limits: {
      fileSize: maxUploadBytes + 1,
      files: 2,
      fields: 2,
      parts: 4,
      fieldSize: META_MAX_BYTES,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });
  const context = { db, storage, maxUploadBytes };
  fileReadRoutes(app, context);
  fileChangeRoutes(app, context);
};

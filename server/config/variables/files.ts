import { Type } from '@sinclair/typebox';
import { flag, text, wholeNumber } from '../variable-types';

const S3_STORE =
  'With all four of `S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` set, file blobs go to that S3-compatible store (keys `files/<uid>`) instead of `DATA_DIR/files`; a partial set stops the server at start';

/** The file service (server/files) and where its blobs are stored (server/storage). */
export const filesVariables = {
  FILES_MAX_UPLOAD_BYTES: wholeNumber({
    default: 1024 ** 3,
    atLeast: 1,
    defaultNote: '1 GiB',
    description: 'the largest upload; a larger one gets 413 and nothing is kept',
  }),
  S3_ENDPOINT: Type.Optional(text({ description: `the S3 store's endpoint URL. ${S3_STORE}` })),
  S3_BUCKET: Type.Optional(text({ description: 'the bucket of that store (see `S3_ENDPOINT`)' })),
  S3_ACCESS_KEY_ID: Type.Optional(text({ description: 'the access key of that store (see `S3_ENDPOINT`)' })),
  S3_SECRET_ACCESS_KEY: Type.Optional(
    text({ secret: true, description: "the access key's secret (see `S3_ENDPOINT`)" }),
  ),
  S3_REGION: text({ default: 'us-east-1', description: 'S3 region' }),
  S3_FORCE_PATH_STYLE: flag({
    default: true,
    description: 'path-style bucket addressing (most self-hosted stores need it)',
  }),
};

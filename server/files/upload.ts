import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { BlobStorage } from '../storage';
import { badRequest, HttpProblem, problemType } from '../shared/problem';
import { UploadMeta, type UploadMetaValue } from '../../contracts/files';

/** The meta part is small: this much is plenty for a name, a description and a hundred references. */
export const META_MAX_BYTES = 64 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** type/subtype as RFC 9110 spells them; the multipart parser has already dropped any parameters. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;
const metaChecker = TypeCompiler.Compile(UploadMeta);

export interface ReceivedUpload {
  uid: string;
  meta: UploadMetaValue;
  contentType: string;
  md5Hash: string;
  size: number;
}

const fileTooLarge = (maxBytes: number) =>
  new HttpProblem(413, 'Content Too Large', `The file is larger than the limit of ${maxBytes} bytes.`, {
    type: problemType('file-too-large'),
    field: 'file',
  });

/** Passes bytes through while counting them and hashing them with md5; fails once they exceed the limit. */
class BinaryMeter extends Transform {
  size = 0;
  refusal?: HttpProblem;
  private readonly md5 = createHash('md5');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.refusal = fileTooLarge(this.maxBytes);
      return done(this.refusal);
    }
    this.md5.update(chunk);
    done(null, chunk);
  }

  digest() {
    return this.md5.digest('hex');
  }
}

/** The part's media type when it is one; anything else is stored as application/octet-stream. */
function contentTypeOf(mimetype: string | undefined): string {
  const trimmed = mimetype?.trim().toLowerCase() ?? '';
  return trimmed.length <= 255 && MEDIA_TYPE.test(trimmed) ? trimmed : DEFAULT_CONTENT_TYPE;
}

/** Errors of the multipart parser as problems: the client's mistakes stay 4xx, a malformed body is a 400. */
function multipartProblem(error: unknown): unknown {
  if (error instanceof HttpProblem) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest('meta is not valid JSON.', 'meta', 'malformed-body');
  if (statusCode && statusCode >= 400 && statusCode < 500) return error;
  return badRequest('The multipart body is malformed.', 'body', 'malformed-body');
}

function parseMeta(raw: unknown): UploadMetaValue {
  let meta = raw;
  if (typeof raw === 'string') {
    try {
      meta = JSON.parse(raw);
    } catch {
      throw badRequest('meta is not valid JSON.', 'meta', 'malformed-body');
    }
  }
  if (metaChecker.Check(meta)) return meta;
  const error = metaChecker.Errors(meta).First();
  const path = error?.path.replace(/^\//, '').replaceAll('/', '.');
  throw badRequest(
    `meta${path ? `.${path}` : ''} ${error?.message.toLowerCase() ?? 'is invalid'}`,
    path ? `meta.${path}` : 'meta',
  );
}

const metaTooLarge = () => badRequest(`meta is larger than ${META_MAX_BYTES} bytes.`, 'meta', 'meta-too-large');

/** `file`: busboy's stream of the part, which yields Buffers. */
async function readMetaFile(file: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > META_MAX_BYTES) throw metaTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Streams the file part into storage under the key; on any failure nothing is stored. The part is piped, not pipelined,
 * into the meter, so that a failing store does not fail the part: the part's own errors are then the client's alone.
 */
async function storeFilePart(file: Readable, storage: BlobStorage, key: string, maxBytes: number) {
  const meter = new BinaryMeter(maxBytes);
  // the meter's errors reach us as the store's rejection and as refusal/sourceError; this only keeps late ones from going unhandled
  meter.on('error', () => undefined);
  let sourceError: unknown;
  file.on('error', (error) => {
    sourceError ??= error;
    meter.destroy(error);
  });
  file.pipe(meter);
  try {
    await storage.put(key, meter);
  } catch (error) {
    file.destroy(); // nobody reads the rest of this part
    const clientError = meter.refusal ?? sourceError;
    throw clientError ? multipartProblem(clientError) : error;
  }
  return { md5Hash: meter.digest(), size: meter.size };
}

function metaOf(part: Multipart, known: UploadMetaValue | undefined): Promise<UploadMetaValue> | UploadMetaValue {
  if (known) throw badRequest('Only one meta part is allowed.', 'meta', 'unexpected-part');
  if (part.type === 'file') {
    return readMetaFile(part.file).then(parseMeta, (error) => {
      throw multipartProblem(error);
    });
  }
  if (part.valueTruncated) throw metaTooLarge();
  return parseMeta(part.value);
}

/** The request's parts; the parser's own errors become problems (errors of the loop's body pass by untouched). */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    for await (const part of request.parts()) yield part;
  } catch (error) {
    throw multipartProblem(error);
  }
}

/** The parts, until `failure` rejects: a parser waiting for a delimiter that will never come ends the loop with that rejection. */
async function* racing<T>(parts: AsyncGenerator<T>, failure: Promise<never>): AsyncGenerator<T> {
  while (true) {
    const next = await Promise.race([parts.next(), failure]);
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Rejects with a 400 when the request body ends without the multipart closing delimiter `--boundary--`: the parser would
 * wait for it for ever, holding the request and its temporary file. `onMissing` runs first (to fail the part being stored).
 */
function bodyWithoutClosingDelimiter(request: FastifyRequest, onMissing: () => void): Promise<never> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  const delimiter = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}--`);
  let tail: Buffer = Buffer.alloc(0);
  let seen = false;
  const watch = (chunk: Buffer) => {
    if (seen) return;
    const window = Buffer.concat([tail, chunk.subarray(0, delimiter.length)]);
    seen = window.includes(delimiter) || chunk.includes(delimiter);
    const joined = chunk.length >= delimiter.length ? chunk : Buffer.concat([tail, chunk]);
    tail = joined.subarray(Math.max(0, joined.length - delimiter.length + 1));
  };
  const failure = new Promise<never>((_resolve, reject) => {
    request.raw.on('data', watch);
    request.raw.once('end', () => {
      if (seen) return;
      onMissing();
      reject(badRequest('The multipart body ends without its closing boundary.', 'body', 'malformed-body'));
    });
  });
  failure.catch(() => undefined); // observed through racing(); unobserved when the parts end first
  return failure;
}

const notMultipart = () =>
  new HttpProblem(415, 'Unsupported Media Type', 'The upload must be multipart/form-data.', {
    type: problemType('unsupported-media-type'),
    field: 'body',
  });

/**
 * Reads a multipart upload with parts `meta` and `file` in either order, streaming the file into storage without holding it
 * in memory, then hands it to `save`. When anything fails (bad meta, too large, client gone, save) the blob is removed again.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  { storage, maxBytes }: { storage: BlobStorage; maxBytes: number },
  save: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw notMultipart();
  const uid = randomUUID();
  let meta: UploadMetaValue | undefined;
  let binary: { md5Hash: string; size: number; contentType: string } | undefined;
  let currentFile: Readable | undefined;
  const unterminated = bodyWithoutClosingDelimiter(request, () =>
    currentFile?.destroy(new Error('Part terminated early')),
  );
  try {
    for await (const part of racing(partsOf(request), unterminated)) {
      if (part.fieldname === 'meta') meta = await metaOf(part, meta);
      else if (part.fieldname === 'file' && part.type === 'file' && !binary) {
        currentFile = part.file;
        binary = {
          ...(await storeFilePart(part.file, storage, uid, maxBytes)),
          contentType: contentTypeOf(part.mimetype),
        };
      } else
        throw badRequest(
          `Unexpected part "${part.fieldname}": only one meta and one file part are accepted.`,
          part.fieldname,
          'unexpected-part',
        );
    }
    if (!binary) throw badRequest('The file part is missing.', 'file', 'missing-part');
    if (!meta) throw badRequest('The meta part is missing.', 'meta', 'missing-part');
    return await save({ uid, meta, ...binary });
  } catch (error) {
    if (binary)
      await storage
        .remove(uid)
        .catch((removal) => request.log.error({ err: removal, uid }, 'could not remove the blob of a failed upload'));
    throw error;
  }
}

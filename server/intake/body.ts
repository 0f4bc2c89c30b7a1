import type { FastifyRequest } from 'fastify';
import { HttpProblem, badRequest, problemType } from '../shared/problem';

/** The most a submission may carry, all fields together; a real one is a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = (detail = `A care request may carry at most ${MAX_BODY_BYTES / 1024} KiB.`) =>
  new HttpProblem(413, 'Content Too Large', detail, { type: problemType('content-too-large') });

type FormFields = Record<string, string | string[]>;

/**
 * Trimmed values; an empty one counts as not sent (HTML forms send empty inputs). A repeated field keeps all its
 * values, which the schema then refuses. A NUL character (which PostgreSQL text cannot store) is refused at once.
 */
export function formFieldsOf(entries: Iterable<[string, string]>): FormFields {
  const values = new Map<string, string[]>();
  for (const [name, raw] of entries) {
    if (name.includes('\u0000'))
      throw badRequest('Field names must not contain NUL characters.', 'body', 'validation-error');
    if (raw.includes('\u0000')) throw badRequest(`${name} must not contain NUL characters`, name, 'validation-error');
    const value = raw.trim();
    if (value === '') continue;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return Object.fromEntries([...values].map(([name, list]) => [name, list.length === 1 ? list[0] : list]));
}

export function rejectOversizedRequest(request: FastifyRequest) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
}

const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** The multipart parser's errors as problems a form sender can act on; anything it cannot parse is a 400. */
function multipartProblem(error: unknown): unknown {
  if (error instanceof HttpProblem) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest('A care request carries no files.', 'body', 'files-not-allowed');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge('A care request has too many fields.');
  if (isClientError(error)) return error;
  return badRequest('The multipart body is malformed.', 'body', 'malformed-body');
}

/** Reads a multipart body's text fields, refusing file parts and anything past MAX_BODY_BYTES. */
export async function multipartFields(request: FastifyRequest): Promise<FormFields> {
  const entries: [string, string][] = [];
  let bytes = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file')
        throw badRequest('A care request carries no files.', part.fieldname, 'files-not-allowed');
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      bytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (bytes > MAX_BODY_BYTES) throw tooLarge();
      entries.push([part.fieldname, value]);
    }
  } catch (error) {
    throw multipartProblem(error);
  }
  return formFieldsOf(entries);
}

import type { Auth, HostileCase } from './cases';
import { HOSTILE_TEXTS, type seededRandom } from './values';

/** Multipart bodies built byte by byte with a fixed boundary: malformed, unterminated, hostile names and values. */

const BOUNDARY = '----caredeskHostileBoundary7MA4YWxk';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  headers?: string;
}

function partsText(parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${part.headers ?? ''}\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

type Random = ReturnType<typeof seededRandom>;

/** Hostile shapes any multipart route must refuse cleanly, whatever fields it expects. */
function malformedBodies(valid: Part[]): [string, Buffer | string, string][] {
  const complete = partsText(valid);
  return [
    ['unterminated (no closing boundary)', partsText(valid, false), CONTENT_TYPE],
    ['cut in the middle of a part', complete.subarray(0, Math.floor(complete.length / 2)), CONTENT_TYPE],
    ['cut inside the headers of a part', `--${BOUNDARY}\r\nContent-Disposition: form-da`, CONTENT_TYPE],
    ['empty body', '', CONTENT_TYPE],
    ['only the closing boundary', `--${BOUNDARY}--\r\n`, CONTENT_TYPE],
    ['no boundary parameter', complete, 'multipart/form-data'],
    ['empty boundary parameter', complete, 'multipart/form-data; boundary='],
    ['another boundary than the body uses', complete, 'multipart/form-data; boundary=other'],
    ['a boundary over 70 characters', complete, `multipart/form-data; boundary=${'b'.repeat(200)}`],
    ['garbage instead of parts', 'this is not multipart at all', CONTENT_TYPE],
    ['LF instead of CRLF', complete.toString('latin1').replaceAll('\r\n', '\n'), CONTENT_TYPE],
    [
      'a part without Content-Disposition',
      `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      CONTENT_TYPE,
    ],
    [
      'a part without a name',
      `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      CONTENT_TYPE,
    ],
    [
      'invalid UTF-8 in a value',
      partsText([...valid, { name: 'extra', value: Buffer.from([0xff, 0xfe, 0xc3]) }]),
      CONTENT_TYPE,
    ],
    ['multipart/mixed', complete, `multipart/mixed; boundary=${BOUNDARY}`],
    ['every part twice', partsText([...valid, ...valid]), CONTENT_TYPE],
    [
      'a thousand extra parts',
      partsText([...valid, ...Array.from({ length: 1_000 }, (_, index) => ({ name: `p${index}`, value: 'x' }))]),
      CONTENT_TYPE,
    ],
    ['a 2 MiB text part', partsText([...valid, { name: 'big', value: 'x'.repeat(2 * 1024 * 1024) }]), CONTENT_TYPE],
    [
      'an unterminated 2 MiB text part',
      partsText([{ name: 'big', value: 'x'.repeat(2 * 1024 * 1024) }], false),
      CONTENT_TYPE,
    ],
    ['JSON instead of multipart', '{"a":1}', 'application/json'],
    [
      'a file part with a traversal and NUL name',
      partsText([
        ...valid,
        { name: 'x', filename: '../../etc/passwd\u0000.txt', value: 'x', headers: 'Content-Type: text/plain\r\n' },
      ]),
      CONTENT_TYPE,
    ],
  ];
}

export function multipartCases(
  label: string,
  url: string,
  valid: Part[],
  random: Random,
  options: { hostileFields?: string[]; auth?: () => Auth; remoteAddress?: () => string } = {},
): HostileCase[] {
  const auth = options.auth ?? (() => (random.next() < 0.9 ? 'admin' : 'none'));
  const post = (name: string, payload: Buffer | string, contentType: string): HostileCase => ({
    name: `POST ${label} ${name}`,
    auth: auth(),
    request: {
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: options.remoteAddress?.(),
    },
  });
  const cases = [post('valid', partsText(valid), CONTENT_TYPE)];
  cases.push(...malformedBodies(valid).map(([name, payload, contentType]) => post(name, payload, contentType)));
  for (const field of options.hostileFields ?? valid.map((part) => part.name)) {
    const replaced = (value: string) => valid.map((part) => (part.name === field ? { ...part, value } : part));
    HOSTILE_TEXTS.forEach((text, index) =>
      cases.push(post(`${field} = hostile #${index}`, partsText(replaced(text)), CONTENT_TYPE)),
    );
    cases.push(post(`${field} missing`, partsText(valid.filter((part) => part.name !== field)), CONTENT_TYPE));
    cases.push(
      post(
        `${field} with a hostile part name`,
        partsText(valid.map((part) => (part.name === field ? { ...part, name: `${field}\u0000\u202e` } : part))),
        CONTENT_TYPE,
      ),
    );
  }
  return cases;
}

export const part = (name: string, value: string | Buffer, filename?: string, headers?: string): Part => ({
  name,
  value,
  filename,
  headers,
});

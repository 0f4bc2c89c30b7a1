import type { InjectOptions } from 'fastify';
import {
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERY_VALUES,
  HUGE_TEXTS,
  MALFORMED_JSON,
  Raw,
  hostileJsonValues,
  type seededRandom,
} from './values';

/** The part of a JSON schema in the served OpenAPI document the generator reads. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  nullable?: boolean;
  anyOf?: Schema[];
}

interface OpenApiOperation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

export interface Operation {
  method: string;
  /** The path with `{uid}`-style parameters. */
  template: string;
  query: { name: string; schema: Schema }[];
  pathParameters: string[];
  jsonBody?: Schema;
  formBody?: Schema;
}

export type Auth = 'admin' | 'none' | 'garbage';

export interface HostileCase {
  name: string;
  auth: Auth;
  request: Omit<InjectOptions, 'headers' | 'url'> & { url: string; headers?: Record<string, string> };
}

/** Fixtures the generator fills valid-looking values from, so that one hostile field reaches the code behind the schema. */
export interface Fixtures {
  /** An existing object's uid per path prefix (`/api/mail/administration/providers/`), else a random UUID is used. */
  uidFor(template: string): string;
  /** A valid care-request form. */
  form: Record<string, string>;
  /** Well-formed values by field name, where a generic one would fail a pattern. */
  fields: Record<string, unknown>;
}

export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        template,
        query: parameters.filter((parameter) => parameter.in === 'query'),
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        jsonBody: content['application/json']?.schema,
        formBody: content['multipart/form-data']?.schema,
      };
    }),
  );
}

/** A value that passes the schema where the generator can tell; good enough to get past it otherwise. */
export function sample(schema: Schema, name: string, fixtures: Fixtures): unknown {
  if (name in fixtures.fields) return fixtures.fields[name];
  if (schema.anyOf) return sample(schema.anyOf.find((option) => option.type !== 'null') ?? {}, name, fixtures);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, key, fixtures)]),
      );
    case 'array':
      return [sample(schema.items ?? {}, name, fixtures)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    default: {
      const alternative = /^\^\((?:\?:)?([\w/ -]+)[|)]/.exec(schema.pattern ?? '')?.[1];
      if (alternative) return alternative;
      return 'sample text value'.slice(0, Math.max(schema.maxLength ?? 17, 1)).padEnd(schema.minLength ?? 0, 'x');
    }
  }
}

/** Every field path of a body, nested objects and the first item of arrays included. */
function fieldPaths(schema: Schema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 3) return [];
  if (schema.type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => [
      [...prefix, key],
      ...fieldPaths(property, [...prefix, key], depth + 1),
    ]);
  }
  if (schema.type === 'array' && schema.items) return fieldPaths(schema.items, [...prefix, 0], depth + 1);
  return [];
}

function withValueAt(body: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const leaf = path[path.length - 1];
  if (remove) delete node[leaf];
  else node[leaf] = value;
  return copy;
}

/** A text that, with the rest of the body, comes close to the 1 MiB body limit. */
const NEAR_LIMIT_TEXT = 'n'.repeat(1024 * 1024 - 4096);

const RAW_MARK = '\u0001raw\u0001';
/** JSON text of a body whose Raw tokens are written verbatim. */
export function jsonText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value) =>
    value instanceof Raw ? `${RAW_MARK}${raws.push(value.text) - 1}` : value,
  );
  return text.replace(/"\\u0001raw\\u0001(\d+)"/g, (_match, index: string) => raws[Number(index)]);
}

type Random = ReturnType<typeof seededRandom>;

/** Mostly the administrator; some requests without or with a garbage Authorization header. */
function authOf(random: Random): Auth {
  const roll = random.next();
  return roll < 0.88 ? 'admin' : roll < 0.96 ? 'none' : 'garbage';
}

export function urlOf(
  operation: Operation,
  fixtures: Fixtures,
  segments: Record<string, string> = {},
  query = '',
): string {
  const path = operation.template.replace(
    /\{(\w+)\}/g,
    (_match, name: string) => segments[name] ?? fixtures.uidFor(operation.template),
  );
  return query ? `${path}?${query}` : path;
}

export function jsonCases(operation: Operation, fixtures: Fixtures, random: Random): HostileCase[] {
  if (!operation.jsonBody) return [];
  const url = urlOf(operation, fixtures);
  const base = sample(operation.jsonBody, '', fixtures) as Record<string, unknown>;
  // a body's uid repeats the one in the path (PUT) and is absent on create (POST)
  if ('uid' in base) base.uid = operation.template.includes('{uid}') ? fixtures.uidFor(operation.template) : undefined;
  const json = (name: string, payload: string, contentType = 'application/json'): HostileCase => ({
    name: `${operation.method} ${operation.template} ${name}`,
    auth: authOf(random),
    request: {
      method: operation.method,
      url,
      payload,
      headers: { 'content-type': contentType },
    },
  });
  const cases: HostileCase[] = [json('base body', jsonText(base))];
  for (const path of fieldPaths(operation.jsonBody)) {
    const field = path.join('.');
    cases.push(json(`${field} missing`, jsonText(withValueAt(base, path, undefined, true))));
    hostileJsonValues().forEach((value, index) =>
      cases.push(json(`${field} = hostile #${index}`, jsonText(withValueAt(base, path, value)))),
    );
    cases.push(json(`${field} = text filling the body limit`, jsonText(withValueAt(base, path, NEAR_LIMIT_TEXT))));
  }
  cases.push(json('unknown field', jsonText(withValueAt(base, ['unknown_field'], 1))));
  MALFORMED_JSON.forEach((text, index) => cases.push(json(`malformed JSON #${index}`, text)));
  HUGE_TEXTS.forEach((text, index) =>
    cases.push(json(`huge body #${index}`, jsonText({ ...(base as object), huge: text }))),
  );
  for (const contentType of [
    'text/plain',
    'application/xml',
    'application/json; charset=latin1',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
  ]) {
    cases.push(json(`body as ${contentType}`, jsonText(base), contentType));
  }
  return cases;
}

export function queryCases(operation: Operation, fixtures: Fixtures, random: Random): HostileCase[] {
  const get = (name: string, query: string): HostileCase => ({
    name: `${operation.method} ${operation.template} ${name}`,
    auth: authOf(random),
    request: { method: operation.method, url: urlOf(operation, fixtures, {}, query) },
  });
  const cases = [
    get('unknown query parameter', 'unknown=1'),
    get('empty parameter name', '=1'),
    get('bare separators', '&&&'),
    get('malformed percent-encoding in a name', '%zz=1'),
    get('many parameters', Array.from({ length: 1_000 }, (_, index) => `p${index}=1`).join('&')),
  ];
  for (const { name } of operation.query) {
    HOSTILE_QUERY_VALUES.forEach((value, index) => cases.push(get(`${name} = hostile #${index}`, `${name}=${value}`)));
    cases.push(
      get(`${name} twice`, `${name}=1&${name}=2`),
      get(`${name} as array`, `${name}[]=1`),
      get(`${name} as object`, `${name}[a]=1`),
    );
  }
  return cases;
}

export function pathCases(operation: Operation, fixtures: Fixtures, random: Random): HostileCase[] {
  return operation.pathParameters.flatMap((parameter) =>
    HOSTILE_PATH_SEGMENTS.map((segment, index) => ({
      name: `${operation.method} ${operation.template} ${parameter} = hostile #${index}`,
      auth: authOf(random),
      request: {
        method: operation.method,
        url: urlOf(operation, fixtures, { [parameter]: segment }),
        ...(operation.jsonBody
          ? {
              payload: jsonText(sample(operation.jsonBody, '', fixtures)),
              headers: { 'content-type': 'application/json' },
            }
          : {}),
      },
    })),
  );
}

/** Headers that describe the body or the wanted answer wrongly: encodings that are not there, charsets, odd Accept values. */
const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'br' },
  { 'content-encoding': 'deflate, gzip, identity' },
  { 'content-encoding': 'x-unknown' },
  { 'content-type': 'application/json; charset=utf-16' },
  { accept: 'application/xml' },
  { accept: '*/*;q=0, text/html' },
  { 'accept-encoding': 'gzip;q=abc, br;q=-1, *;q=2' },
  { 'x-request-id': 'a'.repeat(4_000) },
  { 'x-forwarded-for': '::ffff:999.1.1.1, garbage' },
];

export function headerCases(operation: Operation, fixtures: Fixtures, random: Random): HostileCase[] {
  const payload = operation.jsonBody ? jsonText(sample(operation.jsonBody, '', fixtures)) : undefined;
  return HOSTILE_HEADERS.map((headers, index) => ({
    name: `${operation.method} ${operation.template} hostile headers #${index}`,
    auth: authOf(random),
    request: {
      method: operation.method as InjectOptions['method'],
      url: urlOf(operation, fixtures),
      ...(payload === undefined
        ? { headers }
        : { payload, headers: { 'content-type': 'application/json', ...headers } }),
    },
  }));
}

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { daysFromToday, multipart, submit, validForm, CARE, INTAKE } from '../../fixtures/care-form';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { sample, type Fixtures, type Schema } from './hostile/cases';

/**
 * Every day and moment a route takes, at the ends of the calendar and beyond: the OpenAPI document names each date field (a
 * `format` of date or date-time, a text of the form YYYY-MM-DD, an integer of epoch seconds) of every operation's JSON body,
 * form, query, path and of the JSON objects in the lists' `filters`. Each extreme value goes in an otherwise valid request of the
 * administrator (holding every permission), which is first sent with an ordinary date and must succeed. No answer may be a 5xx
 * (PostgreSQL refuses a year 0 or a five-digit year), and a 400 names the field.
 */

type Kind = 'date' | 'date-time' | 'epoch-seconds';
type Part = 'body' | 'form' | 'query' | 'path';

interface DocumentSchema extends Schema {
  format?: string;
  description?: string;
}

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema?: DocumentSchema;
  content?: Record<string, { schema: DocumentSchema }>;
}

interface DocumentOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: DocumentSchema }> };
}

/** One date field of one operation: where it goes, and the path to it inside that part (a JSON parameter's object included). */
interface DateField {
  method: string;
  template: string;
  part: Part;
  /** The body's schema, or the JSON parameter's; the request around the date is sampled from it. */
  container?: DocumentSchema;
  /** The name of the parameter or form field (empty for a JSON body). */
  name: string;
  path: string[];
  kind: Kind;
}

const SECONDS_PER_DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** What is sent: the calendar's ends and beyond, the epoch, and malformed values. */
const EXTREMES: Record<Kind, unknown[]> = {
  date: [
    '0000-01-01',
    '0001-01-01',
    '1899-12-31',
    '1900-01-01',
    '1970-01-01',
    '9999-12-31',
    '10000-01-01',
    '+010000-01-01',
    '-000001-01-01',
    '2026-02-30',
    '2026-13-01',
    '2026-1-1',
    '26-01-01',
    '2026-01-01T00:00:00Z',
    '',
    20260101,
  ],
  'date-time': [
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1899-12-31T23:59:59Z',
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-01-01T24:00:01Z',
    'yesterday',
  ],
  // 0000-01-01, 0001-01-01, 1899-12-31T23:59:59Z, the epoch, 9999-12-31T23:59:59Z, 10000-01-01, beyond a JavaScript Date, malformed
  'epoch-seconds': [
    -62_167_219_200,
    -62_135_596_800,
    -2_208_988_801,
    0,
    253_402_300_799,
    253_402_300_800,
    8_640_000_000_001,
    1e21,
    1.5,
    '1970-01-01',
  ],
};

/** An ordinary value of each kind, in the future (an API token's expiry must be, a care request's start date too). */
const ORDINARY: Record<Kind, () => unknown> = {
  date: () => daysFromToday(30),
  'date-time': () => new Date(Date.now() + 30 * SECONDS_PER_DAY * 1000).toISOString(),
  'epoch-seconds': () => now() + 30 * SECONDS_PER_DAY,
};

function kindOf(schema: DocumentSchema): Kind | undefined {
  for (const option of schema.anyOf ?? [schema]) {
    const { format, type, description = '' } = option as DocumentSchema;
    if (format === 'date' || format === 'date-time') return format;
    if (type === 'string' && /\bYYYY-MM-DD\b/.test(description)) return 'date';
    if (type === 'integer' && /\bepoch seconds\b/.test(description)) return 'epoch-seconds';
  }
  return undefined;
}

/** The paths of the date fields inside a schema (objects, nullable objects and the first item of arrays). */
function datePaths(
  schema: DocumentSchema | undefined,
  path: string[] = [],
  depth = 0,
): { path: string[]; kind: Kind }[] {
  if (!schema || depth > 5) return [];
  const kind = kindOf(schema);
  if (kind) return [{ path, kind }];
  const object = (schema.anyOf?.find((option) => option.properties) ?? schema) as DocumentSchema;
  const properties = Object.entries(object.properties ?? {}).flatMap(([key, property]) =>
    datePaths(property, [...path, key], depth + 1),
  );
  return object.items ? [...properties, ...datePaths(object.items, [...path, '0'], depth + 1)] : properties;
}

function dateFieldsOf(document: { paths: Record<string, Record<string, DocumentOperation>> }): DateField[] {
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).flatMap(([lowerMethod, operation]) => {
      const method = lowerMethod.toUpperCase();
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const form = content['multipart/form-data']?.schema;
      const fields: DateField[] = [
        ...datePaths(json).map((field) => ({
          method,
          template,
          part: 'body' as const,
          container: json,
          name: '',
          ...field,
        })),
        ...datePaths(form).map(({ path, kind }) => ({
          method,
          template,
          part: 'form' as const,
          name: path[0],
          path: [],
          kind,
        })),
      ];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'header') continue;
        const jsonParameter = parameter.content?.['application/json']?.schema;
        const part = parameter.in;
        if (jsonParameter)
          fields.push(
            ...datePaths(jsonParameter).map((field) => ({
              method,
              template,
              part,
              container: jsonParameter,
              name: parameter.name,
              ...field,
            })),
          );
        else
          fields.push(
            ...datePaths(parameter.schema).map(({ kind }) => ({
              method,
              template,
              part,
              name: parameter.name,
              path: [],
              kind,
            })),
          );
      }
      return fields;
    }),
  );
}

function withValueAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [key, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) return [withValueAt(value[0], rest, leaf)];
  const object = typeof value === 'object' && value !== null ? value : {};
  return { ...object, [key]: withValueAt((object as Record<string, unknown>)[key], rest, leaf) };
}

let t: TestApp;
let careRequest: string;
let counter = 0;

beforeAll(async () => {
  const defaults = testConfig();
  t = await createTestApp({ config: { care: { ...defaults.care, intakeRateLimit: 1_000_000 } } });
  const response = await submit(t.inject, validForm());
  expect(response.statusCode, response.body).toBe(201);
  careRequest = response.json<{ uid: string }>().uid;
}, 60_000);
afterAll(() => t?.close());

/** The request around one value: everything else valid, the objects it refers to existing. */
async function fixturesFor(field: DateField): Promise<Fixtures> {
  const version = field.template.endsWith('/workflow/')
    ? (await t.as({ method: 'GET', url: `${CARE}/care-requests/${careRequest}/workflow/` })).json<{ version: number }>()
        .version
    : undefined;
  return {
    uidFor: (template) =>
      template.startsWith(`${CARE}/care-requests/`) ? careRequest : '00000000-0000-4000-8000-000000000000',
    form: validForm(),
    // a workflow change names the current version and changes only the date; an API token is new each time
    fields: {
      version,
      status: undefined,
      assignee_uid: undefined,
      reason: undefined,
      token: `date-extremes-token-${++counter}`,
      service: 'date-extremes',
    },
  };
}

async function send(field: DateField, value: unknown): Promise<LightMyRequestResponse> {
  const fixtures = await fixturesFor(field);
  const segments: Record<string, string> = field.part === 'path' ? { [field.name]: String(value) } : {};
  const path = field.template.replace(
    /\{(\w+)\}/g,
    (_match, name: string) => segments[name] ?? fixtures.uidFor(field.template),
  );
  const request: InjectOptions = { method: field.method, url: path };
  if (field.part === 'query') {
    const text = field.container
      ? JSON.stringify(withValueAt(sampleOf(field, fixtures), field.path, value))
      : String(value);
    request.url = `${path}?${field.name}=${encodeURIComponent(text)}`;
  }
  if (field.part === 'body')
    request.payload = withValueAt(sampleOf(field, fixtures), field.path, value) as InjectOptions['payload'];
  if (field.part === 'form') {
    const form = { ...(field.template === INTAKE ? fixtures.form : {}), [field.name]: String(value) };
    Object.assign(request, await multipart(form));
    request.remoteAddress = `10.55.${(++counter >> 8) & 255}.${counter & 255}`;
  }
  return t.as(request);
}

/** The valid object around the date: a JSON parameter's starts empty (every filter is optional), a body's is sampled. */
const sampleOf = (field: DateField, fixtures: Fixtures) =>
  field.part === 'query' ? {} : sample(field.container ?? {}, '', fixtures);

const describeField = (field: DateField) =>
  `${field.method} ${field.template} ${field.part} ${[field.name, ...field.path].filter(Boolean).join('.')}`;

/** What is wrong with an answer to an extreme value, or undefined: a 5xx, a 4xx without a problem, a 400 not naming the field. */
function defectOf(field: DateField, value: unknown, response: LightMyRequestResponse): string | undefined {
  const where = `${describeField(field)} = ${JSON.stringify(value)}`;
  if (response.statusCode >= 500) return `${where}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return undefined;
  if (!/^application\/problem\+json/.test(String(response.headers['content-type'])))
    return `${where}: ${response.statusCode} without a problem body`;
  const problem = response.json<{ field?: string; errors?: { field: string }[] }>();
  const named = field.part === 'body' ? field.path[0] : field.name;
  const names = [problem.field, ...(problem.errors ?? []).map((error) => error.field)];
  if (response.statusCode === 400 && !names.some((name) => name === named || name?.startsWith(`${named}.`)))
    return `${where}: 400 not naming ${named}: ${response.body}`;
  return undefined;
}

test('every date field of every operation takes the ends of the calendar without a 5xx, and a 400 names the field', async () => {
  const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, DocumentOperation>>;
  }>();
  const fields = dateFieldsOf(document);
  expect(fields.map(describeField)).toEqual(
    expect.arrayContaining([
      'PATCH /api/care/care-requests/{uid}/workflow/ body follow_up',
      'GET /api/care/incoming/care-requests/ query filters.follow_up.from',
      'GET /api/care/archived/care-requests/ query filters.follow_up.to',
      'GET /api/care/incoming/care-requests/ query filters.submitted.from',
      'GET /api/audit/events/ query filters.time.to',
      'GET /api/auth/administration/users/ query filters.last_sign_in.from',
      'GET /api/mail/administration/mails/ query filters.requested.from',
      'GET /api/files/search/ query filters.uploaded.to',
      'POST /api/files/administration/access-tokens/ body expires',
      'POST /api/intake/care-request/ form Anreisedatum',
    ]),
  );

  const defects: string[] = [];
  for (const field of fields) {
    const ordinary = await send(field, ORDINARY[field.kind]());
    expect(
      ordinary.statusCode,
      `${describeField(field)} with an ordinary value: ${ordinary.body.slice(0, 300)}`,
    ).toBeLessThan(300);
    for (const value of EXTREMES[field.kind]) {
      const defect = defectOf(field, value, await send(field, value));
      if (defect) defects.push(defect);
    }
  }
  expect(defects).toEqual([]);
}, 120_000);

describe('a follow-up', () => {
  const workflowUrl = () => `${CARE}/care-requests/${careRequest}/workflow/`;
  const currentVersion = async () =>
    (await t.as({ method: 'GET', url: workflowUrl() })).json<{ version: number }>().version;
  const setFollowUp = async (follow_up: string) =>
    t.as({ method: 'PATCH', url: workflowUrl(), payload: { version: await currentVersion(), follow_up } });
  const listFrom = (from: string) =>
    t.as({
      method: 'GET',
      url: `${CARE}/incoming/care-requests/?filters=${encodeURIComponent(JSON.stringify({ follow_up: { from } }))}`,
    });

  it('may be any day from 1900-01-01 to 9999-12-31', async () => {
    for (const day of ['1900-01-01', '2024-02-29', '9999-12-31']) {
      const response = await setFollowUp(day);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ follow_up: day });
      expect((await listFrom(day)).statusCode).toBe(200);
    }
  });

  it('outside that range or not a day of the calendar is a 400 naming it, in the change and in the filters', async () => {
    for (const day of ['0000-01-01', '0001-01-01', '1899-12-31', '10000-01-01', '2025-02-29']) {
      expect((await setFollowUp(day)).json(), day).toMatchObject({
        status: 400,
        type: '/problems/validation-error',
        field: 'follow_up',
        detail: 'follow_up must be a date YYYY-MM-DD from 1900-01-01 to 9999-12-31, or null to clear it',
      });
      expect((await listFrom(day)).json(), day).toMatchObject({
        status: 400,
        type: '/problems/invalid-filters',
        field: 'filters',
        detail: 'filters.follow_up.from: must be a date YYYY-MM-DD from 1900-01-01 to 9999-12-31, or null',
      });
    }
  });
});

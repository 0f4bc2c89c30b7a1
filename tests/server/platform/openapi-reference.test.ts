import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../support/helpers';

/**
 * The OpenAPI document at /api/docs is the API reference (docs/api.md keeps only the rules every route shares): every operation
 * says what it does, and documents its errors as problem bodies whose types docs/api.md lists.
 */

interface Schema {
  required?: string[];
  properties?: Record<string, unknown>;
}
interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let t: TestApp;
let operations: [string, Operation][];
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{ paths: Record<string, Record<string, Operation>> }>();
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
});
afterAll(() => t?.close());

const errorStatuses = (operation: Operation) =>
  Object.keys(operation.responses).filter((status) => Number(status) >= 400);

test('every operation has a tag, a summary and a description', () => {
  expect(operations.length).toBeGreaterThan(60);
  const undescribed = operations
    .filter(([, operation]) => !operation.tags?.length || !operation.summary?.trim() || !operation.description?.trim())
    .map(([name]) => name);
  expect(undescribed).toEqual([]);
});

test('every error an operation documents is a problem body', () => {
  const notProblems = operations.flatMap(([name, operation]) =>
    errorStatuses(operation)
      .filter((status) => {
        const schema = operation.responses[status].content?.['application/problem+json']?.schema;
        return !['type', 'title', 'status', 'detail'].every(
          (key) => schema?.required?.includes(key) && schema.properties?.[key],
        );
      })
      .map((status) => `${name} ${status}`),
  );
  expect(notProblems).toEqual([]);
});

test('every error an operation documents is typed application/problem+json, as the services send it, and nothing else', () => {
  const mediaTypes = operations.flatMap(([name, operation]) =>
    errorStatuses(operation).map(
      (status) => `${name} ${status}: ${Object.keys(operation.responses[status].content ?? {}).join(', ')}`,
    ),
  );
  expect(mediaTypes.length).toBeGreaterThan(200);
  expect(mediaTypes.filter((line) => !line.endsWith(': application/problem+json'))).toEqual([]);
});

test('every operation that takes credentials documents 401, and every operation but the health probes documents its errors', () => {
  const without401 = operations
    .filter(([, operation]) => operation.security?.length && !operation.responses['401'])
    .map(([name]) => name);
  expect(without401).toEqual([]);
  const probes = ['GET /api/health', 'GET /api/health/live', 'GET /api/health/ready'];
  const withoutErrors = operations
    .filter(([name, operation]) => !probes.includes(name) && !errorStatuses(operation).length)
    .map(([name]) => name);
  expect(withoutErrors).toEqual([]);
});

test('every problem type a description names is one docs/api.md lists', () => {
  const reference = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const listed = new Set([...reference.matchAll(/`\/problems\/([a-z-]+)`/g)].map((match) => match[1]));
  const unlisted = operations.flatMap(([name, operation]) =>
    [...(operation.description ?? '').matchAll(/\/problems\/([a-z-]+)/g)]
      .filter((match) => !listed.has(match[1]))
      .map((match) => `${name}: ${match[0]}`),
  );
  expect(unlisted).toEqual([]);
});

test('a permission is named once in a description, also where a GET has its HEAD', () => {
  const repeated = operations
    .filter(([, operation]) => (operation.description?.match(/need the permission/g) ?? []).length > 1)
    .map(([name]) => name);
  expect(repeated).toEqual([]);
  expect(
    operations.filter(([, operation]) => operation.description?.includes('need the permission')).length,
  ).toBeGreaterThan(30);
});

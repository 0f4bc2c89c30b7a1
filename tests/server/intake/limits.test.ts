import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { throttleCounters } from '../../../server/db/schema';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { freshAddress, INTAKE, multipart, submit, validForm } from '../../fixtures/care-form';
import { rowCounts } from '../../fixtures/care-records';

let t: TestApp;
const RATE_LIMIT = 3;

beforeAll(async () => {
  t = await createTestApp({
    withAdmin: false,
    config: { care: { ...testConfig().care, intakeRateLimit: RATE_LIMIT } },
  });
});
afterAll(async () => t?.close());

async function storedRequests(): Promise<number> {
  return (await rowCounts(t.db)).incoming;
}

function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
  expect(response.json()).toMatchObject({
    status,
    title: expect.any(String),
    detail: expect.any(String),
    type: expect.any(String),
  });
}

describe('rate limit per client address', () => {
  it(`answers 429 with Retry-After after ${RATE_LIMIT} submissions a minute, counting rejected ones`, async () => {
    const address = '203.0.113.7';
    expect((await submit(t.inject, validForm(), { remoteAddress: address })).statusCode).toBe(201);
    expect((await submit(t.inject, { EinsatzPLZ: 'x' }, { remoteAddress: address })).statusCode).toBe(400);
    expect((await submit(t.inject, validForm(), { remoteAddress: address })).statusCode).toBe(201);
    const before = await storedRequests();
    const limited = await submit(t.inject, validForm(), { remoteAddress: address });
    expectProblem(limited, 429);
    expect(limited.json()).toMatchObject({ type: '/problems/rate-limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedRequests()).toBe(before);
  });

  it('leaves other addresses and other services alone', async () => {
    const address = '203.0.113.8';
    for (let index = 0; index < RATE_LIMIT; index += 1) await submit(t.inject, validForm(), { remoteAddress: address });
    expect((await submit(t.inject, validForm(), { remoteAddress: address })).statusCode).toBe(429);
    expect((await submit(t.inject, validForm(), { remoteAddress: '203.0.113.9' })).statusCode).toBe(201);
    const health = await t.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect(health.statusCode).toBe(200);
  });
});

describe('the rate limit is counted in the database', () => {
  it('holds across two apps on one database (as across processes), and starts over once the window has passed', async () => {
    const other = await buildApp({ config: t.config, database: t.database, masterSecret: t.masterSecret });
    try {
      const address = '203.0.113.20';
      for (let index = 0; index < RATE_LIMIT; index += 1) {
        const app = index % 2 === 0 ? t.app : other;
        expect(
          (await submit((request) => app.inject(request), validForm(), { remoteAddress: address })).statusCode,
        ).toBe(201);
      }
      expectProblem(await submit((request) => other.inject(request), validForm(), { remoteAddress: address }), 429);
      expectProblem(await submit(t.inject, validForm(), { remoteAddress: address }), 429);

      await t.db
        .update(throttleCounters)
        .set({ windowStart: sql`now() - interval '61 seconds'` })
        .where(eq(throttleCounters.key, `intake:${address}`));
      expect(
        (await submit((request) => other.inject(request), validForm(), { remoteAddress: address })).statusCode,
      ).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('size bounds and malformed bodies', () => {
  it('413 for a declared body over 64 KiB', async () => {
    const { payload, headers } = await multipart(validForm({ Bemerkungen: 'x'.repeat(70 * 1024) }));
    const before = await storedRequests();
    expectProblem(
      await t.inject({ method: 'POST', url: INTAKE, remoteAddress: freshAddress(), payload, headers }),
      413,
    );
    expect(await storedRequests()).toBe(before);
  });

  it('413 for a streamed (chunked) multipart body over 64 KiB', async () => {
    const { payload, headers } = await multipart(validForm({ Bemerkungen: 'x'.repeat(70 * 1024) }));
    const { Readable } = await import('node:stream');
    const before = await storedRequests();
    const response = await t.inject({
      method: 'POST',
      url: INTAKE,
      remoteAddress: freshAddress(),
      payload: Readable.from([payload]),
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    expectProblem(response, 413);
    expect(await storedRequests()).toBe(before);
  });

  it('413 for many fields adding up to more than 64 KiB', async () => {
    const entries = Object.entries(validForm());
    for (let index = 0; index < 60; index += 1) entries.push([`extra${index}`, 'y'.repeat(1200)]);
    const { payload, headers } = await multipart(entries);
    const response = await t.inject({
      method: 'POST',
      url: INTAKE,
      remoteAddress: freshAddress(),
      payload: (await import('node:stream')).Readable.from([payload]),
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    expectProblem(response, 413);
  });

  it('413 for more than 100 fields', async () => {
    const entries = Object.entries(validForm());
    for (let index = 0; index < 100; index += 1) entries.push([`f${index}`, 'y']);
    const { payload, headers } = await multipart(entries);
    expectProblem(
      await t.inject({ method: 'POST', url: INTAKE, remoteAddress: freshAddress(), payload, headers }),
      413,
    );
  });

  it('413 for a url-encoded body over 64 KiB', async () => {
    const payload = new URLSearchParams(validForm({ Bemerkungen: 'x'.repeat(70 * 1024) })).toString();
    expectProblem(
      await t.inject({
        method: 'POST',
        url: INTAKE,
        remoteAddress: freshAddress(),
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      413,
    );
  });

  it('refuses a file part, storing nothing', async () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(validForm())) formData.append(name, value);
    formData.append('Anhang', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'arztbrief.pdf');
    const response = new Response(formData);
    const before = await storedRequests();
    const result = await t.inject({
      method: 'POST',
      url: INTAKE,
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')! },
    });
    expectProblem(result, 400);
    expect(result.json()).toMatchObject({ detail: 'A care request carries no files.' });
    expect(await storedRequests()).toBe(before);
  });

  it('400 for a truncated multipart body', async () => {
    const { payload, headers } = await multipart(validForm());
    const truncated = payload.subarray(0, payload.length - 40);
    expectProblem(
      await t.inject({ method: 'POST', url: INTAKE, remoteAddress: freshAddress(), payload: truncated, headers }),
      400,
    );
  });

  it('400 for multipart without a boundary', async () => {
    const response = await t.inject({
      method: 'POST',
      url: INTAKE,
      remoteAddress: freshAddress(),
      payload: 'EinsatzPLZ=10115',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expectProblem(response, 400);
  });

  it('415 for JSON and other content types', async () => {
    expectProblem(
      await t.inject({ method: 'POST', url: INTAKE, remoteAddress: freshAddress(), payload: validForm() }),
      415,
    );
    expectProblem(
      await t.inject({
        method: 'POST',
        url: INTAKE,
        remoteAddress: freshAddress(),
        payload: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    );
  });

  it('ignores a malformed url-encoded sequence rather than failing', async () => {
    const payload = `${new URLSearchParams(validForm()).toString()}&broken=%E0%A4%A`;
    const response = await t.inject({
      method: 'POST',
      url: INTAKE,
      remoteAddress: freshAddress(),
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ServerProcess } from '../support/server-process';
import { startServerPair, type ServerPair } from '../support/server-pair';
import { multipart, validForm } from '../../fixtures/care-form';
import { isEvent, openEventStream, type EventStream } from './event-stream';

/**
 * Two real server processes on one PostgreSQL database: a change through either reaches the event streams of both (NOTIFY in the
 * writer's transaction, LISTEN in every process), and Last-Event-ID resumes on the other process. PostgreSQL only.
 */

const ADMIN = { username: 'events-admin', password: 'events-admin-password' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('care events across two server processes', () => {
  let pair: ServerPair;
  const streams: EventStream[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    pair = await startServerPair(ADMIN, 'caredesk-care-events-');
    ({ a, b } = pair);
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await pair?.stop();
  }, 60_000);

  async function tokenAt(server: ServerProcess) {
    const response = await fetch(`${server.baseUrl}/api/auth/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` },
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function streamAt(server: ServerProcess, headers: Record<string, string> = {}) {
    const stream = await openEventStream(server.baseUrl, await tokenAt(server), headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }

  async function submitAt(server: ServerProcess): Promise<string> {
    const { payload, headers } = await multipart(validForm());
    const response = await fetch(`${server.baseUrl}/api/intake/care-request/`, {
      method: 'POST',
      body: new Uint8Array(payload),
      headers,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { uid: string }).uid;
  }

  it('delivers a request received through one process and changed through the other to the streams of both', async () => {
    const [atA, atB] = [await streamAt(a), await streamAt(b)];
    const uid = await submitAt(a);
    for (const stream of [atA, atB])
      expect(JSON.parse((await stream.next(isEvent('care-request.received', uid))).data!)).toEqual({ uid, version: 1 });

    const callB = await signedInClient(b.baseUrl, ADMIN.username, ADMIN.password);
    await callB('PATCH', `/api/care/care-requests/${uid}/workflow/`, { version: 1, status: 'contacting' });
    const [changedAtA, changedAtB] = await Promise.all(
      [atA, atB].map((stream) => stream.next(isEvent('care-request.changed', uid))),
    );
    expect(JSON.parse(changedAtA.data!)).toEqual({ uid, version: 2 });
    // one sequence names the event alike in every process
    expect(changedAtA.id).toBe(changedAtB.id);
  });

  it('resumes on the other process after the last event seen on one', async () => {
    const atA = await streamAt(a);
    const uid = await submitAt(a);
    const seen = await atA.next(isEvent('care-request.received', uid));
    atA.close();
    const callA = await signedInClient(a.baseUrl, ADMIN.username, ADMIN.password);
    await callA('PATCH', `/api/care/care-requests/${uid}/workflow/`, { version: 1, follow_up: '2031-05-01' });
    const atB = await streamAt(b, { 'last-event-id': seen.id! });
    expect(JSON.parse((await atB.next(isEvent('care-request.changed', uid))).data!)).toEqual({ uid, version: 2 });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { validForm } from '../../fixtures/care-form';
import { isEvent, openEventStream, type EventStream } from './event-stream';
import { notesUrl, patchWorkflow, staff, submitted, worked, type Staff } from './workflow-helpers';

/** The live events of care requests on one process (PGlite in-process, PostgreSQL through LISTEN/NOTIFY). */

let t: TestApp;
let baseUrl: string;
let dispatcher: Staff;
const open: EventStream[] = [];

/** An app listening on a free port, its event streams bounded as given. */
async function listeningApp(eventStreams: { perUser: number; perProcess: number }) {
  const app = await createTestApp({ config: { care: { ...testConfig().care, eventStreams, eventHeartbeatMs: 200 } } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  return { app, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

beforeAll(async () => {
  ({ app: t, baseUrl } = await listeningApp({ perUser: 5, perProcess: 100 }));
  dispatcher = await staff(t, ['dispatcher']);
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => t?.close());

async function stream(
  token: string | undefined = dispatcher.token,
  headers: Record<string, string> = {},
  base = baseUrl,
) {
  const opened = await openEventStream(base, token, headers);
  open.push(opened);
  return opened;
}

/** Opens a stream once the user's earlier ones are closed on the server's side too (it notices a closed client a moment later). */
const streamOnceFree = (token: string, base: string) =>
  vi.waitFor(async () => {
    const opened = await stream(token, {}, base);
    if (opened.status !== 200) throw new Error(`still ${opened.status}`);
    return opened;
  });

describe('events', () => {
  it('tells every stream of a workflow change with the uid and version only', async () => {
    const [one, two] = [await stream(), await stream(await t.adminToken())];
    const uid = await submitted(t, validForm({ Vorname: 'Adelheid' }));
    await worked(t, uid, { version: 1, status: 'contacting' });
    for (const each of [one, two]) {
      const event = await each.next(isEvent('care-request.changed', uid));
      expect(JSON.parse(event.data!)).toEqual({ uid, version: 2 });
      expect(event.id).toMatch(/^\d+$/);
    }
    expect(one.headers.get('content-type')).toBe('text/event-stream');
    expect(JSON.stringify(one.frames)).not.toContain('Adelheid');
  });

  it('tells of a new request from the intake, and of notes', async () => {
    const events = await stream();
    const uid = await submitted(t);
    expect(JSON.parse((await events.next(isEvent('care-request.received', uid))).data!)).toEqual({ uid, version: 1 });
    await t.as({ method: 'POST', url: notesUrl(uid), payload: { text: 'called, no answer' } });
    expect(JSON.parse((await events.next(isEvent('care-request.changed', uid))).data!)).toEqual({ uid, version: 1 });
  });

  it('tells nothing of a refused change', async () => {
    const events = await stream();
    const uid = await submitted(t);
    expect((await patchWorkflow(t, uid, { version: 7, status: 'contacting' })).statusCode).toBe(409);
    await worked(t, uid, { version: 1, follow_up: '2031-01-01' });
    await events.next(isEvent('care-request.changed', uid));
    // delivered in commit order: had the refused change announced anything, it would have come first
    expect(
      events.frames.filter(isEvent('care-request.changed', uid)).map((frame) => JSON.parse(frame.data!).version),
    ).toEqual([2]);
  });

  it('sends heartbeats', async () => {
    const events = await stream();
    await events.next((frame) => frame.comment === 'heartbeat');
  });
});

describe('resuming with Last-Event-ID', () => {
  it('replays what came after the last event seen', async () => {
    const first = await stream();
    const uid = await submitted(t);
    const seen = await first.next(isEvent('care-request.received', uid));
    first.close();
    await worked(t, uid, { version: 1, status: 'contacting' });
    await worked(t, uid, { version: 2, status: 'offer_sent' });
    const resumed = await stream(dispatcher.token, { 'last-event-id': seen.id! });
    await resumed.next((frame) => isEvent('care-request.changed', uid)(frame) && JSON.parse(frame.data!).version === 3);
    const versions = resumed.frames
      .filter(isEvent('care-request.changed', uid))
      .map((frame) => JSON.parse(frame.data!).version);
    expect(versions).toEqual([2, 3]);
  });

  it('asks for a reload when the last event is no longer known', async () => {
    const resumed = await stream(dispatcher.token, { 'last-event-id': '999999999' });
    expect(resumed.status).toBe(200);
    expect(await resumed.next(isEvent('care-requests.resync'))).toMatchObject({ data: '{}' });
  });
});

describe("the stream's life", () => {
  it('ends when its access token expires, so that a ban or an ended session reaches it', async () => {
    const shortLived = await createTestApp({ config: { accessTokenTtlSeconds: 3 } });
    await shortLived.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shortLived.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const user = await staff(shortLived, ['dispatcher']);
    const response = await fetch(`${base}/api/care/events/`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    const started = Date.now();
    await response.text(); // resolves when the server ends the stream
    expect(Date.now() - started).toBeLessThan(4_000);
    await shortLived.close();
  });
});

describe('who may listen, and how many', () => {
  it('needs the bearer, care:read and Accept: text/event-stream', async () => {
    expect((await stream('')).status).toBe(401);
    const caregiver = await staff(t, ['caregiver']);
    const refused = await stream(caregiver.token);
    expect(refused.status).toBe(403);
    expect(refused.problem).toMatchObject({ permission: 'care:read' });
    const plain = await t.as({ method: 'GET', url: '/api/care/events/' });
    expect(plain.json()).toMatchObject({ status: 406, type: '/problems/not-acceptable' });
    const inUrl = await fetch(`${baseUrl}/api/care/events/?access_token=${dispatcher.token}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(inUrl.status).toBe(401);
  });

  it('bounds the open streams per user and per process with 429 too-many-streams', async () => {
    const bounded = await listeningApp({ perUser: 2, perProcess: 4 });
    const base = bounded.baseUrl;
    const user = await staff(bounded.app, ['dispatcher']);
    await stream(user.token, {}, base);
    const second = await stream(user.token, {}, base);
    const third = await stream(user.token, {}, base);
    expect(third.status).toBe(429);
    expect(third.problem).toMatchObject({ type: '/problems/too-many-streams' });
    expect(third.headers.get('retry-after')).toBe('30');

    second.close();
    await streamOnceFree(user.token, base);
    const others = [await staff(bounded.app, ['dispatcher']), await staff(bounded.app, ['dispatcher'])];
    expect((await stream(others[0].token, {}, base)).status).toBe(200);
    expect((await stream(others[0].token, {}, base)).status).toBe(200);
    const beyond = await stream(others[1].token, {}, base);
    expect(beyond.status).toBe(429);
    expect(beyond.problem).toMatchObject({ detail: expect.stringContaining('process') });
    for (const opened of open.splice(0)) opened.close();
    await bounded.app.close();
  });
});

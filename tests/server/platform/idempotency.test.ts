import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import {
  apiTokens,
  careRequestNotes,
  careRequests,
  files,
  idempotencyKeys,
  mailAccounts,
  mailProviders,
  mails,
  secondFactors,
  users,
} from '../../../server/db/schema';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { createHousekeeping } from '../../../server/shared/housekeeping';
import { CARE, freshAddress, INTAKE, multipart as formData, validForm } from '../../fixtures/care-form';
import { codeAt, FACTORS, PANEL_ORIGIN, signedInUser, type SignedInUser } from '../auth/second-factor-helpers';
import { createFilesTestApp, FILES, filesUnder, PRICING, uploadForm } from '../support/files-helpers';
import { ADMIN, AUTH, basic, bearer, unique } from '../support/helpers';
import { aMail, addProvider, MAIL } from '../support/mail-helpers';
import { createSoftwareAuthenticator } from '../support/software-authenticator';

/**
 * Idempotent creation: every creating POST takes an Idempotency-Key; the same key with the same request answers the first answer
 * again without a second effect, with another request 422, while the first is in flight 409, per owner, for 24 hours.
 */

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
let providerUid: string;
let careRequestUid: string;
let factorUser: SignedInUser;

beforeAll(async () => {
  t = await createFilesTestApp();
  providerUid = (await addProvider(t, { port: 2525 })).uid;
  careRequestUid = (await submitForm(validForm(), { remoteAddress: freshAddress() })).json<{ uid: string }>().uid;
  factorUser = await signedInUser(t);
});
afterAll(() => t?.cleanUp());

const newKey = () => `"${randomUUID()}"`;
const keyed = (key: string | undefined): Record<string, string> =>
  key === undefined ? {} : { 'idempotency-key': key };
const rows = async (table: PgTable, where?: ReturnType<typeof and>) =>
  (await t.db.select({ total: count() }).from(table).where(where))[0].total;

async function submitForm(form: Record<string, string>, options: Partial<InjectOptions> = {}) {
  const { payload, headers } = await formData(form);
  return t.inject({ method: 'POST', url: INTAKE, payload, ...options, headers: { ...headers, ...options.headers } });
}

type Send = (key: string | undefined, other?: boolean) => Promise<LightMyRequestResponse>;

interface Case {
  status: number;
  effects: () => Promise<number>;
  /** Sets up one creation: `send(key)` posts it, `send(key, true)` the same route with another body. */
  prepare: () => Send | Promise<Send>;
}

const json =
  (url: string, body: (other: boolean) => object, token?: string): Send =>
  (key, other = false) =>
    t.as({ method: 'POST', url, payload: body(other), headers: keyed(key), token });

/** A pending authenticator app of the factor user: its confirmation, with the current code or another one. */
async function pendingConfirmation(): Promise<Send> {
  const user = await signedInUser(t);
  const started = (await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: user.token, payload: {} })).json<{
    uid: string;
    secret: string;
  }>();
  const code = codeAt(started.secret, Date.now());
  return json(
    `${FACTORS}totp/${started.uid}/confirm/`,
    (other) => ({ code: other ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code }),
    user.token,
  );
}

async function webauthnRegistration(): Promise<Send> {
  const options = (await t.as({ method: 'POST', url: `${FACTORS}webauthn/options/`, token: factorUser.token })).json();
  const webauthn = createSoftwareAuthenticator({ origin: PANEL_ORIGIN, rpId: 'localhost' }).register(options);
  return json(
    `${FACTORS}webauthn/`,
    (other) => ({ webauthn, name: other ? 'Other key' : 'Desk key' }),
    factorUser.token,
  );
}

const CASES: Record<string, Case> = {
  'a care request by staff': {
    status: 201,
    effects: () => rows(careRequests),
    prepare: () => {
      const form = validForm({ Nachname: unique('Staff') });
      return async (key, other) =>
        submitForm(other ? { ...form, Vorname: 'Other' } : form, {
          headers: { ...bearer(await t.adminToken()), ...keyed(key) },
          remoteAddress: freshAddress(),
        });
    },
  },
  'a care request through the public intake': {
    status: 201,
    effects: () => rows(careRequests),
    prepare: () => {
      const [form, address] = [validForm({ Nachname: unique('Public') }), freshAddress()];
      return (key, other) =>
        submitForm(other ? { ...form, Vorname: 'Other' } : form, { headers: keyed(key), remoteAddress: address });
    },
  },
  'a care note': {
    status: 201,
    effects: () => rows(careRequestNotes),
    prepare: () => {
      const text = unique('Note ');
      return json(`${CARE}/care-requests/${careRequestUid}/notes/`, (other) => ({
        text: other ? `${text} changed` : text,
      }));
    },
  },
  "a mail (and the panel's test mail)": {
    status: 202,
    effects: () => rows(mails),
    prepare: () => {
      const subject = unique('Subject ');
      return json(`${MAIL}/send/`, (other) => aMail({ subject, message: other ? 'Another text' : 'The text' }));
    },
  },
  'a mail sent again from the mail log': {
    status: 201,
    effects: () => rows(mails),
    prepare: async () => {
      const [original, another] = [await queuedMail(), await queuedMail()];
      return (key, other) =>
        t.as({
          method: 'POST',
          url: `${MAIL}/administration/mails/${other ? another : original}/resend/`,
          headers: keyed(key),
        });
    },
  },
  'a file upload': {
    status: 201,
    effects: () => rows(files),
    prepare: () => {
      const data = randomBytes(2000);
      // each request its own multipart boundary: the fingerprint covers what was uploaded
      return (key, other) =>
        t.as({
          method: 'POST',
          url: `${FILES}/upload/`,
          ...withHeaders(uploadForm({ data, description: other ? 'Other' : 'Same' }), keyed(key)),
        });
    },
  },
  'a user': {
    status: 201,
    effects: () => rows(users),
    prepare: () => {
      const username = unique('idem');
      return json(`${AUTH}/administration/users/`, (other) => ({
        username,
        password: 'secret-password',
        public_name: other ? 'Other Name' : 'Some Name',
        roles: [],
      }));
    },
  },
  'an API token of the file service': {
    status: 201,
    effects: () => rows(apiTokens),
    prepare: () => {
      const token = `${unique('files-token-')}-${randomUUID()}`;
      return json(`${FILES}/administration/access-tokens/`, (other) => ({
        service: other ? 'other' : 'archive',
        token,
      }));
    },
  },
  'an API token of the pricing service': {
    status: 201,
    effects: () => rows(apiTokens),
    prepare: () => {
      const token = `${unique('pricing-token-')}-${randomUUID()}`;
      return json(`${PRICING}/administration/access-tokens/`, (other) => ({
        service: other ? 'other' : 'billing',
        token,
      }));
    },
  },
  'a mail provider': {
    status: 201,
    effects: () => rows(mailProviders),
    prepare: () => {
      const name = unique('Relay ');
      return json(`${MAIL}/administration/providers/`, (other) => ({
        name,
        host: other ? 'other.example' : 'smtp.example',
        port: 25,
        security: 'none',
      }));
    },
  },
  'a mail account': {
    status: 201,
    effects: () => rows(mailAccounts),
    prepare: () => {
      const expression = `^${unique('sender')}@`;
      return json(`${MAIL}/administration/accounts/`, (other) => ({
        expression,
        provider: { uid: providerUid },
        credentials: other ? { username: 'u', password: 'p' } : null,
      }));
    },
  },
  'an authenticator app started': {
    status: 200,
    effects: () => rows(secondFactors),
    prepare: () => {
      const name = unique('Phone ');
      return json(`${FACTORS}totp/`, (other) => ({ name: other ? `${name} 2` : name }), factorUser.token);
    },
  },
  'an authenticator app confirmed (the first factor, with recovery codes)': {
    status: 200,
    effects: () => rows(secondFactors, isNotNull(secondFactors.confirmedAt)),
    prepare: pendingConfirmation,
  },
  'a security key registered': {
    status: 200,
    effects: () => rows(secondFactors, isNotNull(secondFactors.confirmedAt)),
    prepare: webauthnRegistration,
  },
};

async function queuedMail(): Promise<string> {
  return (await t.as({ method: 'POST', url: `${MAIL}/send/`, payload: aMail({ subject: unique('Original ') }) })).json<{
    reference_uid: string;
  }>().reference_uid;
}

function withHeaders<T extends { headers: Record<string, string> }>(request: T, headers: Record<string, string>): T {
  return { ...request, headers: { ...request.headers, ...headers } };
}

describe.each(Object.entries(CASES))('%s', (_name, { status, effects, prepare }) => {
  it('answers the first answer again for the same key and request, with one effect', async () => {
    const send = await prepare();
    const key = newKey();
    const before = await effects();
    const first = await send(key);
    expect(first.statusCode, first.body).toBe(status);
    const again = await send(key);
    expect(again.statusCode, again.body).toBe(status);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await effects()).toBe(before + 1);
  });

  it('refuses the key with another body (422) and does nothing', async () => {
    const send = await prepare();
    const key = newKey();
    expect((await send(key)).statusCode).toBe(status);
    const before = await effects();
    const other = await send(key, true);
    expect(other.json()).toMatchObject({ status: 422, type: '/problems/idempotency-key-reused' });
    expect(await effects()).toBe(before);
  });
});

describe('a kept answer', () => {
  const sendMail = (key: string | undefined, token?: string, subject = 'Kept') =>
    t.as({ method: 'POST', url: `${MAIL}/send/`, payload: aMail({ subject }), headers: keyed(key), token });
  const referenceOf = (response: LightMyRequestResponse) => response.json<{ reference_uid: string }>().reference_uid;

  it('is per owner: another user, an API token and an address each get their own effect under the same key', async () => {
    const key = newKey();
    const other = await t.createUser({ roles: ['administrator'] });
    const otherToken = (await t.signIn(other.username, other.password)).access_token;
    const mine = await sendMail(key);
    const theirs = await sendMail(key, otherToken);
    expect([mine.statusCode, theirs.statusCode]).toEqual([202, 202]);
    expect(referenceOf(theirs)).not.toBe(referenceOf(mine));
    expect(referenceOf(await sendMail(key))).toBe(referenceOf(mine));

    // a key names one request of its owner: the uploads and the intake below take keys of their own
    const uploadKey = newKey();
    const apiToken = `${unique('caller-')}-${randomUUID()}`;
    expect(
      (
        await t.as({
          method: 'POST',
          url: `${FILES}/administration/access-tokens/`,
          payload: { service: 'archive', token: apiToken },
        })
      ).statusCode,
    ).toBe(201);
    const form = uploadForm({ data: randomBytes(100) });
    const asToken = await t.inject({
      method: 'POST',
      url: `${FILES}/upload/`,
      ...withHeaders(form, { ...bearer(apiToken), ...keyed(uploadKey) }),
    });
    const asUser = await t.as({ method: 'POST', url: `${FILES}/upload/`, ...withHeaders(form, keyed(uploadKey)) });
    expect([asToken.statusCode, asUser.statusCode]).toEqual([201, 201]);
    expect(asUser.json().uid).not.toBe(asToken.json().uid);

    const [form1, address1, address2] = [validForm({ Nachname: unique('Owner') }), freshAddress(), freshAddress()];
    const fromOne = await submitForm(form1, { headers: keyed(key), remoteAddress: address1 });
    const fromTwo = await submitForm(form1, { headers: keyed(key), remoteAddress: address2 });
    expect(fromTwo.json().uid).not.toBe(fromOne.json().uid);
    expect((await submitForm(form1, { headers: keyed(key), remoteAddress: address1 })).json().uid).toBe(
      fromOne.json().uid,
    );
  });

  it('counts a quoted and a bare key as the same key, and requests without a key each have their effect', async () => {
    const key = randomUUID();
    const before = await rows(mails);
    const quoted = await sendMail(`"${key}"`);
    expect(referenceOf(await sendMail(key))).toBe(referenceOf(quoted));
    await sendMail(undefined);
    await sendMail(undefined);
    expect(await rows(mails)).toBe(before + 3);
  });

  it('is encrypted at rest: neither the created object nor its values are readable in the row', async () => {
    const key = randomUUID();
    const note = await t.as({
      method: 'POST',
      url: `${CARE}/care-requests/${careRequestUid}/notes/`,
      payload: { text: 'Tochter Ute: 0170 7654321' },
      headers: keyed(key),
    });
    expect(note.statusCode).toBe(201);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({
      owner: expect.stringMatching(/^user:/),
      statusCode: 201,
      answer: expect.stringMatching(/^v1\./),
    });
    expect(row.answer).not.toContain(note.json().uid);
    expect(JSON.stringify(row)).not.toContain('0170');
    expect(row.fingerprint).not.toContain('0170');
  });

  it('is not kept for a refusal: the key may be sent again with a corrected body', async () => {
    const key = newKey();
    const taken = { username: 'ADMIN', password: 'secret-password', public_name: 'Taken', roles: [] };
    const refused = await t.as({
      method: 'POST',
      url: `${AUTH}/administration/users/`,
      payload: taken,
      headers: keyed(key),
    });
    expect(refused.json()).toMatchObject({ status: 409, type: '/problems/username-taken' });
    expect(await rows(idempotencyKeys, eq(idempotencyKeys.key, JSON.parse(key)))).toBe(0);
    const free = { ...taken, username: unique('free') };
    const created = await t.as({
      method: 'POST',
      url: `${AUTH}/administration/users/`,
      payload: free,
      headers: keyed(key),
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await t.as({ method: 'POST', url: `${AUTH}/administration/users/`, payload: free, headers: keyed(key) })).body,
    ).toBe(created.body);
  });

  it('is removed by housekeeping after 24 hours; the key then makes a new effect', async () => {
    const key = newKey();
    const first = referenceOf(await sendMail(key, undefined, 'Expiring'));
    const job = housekeepingJobs(t.config).find((candidate) => candidate.name === 'idempotency-keys')!;
    const housekeeping = createHousekeeping({ db: t.db, jobs: [job], intervalMs: 60_000 });
    const bareKey = JSON.parse(key) as string;
    expect((await housekeeping.runOnce(new Date(Date.now() + 23 * 3_600_000)))['idempotency-keys']).toBe(0);
    expect(referenceOf(await sendMail(key, undefined, 'Expiring'))).toBe(first);
    const removed = await housekeeping.runOnce(new Date(Date.now() + 24 * 3_600_000 + 60_000));
    expect(removed['idempotency-keys']).toBeGreaterThanOrEqual(1);
    expect(await rows(idempotencyKeys, eq(idempotencyKeys.key, bareKey))).toBe(0);
    expect(referenceOf(await sendMail(key, undefined, 'Expiring'))).not.toBe(first);
  });

  it('counts as gone once its 24 hours have passed, before housekeeping removes it', async () => {
    const key = newKey();
    const first = referenceOf(await sendMail(key, undefined, 'Outlived'));
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, JSON.parse(key) as string));
    const again = await sendMail(key, undefined, 'Outlived');
    expect(again.statusCode).toBe(202);
    expect(referenceOf(again)).not.toBe(first);
    expect(referenceOf(await sendMail(key, undefined, 'Outlived'))).toBe(referenceOf(again));
  });

  it('under another secret key no longer matches: the request is refused (422), not answered with what cannot be read nor done twice', async () => {
    const key = newKey();
    expect((await sendMail(key, undefined, 'Before the new secret')).statusCode).toBe(202);
    const renewed = await buildApp({ config: t.config, database: t.database, masterSecret: Buffer.alloc(32, 9) });
    try {
      const before = await rows(mails);
      const signedIn = await renewed.inject({
        method: 'POST',
        url: `${AUTH}/token/`,
        headers: basic(ADMIN.username, ADMIN.password),
      });
      const resent = await renewed.inject({
        method: 'POST',
        url: `${MAIL}/send/`,
        payload: aMail({ subject: 'Before the new secret' }),
        headers: { ...bearer(signedIn.json().access_token), ...keyed(key) },
      });
      expect(resent.json()).toMatchObject({ status: 422, type: '/problems/idempotency-key-reused' });
      expect(await rows(mails)).toBe(before);
    } finally {
      await renewed.close();
    }
  });
});

describe('a malformed key', () => {
  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['holding a tab', 'a\tb'],
    ['holding a character outside ASCII', 'schlüssel'],
    ['a bare key with a space', 'a b'],
    ['an unterminated string', '"open'],
  ])('is refused when %s, naming the header', async (_name, value) => {
    const before = await rows(mails);
    const response = await t.as({
      method: 'POST',
      url: `${MAIL}/send/`,
      payload: aMail(),
      headers: { 'idempotency-key': value },
    });
    expect(response.json()).toMatchObject({
      status: 400,
      type: '/problems/validation-error',
      field: 'idempotency-key',
    });
    expect(await rows(mails)).toBe(before);
  });
});

describe('a request whose key is in flight', () => {
  it('is refused with 409 at once while the first (an upload still arriving) is being answered; the first then completes once', async () => {
    const key = newKey();
    const data = randomBytes(64 * 1024);
    const { payload, headers } = uploadForm({ data, description: 'Held' });
    const cut = payload.length - 1000;
    const body = new PassThrough();
    body.write(payload.subarray(0, cut));
    const held = t.as({
      method: 'POST',
      url: `${FILES}/upload/`,
      payload: body,
      headers: { ...headers, ...keyed(key) },
    });
    const partials = path.join(t.dataDir, 'files', '.partial');
    await expect.poll(async () => (await filesUnder(partials)).length, { timeout: 10_000 }).toBe(1);
    const before = await rows(files);

    const second = await t.as({
      method: 'POST',
      url: `${FILES}/upload/`,
      ...withHeaders(uploadForm({ data, description: 'Held' }), keyed(key)),
    });
    expect(second.json()).toMatchObject({ status: 409, type: '/problems/idempotency-key-in-flight' });

    body.end(payload.subarray(cut));
    const first = await held;
    expect(first.statusCode, first.body).toBe(201);
    const replay = await t.as({
      method: 'POST',
      url: `${FILES}/upload/`,
      ...withHeaders(uploadForm({ data, description: 'Held' }), keyed(key)),
    });
    expect(replay.body).toBe(first.body);
    expect(await rows(files)).toBe(before + 1);
    const blobs = (await filesUnder(path.join(t.dataDir, 'files'))).filter((file) => !file.includes('.partial'));
    expect(blobs).toHaveLength(await rows(files));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is refused with 409 at once by another process while the first one's transaction holds the key",
    async () => {
      const other = await buildApp({ config: t.config, database: t.database, masterSecret: t.masterSecret });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      try {
        const key = newKey();
        const url = `${CARE}/care-requests/${careRequestUid}/notes/`;
        const token = await t.adminToken();
        // the care request locked: the note's transaction (holding the key) waits for it
        const blocker = t.db.transaction(async (tx) => {
          await tx.select().from(careRequests).where(eq(careRequests.uid, careRequestUid)).for('update');
          locked();
          await released;
        });
        await lockTaken;
        const before = await rows(careRequestNotes);
        const first = t.inject({
          method: 'POST',
          url,
          payload: { text: 'Held note' },
          headers: { ...bearer(token), ...keyed(key) },
        });
        const waiting = sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        await expect
          .poll(async () => (await t.db.execute<{ waiting: number }>(waiting)).rows[0].waiting, { timeout: 10_000 })
          .toBeGreaterThan(0);

        const second = await other.inject({
          method: 'POST',
          url,
          payload: { text: 'Held note' },
          headers: { ...bearer(token), ...keyed(key) },
        });
        expect(second.json()).toMatchObject({ status: 409, type: '/problems/idempotency-key-in-flight' });

        release();
        await blocker;
        const answered = await first;
        expect(answered.statusCode, answered.body).toBe(201);
        const replay = await other.inject({
          method: 'POST',
          url,
          payload: { text: 'Held note' },
          headers: { ...bearer(token), ...keyed(key) },
        });
        expect(replay.body).toBe(answered.body);
        expect(await rows(careRequestNotes)).toBe(before + 1);
      } finally {
        release();
        await other.close();
      }
    },
  );
});

describe('the OpenAPI document', () => {
  const CREATING = [
    ['/api/intake/care-request/'],
    ['/api/care/care-requests/{uid}/notes/'],
    ['/api/mail/send/'],
    ['/api/mail/administration/mails/{uid}/resend/'],
    ['/api/files/upload/'],
    ['/api/auth/administration/users/'],
    ['/api/files/administration/access-tokens/'],
    ['/api/pricing/administration/access-tokens/'],
    ['/api/mail/administration/providers/'],
    ['/api/mail/administration/accounts/'],
    ['/api/auth/second-factors/totp/'],
    ['/api/auth/second-factors/totp/{uid}/confirm/'],
    ['/api/auth/second-factors/webauthn/'],
  ];

  it.each(CREATING)('documents the header, its 409 and its 422 for POST %s', async (route) => {
    const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths[route].post;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(operation.description).toContain('/problems/idempotency-key-reused');
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { mails } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../support/helpers';
import { addAccount, addProvider, aMail, deliverDue, MAIL, mailRow, sendMail } from '../support/mail-helpers';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

/** Account expressions run on RE2: linear-time matching whatever the pattern, and what RE2 cannot run is refused on save. */

let t: TestApp;
let smtp: SmtpPeer;
let providerUid: string;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpPeer();
  providerUid = (await addProvider(t, { port: smtp.port })).uid;
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

const saveAccount = (expression: string) =>
  t.as({
    method: 'POST',
    url: `${MAIL}/administration/accounts/`,
    payload: { expression, provider: { uid: providerUid }, credentials: null },
  });

describe('saving an expression', () => {
  test.each([
    ['a backreference', '^(a)\\1@x\\.de$', 'backreference', 'backreferences (\\1, \\k<name>) are not supported'],
    ['a lookahead', '^(?=info)\\w+@x\\.de$', 'lookaround', 'lookahead and lookbehind'],
    ['a negative lookahead', '^(?!spam)\\w+@x\\.de$', 'lookaround', 'lookahead and lookbehind'],
    ['a lookbehind', '(?<=@)x\\.de$', 'lookaround', 'lookahead and lookbehind'],
    ['an unclosed group', '(unclosed', 'unclosed-group', 'a ( is never closed by )'],
  ])('with %s is refused with 400 naming expression and what is wrong', async (_what, expression, reason, words) => {
    const response = await saveAccount(expression);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      type: '/problems/invalid-expression',
      field: 'expression',
      status: 400,
      reason,
    });
    expect(response.json().detail).toContain(`expression is not a valid regular expression: ${words}`);
  });

  test('on update too, and the stored expression stays', async () => {
    const account = await addAccount(t, {
      expression: '@update\\.example$',
      provider: { uid: providerUid },
      credentials: null,
    });
    const response = await t.as({
      method: 'PUT',
      url: `${MAIL}/administration/accounts/${account.uid}/`,
      payload: { uid: account.uid, expression: '(x)\\1', provider: { uid: providerUid }, credentials: null },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field: 'expression' });
    const stored = await t.as({ method: 'GET', url: `${MAIL}/administration/accounts/${account.uid}/` });
    expect(stored.json().expression).toBe('@update\\.example$');
  });

  test('JavaScript spellings RE2 can run are accepted: named groups, \\u escapes, escaped slashes', async () => {
    for (const expression of ['^(?<local>info)@named\\.example$', '^\\u0069nfo@escaped\\.example$', 'a\\/b@x\\.de']) {
      expect((await saveAccount(expression)).statusCode, expression).toBe(201);
    }
  });
});

describe('routing a sender', () => {
  test('a catastrophic pattern answers at once for a 34-character sender; the next account delivers', async () => {
    await addAccount(t, { expression: '^(a+)+$', provider: { uid: providerUid }, credentials: null });
    await addAccount(t, { expression: '@catastrophe\\.example$', provider: { uid: providerUid }, credentials: null });
    const sender = `${'a'.repeat(34)}@catastrophe.example`;
    const uid = await sendMail(t, aMail({ sender }));

    await deliverDue(t);

    expect((await mailRow(t, uid)).state).toBe('delivered');
    expect(smtp.received.map((mail) => mail.from)).toContain(sender);
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  test('and for a 10,000-character sender stored by an older version (longer than the schema admits)', async () => {
    await addAccount(t, { expression: '^(a+)+$', provider: { uid: providerUid }, credentials: null });
    const referenceUid = randomUUID();
    await t.db.insert(mails).values({
      referenceUid,
      sender: `${'a'.repeat(10_000)}!`,
      recipients: ['anna@example.org'],
      cc: [],
      subject: 'long sender',
      message: 'x',
      state: 'queued',
      nextAttemptAt: sql`now()`,
    });
    const health = t.inject({ method: 'GET', url: '/api/health' });

    await deliverDue(t);

    expect((await health).statusCode).toBe(200);
    expect(await mailRow(t, referenceUid)).toMatchObject({ state: 'failed' });
  });

  test('matching is a case-sensitive search: unanchored finds the text anywhere, ^ and $ anchor it', async () => {
    await addAccount(t, { expression: 'Office@Case\\.example$', provider: { uid: providerUid }, credentials: null });
    await addAccount(t, { expression: 'inside', provider: { uid: providerUid }, credentials: null });
    const lower = await sendMail(t, aMail({ sender: 'office@case.example' }));
    const upper = await sendMail(t, aMail({ sender: 'Office@Case.example' }));
    const inside = await sendMail(t, aMail({ sender: 'x.inside.y@elsewhere.example' }));

    await deliverDue(t);

    expect((await mailRow(t, upper)).state).toBe('delivered');
    expect((await mailRow(t, inside)).state).toBe('delivered');
    expect(await mailRow(t, lower)).toMatchObject({ state: 'failed' });
  });
});

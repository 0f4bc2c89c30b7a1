import { eq } from 'drizzle-orm';
import { mailAttempts, mails, secondFactors, users } from '../../../server/db/schema';
import { AUTH, bearer, createTestApp, uniqueAddress, type TestApp } from '../support/helpers';
import { createSoftwareAuthenticator } from '../support/software-authenticator';
import {
  codeAt,
  enrollTotp,
  STEP_MS,
  enrollWebAuthn,
  FACTORS,
  PANEL_ORIGIN,
  passwordStep,
  refreshed,
  secondStep,
  signedInUser,
  type SignedInUser,
} from './second-factor-helpers';

/**
 * The SQL fragments that look into another table for each user (a correlated subquery), each in every query that uses it, with
 * data that makes it true and data that makes it false. Another user's rows must never count: a fragment whose outer column bound
 * to the subquery's own table would be never true, or true for everyone.
 */

const GRACE_DAYS = 14;
const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { secondFactorGraceDays: GRACE_DAYS } });
});
afterAll(() => t?.close());

const USERS = `${AUTH}/administration/users/`;
const info = async (token: string) =>
  (await t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(token) })).json();
const userRow = async (uid: string) =>
  (await t.as({ method: 'GET', url: `${USERS}${uid}/` })).json<{ domain_user: { second_factor: string } }>();
const missingFactors = async () =>
  (await t.as({ method: 'GET', url: `${AUTH}/administration/statistics/` })).json<{ missing_second_factor: number }>()
    .missing_second_factor;
const graceOver = (uid: string) =>
  t.db
    .update(users)
    .set({ secondFactorRequiredSince: new Date(Date.now() - (GRACE_DAYS + 1) * DAY_MS) })
    .where(eq(users.uid, uid));

/** Every list the panel's screens read on their first visit: an enrolled administrator must reach each. */
const SCREEN_DATA = [
  `${AUTH}/info/`,
  `${USERS}`,
  `${AUTH}/administration/roles/`,
  `${AUTH}/administration/statistics/`,
  `${FACTORS}`,
  '/api/mail/administration/statistics/',
  '/api/mail/administration/providers/',
  '/api/mail/administration/accounts/',
  '/api/mail/administration/queue/',
  '/api/mail/administration/queue/failed-temporarily/',
  '/api/mail/administration/mails/',
  '/api/files/search/',
  '/api/files/statistics/',
  '/api/files/administration/access-tokens/',
  '/api/pricing/administration/access-tokens/',
  '/api/care/incoming/care-requests/',
  '/api/care/archived/care-requests/',
  '/api/care/assignees/',
  '/api/care/statistics/',
  '/api/care/my-settings/',
  '/api/audit/events/',
];

async function reachesEveryScreen(token: string) {
  const answers = await Promise.all(
    SCREEN_DATA.map(
      async (url) => [url, (await t.inject({ method: 'GET', url, headers: bearer(token) })).statusCode] as const,
    ),
  );
  return Object.fromEntries(answers);
}
const allOk = Object.fromEntries(SCREEN_DATA.map((url) => [url, 200]));

describe('whether a user has a confirmed factor, and their recovery codes left', () => {
  test('/info/ (the authentication read and the own facts): off, then a pending app is not enrolled, a confirmed one is; codes count down', async () => {
    const other = await signedInUser(t);
    await enrollTotp(t, other);
    const user = await signedInUser(t);
    expect((await info(user.token)).second_factor).toMatchObject({ enrolled: false, recovery_codes_left: 0 });
    await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: user.token, payload: {} });
    expect((await info(user.token)).second_factor).toMatchObject({ enrolled: false });
    const { recovery_codes } = await enrollTotp(t, user);
    expect((await info(user.token)).second_factor).toMatchObject({
      enrolled: true,
      recovery_codes_left: recovery_codes!.length,
    });
    const address = uniqueAddress();
    const challenge = await passwordStep(t, user, address);
    const signedIn = await secondStep(
      t,
      { second_factor_token: challenge.second_factor_token, recovery_code: recovery_codes![0] },
      address,
    );
    expect(signedIn.statusCode).toBe(200);
    expect((await info(signedIn.json().access_token)).second_factor).toMatchObject({
      enrolled: true,
      recovery_codes_left: recovery_codes!.length - 1,
    });
    expect((await info(other.token)).second_factor).toMatchObject({
      enrolled: true,
      recovery_codes_left: recovery_codes!.length,
    });
  });

  test('the users list and a user read say on, required-missing or off; the dashboard counts only those missing one', async () => {
    const missingBefore = await missingFactors();
    const required = await t.createUser({ roles: ['ceo'] });
    const plain = await t.createUser({ roles: [] });
    expect((await userRow(required.domain_user.uid)).domain_user.second_factor).toBe('required-missing');
    expect((await userRow(plain.domain_user.uid)).domain_user.second_factor).toBe('off');
    expect(await missingFactors()).toBe(missingBefore + 1);
    await t.db
      .insert(secondFactors)
      .values({ userUid: required.domain_user.uid, kind: 'totp', name: 'Phone', confirmedAt: new Date() });
    await t.db.insert(secondFactors).values({ userUid: plain.domain_user.uid, kind: 'totp', name: 'Unconfirmed' });
    expect((await userRow(required.domain_user.uid)).domain_user.second_factor).toBe('on');
    expect((await userRow(plain.domain_user.uid)).domain_user.second_factor).toBe('off');
    expect(await missingFactors()).toBe(missingBefore);
    const list = (
      await t.as({ method: 'GET', url: `${USERS}?query=${encodeURIComponent(required.username)}&page_size=10` })
    ).json<{ items: { domain_user: { second_factor: string } }[] }>();
    expect(list.items.map((item) => item.domain_user.second_factor)).toEqual(['on']);
  });
});

describe('an enrolled administrator after the grace period', () => {
  async function enrolledAdministrator(): Promise<SignedInUser> {
    const user = await signedInUser(t, { roles: ['administrator'] });
    await graceOver(user.uid);
    return user;
  }

  test('signs in with password and code and reaches every screen, at the sign-in and after a refresh', async () => {
    const user = await enrolledAdministrator();
    const { secret } = await enrollTotp(t, user, Date.now() - STEP_MS);
    const address = uniqueAddress();
    const challenge = await passwordStep(t, user, address);
    const signedIn = await secondStep(
      t,
      { second_factor_token: challenge.second_factor_token, totp_code: codeAt(secret, Date.now()) },
      address,
    );
    expect(signedIn.statusCode).toBe(200);
    expect((await info(signedIn.json().access_token)).second_factor).toMatchObject({
      required: true,
      enrolled: true,
      enrollment_only: false,
    });
    expect(await reachesEveryScreen(signedIn.json().access_token)).toEqual(allOk);
    expect(await reachesEveryScreen((await refreshed(t, signedIn.json())).access_token)).toEqual(allOk);
  });

  test('signs in with a passkey and reaches every screen', async () => {
    const user = await enrolledAdministrator();
    const authenticator = createSoftwareAuthenticator({ origin: PANEL_ORIGIN, rpId: 'localhost', synced: true });
    await enrollWebAuthn(t, user, authenticator);
    const options = (
      await t.inject({ method: 'POST', url: `${AUTH}/passkey/options/`, remoteAddress: uniqueAddress() })
    ).json();
    const payload = { passkey_token: options.passkey_token, webauthn: authenticator.assert(options.webauthn_options) };
    const signedIn = await t.inject({
      method: 'POST',
      url: `${AUTH}/token/passkey/`,
      payload,
      remoteAddress: uniqueAddress(),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await reachesEveryScreen(signedIn.json().access_token)).toEqual(allOk);
  });

  test('without a factor, only enrollment: the same lists answer 403 second-factor-enrollment-required', async () => {
    const user = await enrolledAdministrator();
    const pair = await t.signIn(user.username, user.password, uniqueAddress());
    const care = await t.inject({
      method: 'GET',
      url: '/api/care/incoming/care-requests/',
      headers: bearer(pair.access_token),
    });
    expect(care.json()).toMatchObject({ status: 403, type: '/problems/second-factor-enrollment-required' });
  });
});

test('a mail list counts the attempts of each mail, none for a mail never tried', async () => {
  const [tried, untried] = await t.db
    .insert(mails)
    .values(
      [0, 1].map((index) => ({
        sender: 'office@example.org',
        recipients: ['a@example.org'],
        cc: [],
        subject: `attempts ${index}`,
        message: 'x',
        state: 'retrying' as const,
        nextAttemptAt: new Date(),
      })),
    )
    .returning({ uid: mails.referenceUid });
  await t.db
    .insert(mailAttempts)
    .values([1, 2].map(() => ({ mailUid: tried.uid, outcome: 'retrying' as const, replyText: 'timeout' })));
  const retrying = (await t.as({ method: 'GET', url: '/api/mail/administration/queue/failed-temporarily/' })).json<
    { reference_uid: string; attempt: number }[]
  >();
  const attempts = Object.fromEntries(retrying.map((mail) => [mail.reference_uid, mail.attempt]));
  expect(attempts[tried.uid]).toBe(2);
  expect(attempts[untried.uid]).toBe(0);
});

test('assignees are the unbanned users whose roles hold care:work, and no one else', async () => {
  const dispatcher = await t.createUser({ roles: ['dispatcher'] });
  const reader = await t.createUser({ roles: ['caregiver'] });
  const names = (await t.as({ method: 'GET', url: '/api/care/assignees/' })).json<
    { uid: string }[] | { items: { uid: string }[] }
  >();
  const uids = (Array.isArray(names) ? names : names.items).map((assignee) => assignee.uid);
  expect(uids).toContain(dispatcher.domain_user.uid);
  expect(uids).not.toContain(reader.domain_user.uid);
});

import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '../../../contracts/problem-types';
import { createDataProvider, type CaredeskDataProvider } from '../../../src/dataProviders';
import { createHttpClient } from '../../../src/dataProviders/httpClient';
import { applyListParams } from '../../../src/dataProviders/kit/localList';
import { describeError, problemMessage, toHttpError } from '../../../src/dataProviders/problem';
import { fieldLabelsFor } from '../../../src/dataProviders/problemFields';
import { toUserRecord } from '../../../src/dataProviders/users';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { problemsDe } from '../../../src/i18n/messages/de/problems';
import { problemsEn } from '../../../src/i18n/messages/en/problems';
import { createSession, type Session } from '../../../src/session/session';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID, testConfig } from '../support/fakeAuthService';
import { providerLink } from '../support/fakeAuthUsers';

const backend = withFakeBackend();
let session: Session;
let dataProvider: CaredeskDataProvider;

beforeEach(async () => {
  session = createSession({ authUrl: testConfig.authUrl });
  await session.login('alice', 'alice-secret');
  dataProvider = createDataProvider(testConfig, createHttpClient(session));
});
afterEach(() => session.dispose());

describe('users data provider', () => {
  it('maps PanelUser to {id, publicName, roles, username, banned}', () => {
    expect(
      toUserRecord({
        domain_user: {
          uid: 'u1',
          public_name: 'Name',
          roles: ['ceo'],
          banned: true,
          locked: false,
          last_sign_in: null,
          second_factor: 'on',
        },
        authentication_methods: [{ type: 'password', username: 'name' }],
        sign_in: 'oidc',
        provider_link: providerLink(),
      }),
    ).toEqual({
      id: 'u1',
      publicName: 'Name',
      roles: ['ceo'],
      username: 'name',
      banned: true,
      locked: false,
      lastSignIn: null,
      secondFactor: 'on',
      signIn: 'oidc',
      providerLink: providerLink(),
    });
    const withoutPassword = {
      uid: 'u2',
      public_name: 'X',
      roles: [],
      banned: false,
      locked: false,
      last_sign_in: null,
      second_factor: 'off' as const,
    };
    expect(
      toUserRecord({
        domain_user: withoutPassword,
        authentication_methods: [],
        sign_in: 'password',
        provider_link: null,
      }).username,
    ).toBeNull();
  });

  it('filters, sorts and pages the full list locally', async () => {
    const page = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'publicName', order: 'DESC' },
      filter: {},
    });
    expect(page.total).toBe(3);
    expect(page.data.map((user) => user.id)).toEqual([CAREGIVER_UID, RECRUITER_UID]);

    const search = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'publicName', order: 'ASC' },
      filter: { q: 'ADMINISTRATOR' },
    });
    expect(search.data.map((user) => user.id)).toEqual([ADMIN_UID]);
  });

  it('update sends nothing when nothing changed, and only the calls that are needed otherwise', async () => {
    const { data: previousData } = await dataProvider.getOne('users', { id: RECRUITER_UID });

    await dataProvider.update('users', {
      id: RECRUITER_UID,
      data: { ...previousData, password: null, confirmation: null },
      previousData,
    });
    expect(backend.service.state.requests.filter((entry) => entry.method === 'PUT')).toHaveLength(0);

    const { data } = await dataProvider.update('users', {
      id: RECRUITER_UID,
      data: { ...previousData, roles: [' ceo ', 'ceo', ''], password: 'new-secret' },
      previousData,
    });
    const puts = backend.service.state.requests.filter((entry) => entry.method === 'PUT');
    expect(puts.map((entry) => [entry.path, entry.body])).toEqual([
      [
        `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`,
        { uid: RECRUITER_UID, public_name: 'Bob Recruiter', roles: ['ceo'] },
      ],
      [
        `/api/auth/administration/users/${RECRUITER_UID}/password-authentication/`,
        { username: 'bobby', password: 'new-secret' },
      ],
    ]);
    expect(data).toEqual({
      id: RECRUITER_UID,
      publicName: 'Bob Recruiter',
      roles: ['ceo'],
      username: 'bobby',
      banned: false,
      locked: false,
      lastSignIn: null,
      secondFactor: 'off',
      signIn: 'password',
      providerLink: null,
    });
  });

  it('has revokeTokens, banUsers and unbanUsers posting {uids}', async () => {
    await dataProvider.revokeTokens('users', { ids: [RECRUITER_UID] });
    await dataProvider.banUsers('users', { ids: [RECRUITER_UID] });
    await dataProvider.unbanUsers('users', { ids: [RECRUITER_UID] });
    expect(
      backend.service.state.requests
        .filter((entry) => entry.method === 'POST' && entry.path !== '/api/auth/token/')
        .map((entry) => [entry.path, entry.body]),
    ).toEqual([
      ['/api/auth/administration/revoke-refresh-tokens/', { uids: [RECRUITER_UID] }],
      ['/api/auth/administration/ban-users/', { uids: [RECRUITER_UID] }],
      ['/api/auth/administration/unban-users/', { uids: [RECRUITER_UID] }],
    ]);
  });

  it('refuses unknown resources', () => {
    expect(() =>
      dataProvider.getList('nope', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).toThrow('Unknown resource: nope');
  });
});

describe('problem messages', () => {
  const i18n = createI18nProvider('en');
  const german = createI18nProvider('de');
  const userFields = fieldLabelsFor('https://panel.example/api/auth/administration/users/u1/domain-user/');

  it("without the panel's messages: the server's 'title: detail (in field x)'", () => {
    expect(problemMessage({ title: 'Conflict', detail: 'Taken.', field: 'username' })).toBe(
      'Conflict: Taken. (in field username)',
    );
    expect(problemMessage({ title: 'Not Found' })).toBe('Not Found');
    expect(problemMessage({ detail: 'Only detail' })).toBe('Only detail');
  });

  it('maps a known type to its text and the field to its label, in English and German', () => {
    const taken = {
      type: '/problems/username-taken',
      title: 'Conflict',
      status: 409,
      detail: 'The username is already taken.',
      field: 'username',
    };
    expect(problemMessage(taken, i18n.translate, userFields)).toBe(
      'Conflict: The username is already taken. (in field Username)',
    );
    expect(problemMessage(taken, german.translate, userFields)).toBe(
      'Konflikt: Der Benutzername ist bereits vergeben. (im Feld Benutzername)',
    );
    const selfBan = {
      type: '/problems/self-ban',
      title: 'Bad Request',
      status: 400,
      detail: 'You cannot ban yourself.',
      field: 'uids',
    };
    const selection = fieldLabelsFor('/api/auth/administration/ban-users/');
    expect(problemMessage(selfBan, german.translate, selection)).toBe(
      'Ungültige Anfrage: Sie können sich nicht selbst sperren. (im Feld Benutzer)',
    );
  });

  it("never shows the regular-expression engine's own words", () => {
    const problem = {
      type: '/problems/invalid-expression',
      title: 'Bad Request',
      status: 400,
      detail: 'expression is not a valid regular expression: Invalid regular expression: /(/: Unterminated group',
      field: 'expression',
    };
    const fields = fieldLabelsFor('/api/mail/administration/accounts/');
    expect(problemMessage(problem, i18n.translate, fields)).toBe(
      'Bad Request: The regular expression is not valid. (in field Regular Expression)',
    );
    expect(problemMessage(problem, german.translate, fields)).toBe(
      'Ungültige Anfrage: Der reguläre Ausdruck ist ungültig. (im Feld Regulärer Ausdruck)',
    );
  });

  it("says a count from the problem's members in the language's plural", () => {
    const inUse = (accounts: number) => ({
      type: '/problems/provider-in-use',
      title: 'Conflict',
      status: 409,
      detail: 'The provider cannot be deleted.',
      accounts,
    });
    expect(problemMessage(inUse(1), i18n.translate)).toBe(
      'Conflict: The provider cannot be deleted: 1 account uses it. Delete that account or give it another provider first.',
    );
    expect(problemMessage(inUse(3), german.translate)).toBe(
      'Konflikt: Der Provider kann nicht gelöscht werden: 3 Konten nutzen ihn. Löschen Sie diese Konten oder geben Sie ihnen zuerst einen anderen Provider.',
    );
  });

  it("an unknown type falls back to the server's detail; a field without a label keeps its name; a nested field takes its parent's label", () => {
    const unknown = {
      type: 'https://other.example/problems/odd',
      title: 'Bad Request',
      status: 400,
      detail: 'Something odd.',
      field: 'colour',
    };
    expect(problemMessage(unknown, german.translate, userFields)).toBe(
      'Ungültige Anfrage: Something odd. (im Feld colour)',
    );
    const nested = {
      type: '/problems/validation-error',
      title: 'Bad Request',
      status: 400,
      detail: 'roles.0 must be a string',
      field: 'roles.0',
    };
    expect(problemMessage(nested, german.translate, userFields)).toBe(
      'Ungültige Anfrage: Der Wert ist ungültig. (im Feld Rollen)',
    );
    const provider = {
      type: '/problems/read-only-field',
      title: 'Bad Request',
      status: 400,
      detail: '…',
      field: 'provider.host',
    };
    expect(problemMessage(provider, i18n.translate, fieldLabelsFor('/api/mail/administration/accounts/x/'))).toBe(
      'Bad Request: This value cannot be changed here. (in field Provider)',
    );
  });

  it("names the fields of a care request's workflow change by their labels (a follow-up outside the services' years, say)", () => {
    const problem = {
      type: '/problems/validation-error',
      title: 'Bad Request',
      status: 400,
      detail: 'follow_up must be a date YYYY-MM-DD from 1900-01-01 to 9999-12-31, or null to clear it',
      field: 'follow_up',
    };
    const error = toHttpError(
      new HttpError('Bad Request', 400, problem),
      i18n.translate,
      fieldLabelsFor('https://panel.example/api/care/care-requests/u1/workflow/'),
    );
    expect(describeError(error, i18n.translate)).toBe('Bad Request: The value is not valid. (in field Follow-up)');
    expect(describeError(error, german.translate)).toBe(
      'Ungültige Anfrage: Der Wert ist ungültig. (im Feld Wiedervorlage)',
    );
  });

  it('every problem type of the contract has an English and a German text', () => {
    for (const slug of PROBLEM_TYPES) {
      const key = slug.replaceAll('-', '_') as keyof typeof problemsEn.problems.types;
      expect([problemsEn.problems.types[key], problemsDe.problems.types[key]], slug).toEqual([
        expect.stringMatching(/\S/),
        expect.stringMatching(/\S/),
      ]);
    }
  });

  it('describe any rejection: problem (again in the language asked for), Error message or raw value', () => {
    const error = toHttpError(
      new HttpError('Conflict', 409, {
        type: '/problems/username-taken',
        title: 'Conflict',
        status: 409,
        detail: 'Taken.',
        field: 'username',
      }),
      i18n.translate,
      userFields,
    );
    expect((error as Error).message).toBe('Conflict: The username is already taken. (in field Username)');
    expect(describeError(error, german.translate)).toBe(
      'Konflikt: Der Benutzername ist bereits vergeben. (im Feld Benutzername)',
    );
    expect(
      describeError(
        new HttpError('Conflict', 409, { title: 'Conflict', detail: 'Taken.', field: 'username' }),
        german.translate,
      ),
    ).toBe('Conflict: Taken. (im Feld username)');
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('raw')).toBe('raw');
    expect(describeError({ code: 7 })).toBe('{"code":7}');
  });
});

describe('local list', () => {
  const records = [
    { id: 'b', name: 'beta', tags: ['x'] },
    { id: 'a', name: 'Alpha', tags: [] },
    { id: 'c', name: 'gamma', tags: ['x', 'y'] },
  ];

  it('needs every search word to match some field', () => {
    expect(applyListParams(records, { filter: { q: 'a x' } }, ['name', 'tags']).data.map((r) => r.id)).toEqual([
      'b',
      'c',
    ]);
    expect(applyListParams(records, { filter: { tags: 'y' } }, ['name']).data.map((r) => r.id)).toEqual(['c']);
  });

  it('sorts case-insensitively with empty values last, and pages', () => {
    expect(applyListParams(records, { sort: { field: 'name', order: 'ASC' } }, []).data.map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(
      applyListParams(records, { sort: { field: 'tags', order: 'ASC' } }, [])
        .data.map((r) => r.id)
        .at(-1),
    ).toBe('a');
    expect(
      applyListParams(records, { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' } }, []),
    ).toEqual({
      data: [records[2]],
      total: 3,
    });
  });
});

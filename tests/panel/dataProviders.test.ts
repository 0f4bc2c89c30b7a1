import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../src/auth/session';
import { createDataProvider, type CaredeskDataProvider } from '../../src/dataProviders';
import { createHttpClient } from '../../src/dataProviders/httpClient';
import { applyListParams } from '../../src/dataProviders/localList';
import { describeError, problemMessage } from '../../src/dataProviders/problem';
import { toUserRecord } from '../../src/dataProviders/users';
import { useFakeBackend } from './support/backend';
import { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID, testConfig } from './support/fakeAuthService';

const backend = useFakeBackend();
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
        domain_user: { uid: 'u1', public_name: 'Name', roles: ['ceo'], banned: true },
        authentication_methods: [{ type: 'password', username: 'name' }],
      }),
    ).toEqual({ id: 'u1', publicName: 'Name', roles: ['ceo'], username: 'name', banned: true });
    expect(toUserRecord({ domain_user: { uid: 'u2', public_name: 'X', roles: [], banned: false }, authentication_methods: [] }).username).toBeNull();
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

    await dataProvider.update('users', { id: RECRUITER_UID, data: { ...previousData, password: null, confirmation: null }, previousData });
    expect(backend.service.state.requests.filter((entry) => entry.method === 'PUT')).toHaveLength(0);

    const { data } = await dataProvider.update('users', {
      id: RECRUITER_UID,
      data: { ...previousData, roles: [' ceo ', 'ceo', ''], password: 'new-secret' },
      previousData,
    });
    const puts = backend.service.state.requests.filter((entry) => entry.method === 'PUT');
    expect(puts.map((entry) => [entry.path, entry.body])).toEqual([
      [`/api/auth/administration/users/${RECRUITER_UID}/domain-user/`, { uid: RECRUITER_UID, public_name: 'Bob Recruiter', roles: ['ceo'] }],
      [`/api/auth/administration/users/${RECRUITER_UID}/password-authentication/`, { username: 'bobby', password: 'new-secret' }],
    ]);
    expect(data).toEqual({ id: RECRUITER_UID, publicName: 'Bob Recruiter', roles: ['ceo'], username: 'bobby', banned: false });
  });

  it('has revokeTokens, banUsers and unbanUsers posting {uids}', async () => {
    await dataProvider.revokeTokens('users', { ids: [RECRUITER_UID] });
    await dataProvider.banUsers('users', { ids: [RECRUITER_UID] });
    await dataProvider.unbanUsers('users', { ids: [RECRUITER_UID] });
    expect(backend.service.state.requests.filter((entry) => entry.method === 'POST' && entry.path !== '/api/auth/token/').map((entry) => [entry.path, entry.body])).toEqual([
      ['/api/auth/administration/revoke-refresh-tokens/', { uids: [RECRUITER_UID] }],
      ['/api/auth/administration/ban-users/', { uids: [RECRUITER_UID] }],
      ['/api/auth/administration/unban-users/', { uids: [RECRUITER_UID] }],
    ]);
  });

  it('refuses unknown resources', () => {
    expect(() => dataProvider.getList('nope', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).toThrow(
      'Unknown resource: nope',
    );
  });
});

describe('problem messages', () => {
  it("build 'title: detail (in field x)'", () => {
    expect(problemMessage({ title: 'Conflict', detail: 'Taken.', field: 'username' })).toBe('Conflict: Taken. (in field username)');
    expect(problemMessage({ title: 'Not Found' })).toBe('Not Found');
    expect(problemMessage({ detail: 'Only detail' })).toBe('Only detail');
  });

  it('describe any rejection: problem, Error message or raw value', () => {
    const translate = (key: string, options?: Record<string, unknown>) => (key === 'caredesk.errors.in_field' ? `im Feld ${options?.field}` : key);
    expect(describeError(new HttpError('Conflict', 409, { title: 'Conflict', detail: 'Taken.', field: 'username' }), translate)).toBe(
      'Conflict: Taken. (im Feld username)',
    );
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
    expect(applyListParams(records, { filter: { q: 'a x' } }, ['name', 'tags']).data.map((r) => r.id)).toEqual(['b', 'c']);
    expect(applyListParams(records, { filter: { tags: 'y' } }, ['name']).data.map((r) => r.id)).toEqual(['c']);
  });

  it('sorts case-insensitively with empty values last, and pages', () => {
    expect(applyListParams(records, { sort: { field: 'name', order: 'ASC' } }, []).data.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(applyListParams(records, { sort: { field: 'tags', order: 'ASC' } }, []).data.map((r) => r.id).at(-1)).toBe('a');
    expect(applyListParams(records, { pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' } }, [])).toEqual({
      data: [records[2]],
      total: 3,
    });
  });
});

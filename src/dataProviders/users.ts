import type { Static } from '@sinclair/typebox';
import type { CreateParams, GetListParams, GetManyParams, Identifier, RaRecord } from 'react-admin';
import type {
  Banned,
  DomainUser as DomainUserSchema,
  PanelUser as PanelUserSchema,
  ProviderLinkResponse,
  Revoked,
  SignInMethod,
  Session as SessionSchema,
  Unbanned,
} from '../../contracts/auth';
import type { SecondFactorState, UserSecondFactorsResponse } from '../../contracts/second-factors';
import type { HttpClient } from './httpClient';
import { applyListParams } from './kit/localList';
import { pagedListResource } from './kit/pagedList';
import { resourceProvider, type UpdateParamsOf } from './kit/resourceProvider';

export const USERS_RESOURCE = 'users';

/** The largest page the users list serves; a longer list (the audit filter's actor choices) reads the whole array. */
const MAX_PAGE_SIZE = 100;
/** The most uids one `uids` filter takes (contracts/auth.ts MAX_UIDS_FILTER). */
const UIDS_PER_CALL = 20;

const chunksOf = <T>(values: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, (index + 1) * size));

/** Wire types of the auth service's user administration. */
type DomainUser = Static<typeof DomainUserSchema>;
type PanelUser = Static<typeof PanelUserSchema>;

/** One active session of a user (a refresh-token family); times in epoch seconds. */
export type UserSession = Static<typeof SessionSchema>;

/** A user's second factors as the administration sees them (required, grace, factors, recovery codes left). */
export type UserSecondFactors = UserSecondFactorsResponse;

/** The panel's user record. `username` is null for a user without password authentication. */
export interface UserRecord extends RaRecord<string> {
  id: string;
  publicName: string;
  roles: string[];
  username: string | null;
  banned: boolean;
  /** Sign-in is currently throttled under the username (Unlock clears it). */
  locked: boolean;
  /** Epoch seconds; null when the user never signed in. */
  lastSignIn: number | null;
  /** on, required-missing (the roles require one and none is enrolled) or off; off from a service without second factors. */
  secondFactor: SecondFactorState;
  /** How the user signs in: with a password, or at the OpenID Connect provider (linked to it). */
  signIn: SignInMethod;
  /** The link to the provider: issuer, subject, linked and last signed in there (epoch seconds), whether it sets the roles. */
  providerLink: ProviderLinkResponse | null;
}

/** Form values of the create and edit screens (password and confirmation never become part of a record). */
export interface UserFormValues {
  publicName?: string;
  username?: string | null;
  roles?: string[];
  password?: string | null;
  confirmation?: string | null;
}

export interface UidsParams {
  ids: Identifier[];
}

export function toUserRecord(user: PanelUser): UserRecord {
  const password = user.authentication_methods?.find((method) => method.type === 'password');
  return {
    id: user.domain_user.uid,
    publicName: user.domain_user.public_name,
    roles: [...(user.domain_user.roles ?? [])],
    username: password?.username ?? null,
    banned: !!user.domain_user.banned,
    locked: !!user.domain_user.locked,
    lastSignIn: user.domain_user.last_sign_in ?? null,
    secondFactor: user.domain_user.second_factor ?? 'off',
    signIn: user.sign_in ?? 'password',
    providerLink: user.provider_link ?? null,
  };
}

/** Trimmed, non-empty, without duplicates, in input order. */
export function normalizeRoles(roles: readonly unknown[] | null | undefined): string[] {
  const seen = new Set<string>();
  for (const role of roles ?? []) {
    if (typeof role !== 'string') continue;
    const trimmed = role.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The auth service's user administration: a server-paged list, create, update, and revoke, ban and unban of a selection. */
export function createUsersProvider(authUrl: string, httpClient: HttpClient) {
  const base = `${authUrl}/administration`;
  const userUrl = (id: Identifier) => `${base}/users/${encodeURIComponent(String(id))}/`;
  // server-side paging, sorting, search and filters; the record fields sort by the service's keys
  const paged = pagedListResource<PanelUser, UserRecord>(httpClient, {
    url: `${base}/users/`,
    filters: { role: true, banned: true, locked: true, sign_in: true, uids: true },
    sortFields: { publicName: 'public_name', username: 'username', lastSignIn: 'last_sign_in', id: 'uid' },
    defaultSort: { field: 'publicName', order: 'ASC' },
    getId: (item) => item.domain_user.uid,
    toRecord: toUserRecord,
    itemUrl: userUrl,
  });
  const searchFields = ['publicName', 'username', 'roles', 'id'];
  const fetchAll = async () => {
    const users: unknown = (await httpClient(`${base}/users/`)).json;
    return (Array.isArray(users) ? (users as PanelUser[]) : []).map(toUserRecord);
  };
  const getList = async (resource: string, params: GetListParams) => {
    if ((params.pagination?.perPage ?? 0) > MAX_PAGE_SIZE)
      return applyListParams(await fetchAll(), params, searchFields);
    return paged.getList(resource, params);
  };
  const getMany = async (resource: string, { ids, signal }: GetManyParams) => {
    const uids = [...new Set(ids.map(String))];
    const pages = await Promise.all(
      chunksOf(uids, UIDS_PER_CALL).map((chunk) =>
        paged.getList(resource, {
          pagination: { page: 1, perPage: chunk.length },
          sort: { field: 'id', order: 'ASC' },
          filter: { uids: chunk },
          signal,
        }),
      ),
    );
    return { data: pages.flatMap((page) => page.data) };
  };
  const list = { getList, getOne: paged.getOne, getMany };

  const postUids = async <T>(path: string, { ids }: UidsParams): Promise<{ data: T }> => {
    const answer = await httpClient(`${base}/${path}/`, {
      method: 'POST',
      body: JSON.stringify({ uids: ids.map(String) }),
    });
    return { data: answer.json as T };
  };

  /**
   * PUT .../domain-user/ when the public name or the roles changed, and PUT .../password-authentication/ when
   * the username changed or a new password was given (an empty password keeps the current one).
   */
  const update = async (_resource: string, params: UpdateParamsOf<UserFormValues, UserRecord>) => {
    const id = String(params.id);
    const previous = params.previousData ?? {};
    const data = params.data;
    let record: UserRecord = {
      id,
      publicName: previous.publicName ?? '',
      roles: previous.roles ?? [],
      username: previous.username ?? null,
      banned: previous.banned ?? false,
      locked: previous.locked ?? false,
      lastSignIn: previous.lastSignIn ?? null,
      secondFactor: previous.secondFactor ?? 'off',
      signIn: previous.signIn ?? 'password',
      providerLink: previous.providerLink ?? null,
    };

    const publicName = (data.publicName ?? previous.publicName ?? '').trim();
    const roles = normalizeRoles(data.roles ?? previous.roles);
    if (
      params.previousData === undefined ||
      publicName !== previous.publicName ||
      !sameList(roles, previous.roles ?? [])
    ) {
      const answer = await httpClient(`${userUrl(id)}domain-user/`, {
        method: 'PUT',
        body: JSON.stringify({ uid: id, public_name: publicName, roles }),
      });
      const domainUser = answer.json as DomainUser;
      record = {
        ...record,
        publicName: domainUser.public_name,
        roles: domainUser.roles,
        banned: domainUser.banned,
        locked: domainUser.locked ?? record.locked,
        lastSignIn: domainUser.last_sign_in === undefined ? record.lastSignIn : domainUser.last_sign_in,
        secondFactor: domainUser.second_factor ?? record.secondFactor,
      };
    }

    const username = (data.username ?? previous.username ?? '').trim();
    const password = typeof data.password === 'string' && data.password !== '' ? data.password : undefined;
    if (username && (username !== previous.username || password !== undefined)) {
      const answer = await httpClient(`${userUrl(id)}password-authentication/`, {
        method: 'PUT',
        body: JSON.stringify(password === undefined ? { username } : { username, password }),
      });
      record = toUserRecord(answer.json as PanelUser);
    }
    return { data: record };
  };

  return resourceProvider({
    ...list,
    create: async (_resource: string, { data }: CreateParams<UserFormValues>) => {
      const answer = await httpClient(`${base}/users/`, {
        method: 'POST',
        body: JSON.stringify({
          username: data.username ?? '',
          password: data.password ?? '',
          public_name: data.publicName ?? '',
          roles: normalizeRoles(data.roles),
        }),
      });
      return { data: toUserRecord(answer.json as PanelUser) };
    },
    update,
    revokeTokens: (_resource: string, params: UidsParams) =>
      postUids<Static<typeof Revoked>>('revoke-refresh-tokens', params),
    banUsers: (_resource: string, params: UidsParams) => postUids<Static<typeof Banned>>('ban-users', params),
    unbanUsers: (_resource: string, params: UidsParams) => postUids<Static<typeof Unbanned>>('unban-users', params),
    unlockUsers: (_resource: string, params: UidsParams) => postUids<{ unlocked: string[] }>('unlock-users', params),
    /** dataProvider.getSessions('users', {id}): the user's active sessions, newest use first. */
    getSessions: async (_resource: string, { id }: { id: Identifier }) => {
      const sessions: unknown = (await httpClient(`${userUrl(id)}sessions/`)).json;
      return { data: (Array.isArray(sessions) ? sessions : []) as UserSession[] };
    },
    /** dataProvider.revokeSession('users', {id, family}): ends one session of the user. */
    revokeSession: async (_resource: string, { id, family }: { id: Identifier; family: string }) => {
      await httpClient(`${userUrl(id)}sessions/${encodeURIComponent(family)}/`, { method: 'DELETE' });
      return { data: { family } };
    },
    /** dataProvider.getSecondFactors('users', {id}): whether the user's roles require a second factor, and their factors. */
    getSecondFactors: async (_resource: string, { id }: { id: Identifier }) => {
      return { data: (await httpClient(`${userUrl(id)}second-factors/`)).json as UserSecondFactors };
    },
    /** dataProvider.unlinkProvider('users', {id}): the user no longer signs in at the provider; answers the user. */
    unlinkProvider: async (_resource: string, { id }: { id: Identifier }) => {
      const answer = await httpClient(`${userUrl(id)}oidc-link/`, { method: 'DELETE' });
      return { data: toUserRecord(answer.json as PanelUser) };
    },
    /** dataProvider.resetSecondFactors('users', {id}): removes every factor and recovery code of the user. */
    resetSecondFactors: async (_resource: string, { id }: { id: Identifier }) => {
      await httpClient(`${userUrl(id)}second-factors/`, { method: 'DELETE' });
      return { data: { id } };
    },
  });
}

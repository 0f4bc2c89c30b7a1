import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyResult,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import type { HttpClient } from './httpClient';
import { applyListParams } from './localList';

/** Wire types of the auth service's user administration. */
export interface DomainUser {
  uid: string;
  public_name: string;
  roles: string[];
  banned: boolean;
}

export interface PanelUser {
  domain_user: DomainUser;
  authentication_methods: { type: string; username: string }[];
}

/** The panel's user record. `username` is null for a user without password authentication. */
export interface UserRecord extends RaRecord<string> {
  id: string;
  publicName: string;
  roles: string[];
  username: string | null;
  banned: boolean;
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

/** The users provider's own methods, called through the composite provider as dataProvider.banUsers('users', {ids}). */
export interface UsersMethods {
  revokeTokens(resource: string, params: UidsParams): Promise<{ data: { revoked: number } }>;
  banUsers(resource: string, params: UidsParams): Promise<{ data: { banned: string[] } }>;
  unbanUsers(resource: string, params: UidsParams): Promise<{ data: { unbanned: string[] } }>;
}

export type UsersDataProvider = DataProvider & UsersMethods;

export function toUserRecord(user: PanelUser): UserRecord {
  const password = user.authentication_methods?.find((method) => method.type === 'password');
  return {
    id: user.domain_user.uid,
    publicName: user.domain_user.public_name,
    roles: [...(user.domain_user.roles ?? [])],
    username: password?.username ?? null,
    banned: !!user.domain_user.banned,
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

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);

const notSupported = (what: string) => Promise.reject(new Error(`${what} is not supported for users`));

/** Searches the local list in these fields (q filter). */
const SEARCH_FIELDS = ['publicName', 'username', 'roles', 'id'] as const;

export function createUsersDataProvider(authUrl: string, httpClient: HttpClient): UsersDataProvider {
  const base = `${authUrl}/administration`;
  const userUrl = (id: Identifier) => `${base}/users/${encodeURIComponent(String(id))}/`;
  let loading: Promise<UserRecord[]> | null = null;

  /** The service returns all users at once; concurrent callers share one request. */
  const fetchAll = (): Promise<UserRecord[]> => {
    if (!loading) {
      loading = httpClient(`${base}/users/`)
        .then(({ json }) => (Array.isArray(json) ? (json as PanelUser[]).map(toUserRecord) : []))
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  };

  const postUids = (path: string, ids: Identifier[]) =>
    httpClient(`${base}/${path}/`, { method: 'POST', body: JSON.stringify({ uids: ids.map(String) }) }).then(({ json }) => json);

  const provider: UsersDataProvider = {
    async getList(_resource: string, params: GetListParams): Promise<GetListResult<any>> {
      return applyListParams(await fetchAll(), params, SEARCH_FIELDS);
    },

    async getOne(_resource: string, params: GetOneParams): Promise<GetOneResult<any>> {
      const { json } = await httpClient(userUrl(params.id));
      return { data: toUserRecord(json as PanelUser) };
    },

    async getMany(_resource: string, params: GetManyParams): Promise<GetManyResult<any>> {
      const wanted = new Set(params.ids.map(String));
      return { data: (await fetchAll()).filter((user) => wanted.has(user.id)) };
    },

    async getManyReference(_resource: string, params: GetManyReferenceParams): Promise<GetListResult<any>> {
      const all = await fetchAll();
      const matching = all.filter((user) => String((user as Record<string, unknown>)[params.target]) === String(params.id));
      return applyListParams(matching, params, SEARCH_FIELDS);
    },

    async create(_resource: string, params: CreateParams<UserFormValues>): Promise<CreateResult<any>> {
      const data = params.data;
      const { json } = await httpClient(`${base}/users/`, {
        method: 'POST',
        body: JSON.stringify({
          username: data.username ?? '',
          password: data.password ?? '',
          public_name: data.publicName ?? '',
          roles: normalizeRoles(data.roles),
        }),
      });
      return { data: toUserRecord(json as PanelUser) };
    },

    /**
     * PUT .../domain-user/ when the public name or the roles changed, and PUT .../password-authentication/ when
     * the username changed or a new password was given (an empty password keeps the current one).
     */
    async update(_resource: string, params: UpdateParams): Promise<UpdateResult<any>> {
      const id = String(params.id);
      const previous = (params.previousData ?? {}) as Partial<UserRecord>;
      const data = params.data as UserFormValues;
      let record: UserRecord = {
        id,
        publicName: previous.publicName ?? '',
        roles: previous.roles ?? [],
        username: previous.username ?? null,
        banned: previous.banned ?? false,
      };

      const publicName = (data.publicName ?? previous.publicName ?? '').trim();
      const roles = normalizeRoles(data.roles ?? previous.roles);
      if (params.previousData === undefined || publicName !== previous.publicName || !sameList(roles, previous.roles ?? [])) {
        const { json } = await httpClient(`${userUrl(id)}domain-user/`, {
          method: 'PUT',
          body: JSON.stringify({ uid: id, public_name: publicName, roles }),
        });
        const domainUser = json as DomainUser;
        record = { ...record, publicName: domainUser.public_name, roles: domainUser.roles, banned: domainUser.banned };
      }

      const username = (data.username ?? previous.username ?? '').trim();
      const password = typeof data.password === 'string' && data.password !== '' ? data.password : undefined;
      if (username && (username !== previous.username || password !== undefined)) {
        const { json } = await httpClient(`${userUrl(id)}password-authentication/`, {
          method: 'PUT',
          body: JSON.stringify(password === undefined ? { username } : { username, password }),
        });
        record = toUserRecord(json as PanelUser);
      }
      return { data: record };
    },

    updateMany: () => notSupported('updateMany'),
    delete: (): Promise<DeleteResult<any>> => notSupported('delete'),
    deleteMany: (): Promise<DeleteManyResult<any>> => notSupported('deleteMany'),

    revokeTokens: (_resource, { ids }) => postUids('revoke-refresh-tokens', ids).then((json) => ({ data: json })),
    banUsers: (_resource, { ids }) => postUids('ban-users', ids).then((json) => ({ data: json })),
    unbanUsers: (_resource, { ids }) => postUids('unban-users', ids).then((json) => ({ data: json })),
  };
  return provider;
}

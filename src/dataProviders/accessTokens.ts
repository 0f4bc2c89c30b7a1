import type { CreateParams, DataProvider, GetListParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from './httpClient';
import { applyListParams } from './localList';

/** Wire type of an API access token (file and pricing services, same routes). Timestamps in epoch seconds. */
export interface ApiToken {
  uid: string;
  created: number;
  created_by: string | null;
  service: string;
  expires: number | null;
  revoked: number | null;
  revoked_by: string | null;
}

export interface ApiTokenRecord extends ApiToken, RaRecord<string> {
  id: string;
}

export interface NewApiToken {
  service: string;
  token: string;
  /** Epoch seconds or null (no expiry). */
  expires?: number | null;
}

/** Own method of the token providers: dataProvider.revokeToken('filebucket-tokens', {id}). */
export interface AccessTokenMethods {
  revokeToken(resource: string, params: { id: Identifier }): Promise<{ data: ApiTokenRecord }>;
}

export const toTokenRecord = (token: ApiToken): ApiTokenRecord => ({ ...token, id: token.uid });

const SEARCH_FIELDS = ['service', 'created_by', 'uid'] as const;

const notSupported = (what: string) => Promise.reject(new Error(`${what} is not supported for access tokens`));

/**
 * The access-token administration of one service (base = filesUrl or pricingUrl): a local list (the service returns all
 * tokens, newest first), create, delete and revoke.
 */
export function createAccessTokensDataProvider(base: () => string, httpClient: HttpClient): DataProvider & AccessTokenMethods {
  const root = () => `${base()}/administration/access-tokens/`;
  const tokenUrl = (id: Identifier) => `${root()}${encodeURIComponent(String(id))}/`;
  const fetchAll = async (signal?: AbortSignal) => {
    const { json } = await httpClient(root(), { signal });
    return Array.isArray(json) ? (json as ApiToken[]).map(toTokenRecord) : [];
  };
  return {
    getList: async (_resource, params: GetListParams) => applyListParams(await fetchAll(params.signal), params, SEARCH_FIELDS) as any,
    getOne: async (_resource, params: GetOneParams) => {
      const found = (await fetchAll(params.signal)).find((token) => token.id === String(params.id));
      if (!found) throw new Error('Access token not found');
      return { data: found as any };
    },
    getMany: async (_resource, params) => {
      const wanted = new Set(params.ids.map(String));
      return { data: (await fetchAll(params.signal)).filter((token) => wanted.has(token.id)) as any };
    },
    getManyReference: () => notSupported('getManyReference'),
    create: async (_resource, params: CreateParams<NewApiToken>) => {
      const { service, token, expires } = params.data as NewApiToken;
      const body: NewApiToken = { service, token };
      if (expires != null) body.expires = expires;
      const { json } = await httpClient(root(), { method: 'POST', body: JSON.stringify(body) });
      return { data: toTokenRecord(json as ApiToken) as any };
    },
    update: () => notSupported('update'),
    updateMany: () => notSupported('updateMany'),
    delete: async (_resource, params) => {
      await httpClient(tokenUrl(params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as any };
    },
    deleteMany: async (_resource, params) => {
      for (const id of params.ids) await httpClient(tokenUrl(id), { method: 'DELETE' });
      return { data: params.ids };
    },
    revokeToken: async (_resource, { id }) => {
      const { json } = await httpClient(`${tokenUrl(id)}revoke/`, { method: 'PUT' });
      return { data: toTokenRecord(json as ApiToken) };
    },
  };
}

import type { Static } from '@sinclair/typebox';
import type { CreateParams, DeleteManyParams, DeleteParams, Identifier, RaRecord } from 'react-admin';
import type { ApiToken as ApiTokenSchema, NewApiTokenBody } from '../../contracts/api-tokens';
import type { HttpClient } from './httpClient';
import { localListResource } from './kit/localList';
import { resourceProvider } from './kit/resourceProvider';

/** The API access tokens of the file service and of the pricing service (the same routes on both). */
export const API_TOKEN_RESOURCES = { files: 'fileApiTokens', pricing: 'pricingApiTokens' } as const;

/** Wire type of an API access token. Timestamps in epoch seconds. */
export type ApiToken = Static<typeof ApiTokenSchema>;
type NewApiToken = Static<typeof NewApiTokenBody>;

export interface ApiTokenRecord extends ApiToken, RaRecord<string> {
  id: string;
}

const toApiTokenRecord = (token: ApiToken): ApiTokenRecord => ({ ...token, id: token.uid });

/**
 * The API access token administration of one service (base = its URL): a local list (the service returns all tokens,
 * newest first), create, delete and revoke.
 */
export function createApiTokensProvider(base: string, httpClient: HttpClient) {
  const root = `${base}/administration/access-tokens/`;
  const tokenUrl = (id: Identifier) => `${root}${encodeURIComponent(String(id))}/`;
  return resourceProvider({
    ...localListResource(httpClient, {
      url: root,
      toRecord: toApiTokenRecord,
      searchFields: ['service', 'created_by', 'uid'],
    }),
    create: async (_resource: string, { data }: CreateParams<NewApiToken>) => {
      const { service, token, expires } = data;
      const body: Partial<NewApiToken> = { service, token, ...(expires != null && { expires }) };
      const created = (await httpClient(root, { method: 'POST', body: JSON.stringify(body) })).json as ApiToken;
      return { data: toApiTokenRecord(created) };
    },
    delete: async (_resource: string, { id, previousData }: DeleteParams<ApiTokenRecord>) => {
      await httpClient(tokenUrl(id), { method: 'DELETE' });
      return { data: previousData ?? { id } };
    },
    deleteMany: async (_resource: string, { ids }: DeleteManyParams<ApiTokenRecord>) => {
      for (const id of ids) await httpClient(tokenUrl(id), { method: 'DELETE' });
      return { data: ids };
    },
    /** dataProvider.revokeToken('fileApiTokens', {id}) */
    revokeToken: async (_resource: string, { id }: { id: Identifier }) => {
      const revoked = (await httpClient(`${tokenUrl(id)}revoke/`, { method: 'PUT' })).json as ApiToken;
      return { data: toApiTokenRecord(revoked) };
    },
  });
}

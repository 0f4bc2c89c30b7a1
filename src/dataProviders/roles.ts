import type { Identifier, RaRecord } from 'react-admin';
import type { RolePolicyResponse } from '../../contracts/auth';
import type { Permission } from '../../contracts/permissions';
import type { HttpClient } from './httpClient';
import { localListResource } from './kit/localList';
import { resourceProvider, type UpdateParamsOf } from './kit/resourceProvider';

export const ROLES_RESOURCE = 'roles';

/** Wire type of the auth service's role policy (GET /administration/roles/ items, PUT /administration/roles/{role}/). */
type RolePolicy = RolePolicyResponse;

/** The panel's role record: id = the role's name. */
export interface RoleRecord extends RaRecord<string> {
  id: string;
  role: string;
  permissions: Permission[];
  /** The role's users must sign in with a second factor (false from a service without second factors). */
  secondFactorRequired: boolean;
}

const toRoleRecord = ({ role, permissions, second_factor_required }: RolePolicy): RoleRecord => ({
  id: role,
  role,
  permissions: permissions as Permission[],
  secondFactorRequired: !!second_factor_required,
});

/** The role policy: a local list (every role with a policy or in use) and the update of one role's permissions and second-factor requirement. */
export function createRolesProvider(authUrl: string, httpClient: HttpClient) {
  const base = `${authUrl}/administration/roles/`;
  const roleUrl = (id: Identifier) => `${base}${encodeURIComponent(String(id))}/`;
  const list = localListResource<RolePolicy, RoleRecord>(httpClient, {
    url: base,
    toRecord: toRoleRecord,
    searchFields: ['role', 'permissions'],
  });

  return resourceProvider({
    ...list,
    update: async (
      _resource: string,
      params: UpdateParamsOf<Pick<RoleRecord, 'permissions' | 'secondFactorRequired'>, RoleRecord>,
    ) => {
      const role = String(params.id);
      const permissions = params.data.permissions ?? params.previousData?.permissions ?? [];
      const required = params.data.secondFactorRequired;
      // omitted, the service keeps the role's requirement
      const body =
        required === undefined ? { role, permissions } : { role, permissions, second_factor_required: required };
      const saved = (await httpClient(roleUrl(role), { method: 'PUT', body: JSON.stringify(body) })).json as RolePolicy;
      return { data: toRoleRecord(saved) };
    },
  });
}

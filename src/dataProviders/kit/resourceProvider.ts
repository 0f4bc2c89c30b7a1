import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';

/**
 * react-admin's methods as one resource implements them, typed by its own record type. (react-admin's DataProvider
 * lets the caller choose the record type of every call, which no concrete provider can satisfy without a cast.)
 */
interface ResourceMethods {
  getList?: (resource: string, params: GetListParams) => Promise<GetListResult<RaRecord>>;
  getOne?: (resource: string, params: GetOneParams) => Promise<GetOneResult<RaRecord>>;
  getMany?: (resource: string, params: GetManyParams) => Promise<GetManyResult<RaRecord>>;
  getManyReference?: (resource: string, params: GetManyReferenceParams) => Promise<GetManyReferenceResult<RaRecord>>;
  create?: (resource: string, params: CreateParams) => Promise<CreateResult<RaRecord>>;
  update?: (resource: string, params: UpdateParams) => Promise<UpdateResult<RaRecord>>;
  updateMany?: (resource: string, params: UpdateManyParams) => Promise<UpdateManyResult<RaRecord>>;
  delete?: (resource: string, params: DeleteParams) => Promise<DeleteResult<RaRecord>>;
  deleteMany?: (resource: string, params: DeleteManyParams) => Promise<DeleteManyResult<RaRecord>>;
}

/** react-admin's update params as a resource reads them: the screen's form values and the record they edit. */
export interface UpdateParamsOf<TValues, TRecord> {
  id: Identifier;
  data: Partial<TValues>;
  previousData?: Partial<TRecord>;
}

const REACT_ADMIN_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const satisfies readonly (keyof ResourceMethods)[];

type ReactAdminMethod = (typeof REACT_ADMIN_METHODS)[number];

/**
 * One resource's provider: the react-admin methods it supports plus its own methods (called through the composite
 * provider as `dataProvider.banUsers('users', {ids})`). Every react-admin method it leaves out rejects, naming itself
 * and the resource.
 */
export function resourceProvider<T extends ResourceMethods>(methods: T): DataProvider & Omit<T, ReactAdminMethod> {
  const complete = { ...methods } as Record<string, unknown>;
  for (const name of REACT_ADMIN_METHODS) {
    complete[name] ??= (resource: string) => Promise.reject(new Error(`${name} is not supported for ${resource}`));
  }
  return complete as DataProvider & Omit<T, ReactAdminMethod>;
}

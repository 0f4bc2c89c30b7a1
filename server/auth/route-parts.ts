import { NoQuery } from '../../contracts/common';
import type { UserChanges } from '../authentication';
import type { Db } from '../db';
import { BEARER } from '../shared/service';

/** What the auth service's route modules share: their OpenAPI head and the context of the administration routes. */

export const TAGS = ['auth'];

/** The OpenAPI part of a route for signed-in users. */
export const signedIn = (summary: string, description?: string) => ({
  tags: TAGS,
  summary,
  security: BEARER,
  querystring: NoQuery,
  ...(description ? { description } : {}),
});

/** What the administration of users and roles works with: who may do what is decided under the access policy. */
export interface AdministrationContext {
  db: Db;
  accessPolicy: 'roles' | 'open';
  changes: UserChanges;
}

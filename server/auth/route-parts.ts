import type { UserChanges } from '../authentication';
import type { Db } from '../db';
import { routeDocs } from '../shared/route-docs';
import type { LinkSettings } from './oidc/links';

/** What the auth service's route modules share: their OpenAPI head and the context of the administration routes. */

export const TAGS = ['auth'];

/** The OpenAPI head of a route for signed-in users. */
export const signedIn = routeDocs(TAGS);

/** What the administration of users and roles works with: who may do what is decided under the access policy. */
export interface AdministrationContext {
  db: Db;
  accessPolicy: 'roles' | 'open';
  changes: UserChanges;
  /** The configured OpenID Connect provider: whose links the users show, and whose roles it manages. */
  provider: LinkSettings | undefined;
}

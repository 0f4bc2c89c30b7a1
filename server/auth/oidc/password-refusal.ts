import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { oidcLinks } from '../../db/schema';
import { HttpProblem, problemType } from '../../shared/problem';

/**
 * A user linked to the configured provider signs in there, not with a password: the provider decides whether they still work here.
 * The first administrator (ADMIN_USERNAME) keeps the password as the way in when the provider is down. A link to an issuer that is
 * no longer configured binds nothing.
 */

export interface PasswordRefusalSettings {
  issuer: string;
  /** The provider's button: "Sign in with {name}". */
  name: string;
  firstAdministrator: string;
}

/** The name of the provider the user must sign in at instead, or undefined when the password is theirs to use. */
export async function providerToSignInAt(
  db: Db,
  settings: PasswordRefusalSettings | undefined,
  uid: string,
  username: string,
): Promise<string | undefined> {
  if (!settings || username.toLowerCase() === settings.firstAdministrator.toLowerCase()) return undefined;
  const [link] = await db
    .select({ uid: oidcLinks.uid })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.userUid, uid), eq(oidcLinks.issuer, settings.issuer)));
  return link && settings.name;
}

export const signInWithProvider = (name: string) =>
  new HttpProblem(401, 'Unauthorized', `This account signs in with ${name}: use "Sign in with ${name}".`, {
    type: problemType('sign-in-with-provider'),
    provider: name,
  });

/** The password sign-in's refusal at a re-authentication: the identity is confirmed at the provider instead. */
export const confirmWithProvider = (name: string) =>
  new HttpProblem(401, 'Unauthorized', `This account signs in with ${name}: confirm your identity there.`, {
    type: problemType('sign-in-with-provider'),
    provider: name,
  });

/** A password the user may set but not use: refused for a signed-in user, who is not unauthorized (403). */
export const passwordWithProvider = (name: string) =>
  new HttpProblem(403, 'Forbidden', `This account signs in with ${name}: it has no Caredesk password.`, {
    type: problemType('sign-in-with-provider'),
    provider: name,
  });
